/**
 * The trip planner's cover search (./trip-planner.ts): the trip's plans grouped by the set of
 * its countries they work in (a bit mask), and the cheapest ways to cover every country with
 * such sets.
 */
import type { TripCandidate, TripCatalogue, TripSearchBounds } from './trip-types';

/** Plans that cover the same of the trip's countries, best buys only, cheapest first. */
export interface MaskGroup<P> {
  mask: number;
  offers: TripCandidate<P>[];
  cheapestCents: number;
}

/** Unlimited counts as more data than any allowance. */
export function dataOf(plan: TripCandidate<unknown>): number {
  return plan.unlimited ? Number.POSITIVE_INFINITY : plan.dataMb;
}

/** The trip's plans by the countries they cover, each mask's dominated plans left out. */
export function maskGroups<P>(
  catalogue: TripCatalogue<P>,
  covered: readonly string[],
  fits: (plan: TripCandidate<P>) => boolean,
): MaskGroup<P>[] {
  const bitOf = new Map(covered.map((iso, index) => [iso, 1 << index]));
  const byMask = new Map<number, TripCandidate<P>[]>();
  const seen = new Set<number>();
  for (const iso of covered) {
    for (const plan of catalogue.plansByIso.get(iso) ?? []) {
      if (seen.has(plan.id) || !fits(plan)) continue;
      seen.add(plan.id);
      let mask = 0;
      for (const country of plan.coverage) mask |= bitOf.get(country) ?? 0;
      const list = byMask.get(mask);
      if (list) list.push(plan);
      else byMask.set(mask, [plan]);
    }
  }
  const groups: MaskGroup<P>[] = [];
  for (const [mask, plans] of byMask) {
    plans.sort(
      (a, b) =>
        a.priceCents - b.priceCents ||
        dataOf(b) - dataOf(a) ||
        b.durationDays - a.durationDays ||
        a.id - b.id,
    );
    // Sorted cheapest first, so a plan is dominated only by one kept before it.
    const offers: TripCandidate<P>[] = [];
    for (const plan of plans) {
      const beaten = offers.some(
        (kept) => dataOf(kept) >= dataOf(plan) && kept.durationDays >= plan.durationDays,
      );
      if (!beaten) offers.push(plan);
    }
    const [cheapest] = offers;
    if (cheapest) groups.push({ mask, offers, cheapestCents: cheapest.priceCents });
  }
  return groups;
}

/**
 * The cheapest ways to cover every country with masks, by each mask's cheapest plan; none
 * with a mask that the others make useless. Depth first from the country with the fewest
 * choices, cheapest choice first, giving up on a branch that already costs more than the
 * `maxCovers`-th cheapest way found. One plan for every stop is added when the search left
 * it out.
 */
export function cheapestCovers<P>(
  groups: readonly MaskGroup<P>[],
  countryCount: number,
  bounds: TripSearchBounds,
): MaskGroup<P>[][] {
  const full = 2 ** countryCount - 1;
  const choices = Array.from({ length: countryCount }, (_, index) =>
    groups
      .filter((group) => group.mask & (1 << index))
      .sort((a, b) => a.cheapestCents - b.cheapestCents || b.mask - a.mask),
  );
  const found: { groups: MaskGroup<P>[]; cents: number }[] = [];
  const keys = new Set<string>();
  const timesCovered = new Array<number>(countryCount).fill(0);
  const chosen: MaskGroup<P>[] = [];
  let steps = 0;

  const worstKept = () =>
    found.length < bounds.maxCovers
      ? Number.POSITIVE_INFINITY
      : (found[found.length - 1]?.cents ?? Number.POSITIVE_INFINITY);
  const mark = (mask: number, change: number) => {
    for (let index = 0; index < countryCount; index += 1) {
      if (mask & (1 << index)) timesCovered[index] = (timesCovered[index] ?? 0) + change;
    }
  };
  // Useless: every country it covers is covered by another chosen mask too.
  const useless = (group: MaskGroup<P>) => {
    for (let index = 0; index < countryCount; index += 1) {
      if (group.mask & (1 << index) && (timesCovered[index] ?? 0) < 2) return false;
    }
    return true;
  };
  const keep = (cents: number) => {
    const key = chosen
      .map((group) => group.mask)
      .sort((a, b) => a - b)
      .join(',');
    if (keys.has(key)) return;
    keys.add(key);
    let at = found.length;
    while (at > 0 && (found[at - 1]?.cents ?? 0) > cents) at -= 1;
    found.splice(at, 0, { groups: [...chosen], cents });
    if (found.length > bounds.maxCovers) found.pop();
  };

  const search = (coveredMask: number, cents: number) => {
    steps += 1;
    if (steps > bounds.maxSteps) return;
    if (coveredMask === full) {
      keep(cents);
      return;
    }
    let pivot = -1;
    for (let index = 0; index < countryCount; index += 1) {
      if (coveredMask & (1 << index)) continue;
      if (pivot === -1 || (choices[index]?.length ?? 0) < (choices[pivot]?.length ?? 0)) {
        pivot = index;
      }
    }
    for (const group of choices[pivot] ?? []) {
      if (cents + group.cheapestCents > worstKept()) break;
      mark(group.mask, 1);
      if (!chosen.some(useless)) {
        chosen.push(group);
        search(coveredMask | group.mask, cents + group.cheapestCents);
        chosen.pop();
      }
      mark(group.mask, -1);
    }
  };
  search(0, 0);
  const covers = found.map((cover) => cover.groups);
  // One plan for every stop is always offered: neither the cap on ways kept nor the one on
  // steps may cut it, however many cheaper combinations there are.
  const oneForAll = groups.find((group) => group.mask === full);
  if (oneForAll && !keys.has(String(full))) covers.push([oneForAll]);
  return covers;
}
