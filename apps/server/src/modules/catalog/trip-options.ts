/**
 * The trip planner's options (./trip-planner.ts): a set of plans priced and measured (a
 * draft), ordered, the ones another makes pointless left out, and written out as answered.
 */
import { dataOf, type MaskGroup } from './trip-covers';
import type { PlannedOption, TripCandidate, TripSearchBounds } from './trip-types';

/** An option before it is written out: what ordering and dominance compare. */
export interface Draft<P> {
  key: string;
  picks: TripCandidate<P>[];
  masks: number[];
  priceCents: number;
  days: number;
  /** Fixed allowances added up. */
  dataMb: number;
  /** All data, unlimited counting as infinite. */
  totalData: number;
  /** The most data a plan of the option gives in each of the trip's countries. */
  perCountry: Float64Array;
  unlimitedCountries: number;
}

export function draftOf<P>(
  key: string,
  picks: TripCandidate<P>[],
  cover: readonly MaskGroup<P>[],
  countryCount: number,
): Draft<P> {
  const perCountry = new Float64Array(countryCount);
  let priceCents = 0;
  let days = Number.POSITIVE_INFINITY;
  let dataMb = 0;
  let totalData = 0;
  picks.forEach((pick, index) => {
    const data = dataOf(pick);
    const mask = cover[index]?.mask ?? 0;
    priceCents += pick.priceCents;
    days = Math.min(days, pick.durationDays);
    if (!pick.unlimited) dataMb += pick.dataMb;
    totalData += data;
    for (let bit = 0; bit < countryCount; bit += 1) {
      if (mask & (1 << bit) && data > (perCountry[bit] ?? 0)) perCountry[bit] = data;
    }
  });
  const unlimitedCountries = perCountry.filter((data) => data === Number.POSITIVE_INFINITY).length;
  const masks = cover.map((group) => group.mask);
  return { key, picks, masks, priceCents, days, dataMb, totalData, perCountry, unlimitedCountries };
}

export function optionOf<P>(draft: Draft<P>, covered: readonly string[]): PlannedOption<P> {
  const plans = draft.picks.map((candidate, index) => {
    const mask = draft.masks[index] ?? 0;
    const countries = covered.filter((_, bit) => mask & (1 << bit));
    return { candidate, countries, shared: countries.length > 1, first: Math.log2(mask & -mask) };
  });
  // Shared plans first, then in the trip's order.
  plans.sort((a, b) => b.countries.length - a.countries.length || a.first - b.first);
  return {
    plans: plans.map(({ candidate, countries, shared }) => ({ candidate, countries, shared })),
    priceCents: draft.priceCents,
    days: draft.days,
    dataMb: draft.dataMb,
    unlimitedCountries: covered.filter(
      (_, bit) => draft.perCountry[bit] === Number.POSITIVE_INFINITY,
    ),
  };
}

/** Cheapest first; at one price more data first (unlimited countries, then MB), then fewer plans. */
export function byPriceThenData(a: Draft<unknown>, b: Draft<unknown>): number {
  return (
    a.priceCents - b.priceCents ||
    b.unlimitedCountries - a.unlimitedCountries ||
    b.dataMb - a.dataMb ||
    a.picks.length - b.picks.length ||
    b.days - a.days ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  );
}

/** One eSIM for the whole trip, or a combination of several bought one after another. */
type OptionKind = 'one plan' | 'several plans';

const kindOf = (draft: Draft<unknown>): OptionKind =>
  draft.picks.length === 1 ? 'one plan' : 'several plans';

/**
 * Whether `earlier` (listed before, so no costlier) makes `draft` pointless: no more plans to
 * buy, no fewer days, no less data in total and no less data in any of the trip's countries.
 * The number of plans counts because each is its own order, its own eSIM to install and a
 * line to switch at a border: one Global plan is not beaten by three local plans that give
 * more data for less money.
 */
function dominates(earlier: Draft<unknown>, draft: Draft<unknown>): boolean {
  return (
    earlier.picks.length <= draft.picks.length &&
    earlier.days >= draft.days &&
    earlier.totalData >= draft.totalData &&
    earlier.perCountry.every((data, bit) => data >= (draft.perCountry[bit] ?? 0))
  );
}

/**
 * Leaves out the options another makes pointless and keeps at most `maxOptions`, but never
 * cuts the cheapest one-plan option nor the cheapest combination (when nothing beats it):
 * a traveller always sees both side by side, even when several cheaper combinations fill
 * the list. Either may come in past the cap; costlier options then make room for it.
 */
export function leaveOutDominated<P>(
  sorted: readonly Draft<P>[],
  bounds: TripSearchBounds,
): Draft<P>[] {
  const kept: Draft<P>[] = [];
  const cheapestOfKind = new Set<Draft<P>>();
  const settled = new Set<OptionKind>();
  for (const draft of sorted) {
    const kind = kindOf(draft);
    const cheapest = !settled.has(kind);
    settled.add(kind);
    if (kept.length >= bounds.maxOptions && !cheapest) {
      // Full: only the cheapest of a kind not yet met may still come in.
      if (settled.size === 2) break;
      continue;
    }
    if (kept.some((earlier) => dominates(earlier, draft))) continue;
    kept.push(draft);
    if (cheapest) cheapestOfKind.add(draft);
  }
  // Back within the cap: the costliest options that are not the cheapest of their kind go.
  for (let at = kept.length - 1; kept.length > bounds.maxOptions && at >= 0; at -= 1) {
    const draft = kept[at];
    if (draft && !cheapestOfKind.has(draft)) kept.splice(at, 1);
  }
  return kept;
}
