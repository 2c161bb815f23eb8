/**
 * The trip planner's optimiser (issue 17): for a few countries and a trip length, the
 * cheapest sets of catalogue plans that together cover every country for the whole trip.
 * Pure, over the in-memory catalogue, so it answers in well under a millisecond.
 *
 * It is a small set-cover search, kept bounded:
 * - only plans that last the whole trip (and give the data asked for) take part, each seen
 *   as the set of the trip's countries it works in (a bit mask);
 * - plans with the same mask compete only with each other, and one that is no cheaper for
 *   no more data and no more days than another is dropped there;
 * - the ways to cover the trip by masks (one plan for all, a region plus locals, a local
 *   each…) are searched cheapest first, with no plan left that another makes useless, and
 *   only the cheapest `maxCovers` of them are kept, and one plan for all whenever there is one;
 * - each way is then priced at every data level (the cheapest plan per mask with at least
 *   that much data), so an option with more data for a little more money is offered too;
 * - an option is left out when a no costlier one needs no more plans and gives no fewer days
 *   and no less data; of the rest the cheapest `maxOptions` are answered, always with the
 *   cheapest one-plan option and the cheapest combination among them.
 * A plan is never counted as covering fewer days than it lasts, or stacked with itself: the
 * validity starts when the phone first connects, so every plan must last the whole trip.
 */

/** A plan as the planner sees it; `plan` is whatever the caller wants back. */
export interface TripCandidate<P> {
  /** Unique per plan: ties and repeats are settled by it. */
  id: number;
  priceCents: number;
  /** Data in MB; not read when `unlimited`. */
  dataMb: number;
  unlimited: boolean;
  durationDays: number;
  /** ISO codes of the countries the plan works in. */
  coverage: readonly string[];
  plan: P;
}

export interface TripCatalogue<P> {
  /** Each country's plans (its own and any region's that work there). */
  plansByIso: ReadonlyMap<string, readonly TripCandidate<P>[]>;
  /** Every ISO code that names a real country, sold or not. */
  known: ReadonlySet<string>;
}

export interface TripRequest {
  /** ISO codes, upper case. */
  countries: readonly string[];
  days: number;
  /** The least data every plan must give, in GB (1 GB = 1000 MB); unlimited plans always do. */
  dataGb?: number | undefined;
}

export interface PlannedPlan<P> {
  candidate: TripCandidate<P>;
  /** The trip's countries the plan works in, in the trip's order. */
  countries: string[];
  /** One allowance for several of the trip's countries. */
  shared: boolean;
}

export interface PlannedOption<P> {
  plans: PlannedPlan<P>[];
  priceCents: number;
  /** The shortest validity among the plans. */
  days: number;
  /** The fixed allowances added up (unlimited plans not counted). */
  dataMb: number;
  /** The trip's countries where one of the plans has unlimited data. */
  unlimitedCountries: string[];
}

export interface TripPlan<P> {
  /** As asked, upper case, each once. */
  countries: string[];
  covered: string[];
  /** Codes that are no real country. */
  unknown: string[];
  /** Real countries no plan serves for that many days (and that much data). */
  uncovered: string[];
  /**
   * Cheapest first, then more data, then fewer plans; dominated options left out; the
   * cheapest one-plan option always in.
   */
  options: PlannedOption<P>[];
}

export interface TripSearchBounds {
  /** Options answered at most. */
  maxOptions: number;
  /** Ways of covering the trip (sets of masks) kept, the cheapest. */
  maxCovers: number;
  /** Steps of the cover search at most, whatever the catalogue looks like. */
  maxSteps: number;
}

export const tripSearchBounds: TripSearchBounds = {
  maxOptions: 8,
  maxCovers: 48,
  maxSteps: 20_000,
};

/** Indexes plans by the countries they work in, cheapest first. */
export function buildTripCatalogue<P>(
  plans: Iterable<TripCandidate<P>>,
  knownCountries: Iterable<string> = [],
): TripCatalogue<P> {
  const plansByIso = new Map<string, TripCandidate<P>[]>();
  const known = new Set(knownCountries);
  for (const plan of plans) {
    for (const iso of new Set(plan.coverage)) {
      known.add(iso);
      const list = plansByIso.get(iso);
      if (list) list.push(plan);
      else plansByIso.set(iso, [plan]);
    }
  }
  for (const list of plansByIso.values()) list.sort((a, b) => a.priceCents - b.priceCents);
  return { plansByIso, known };
}

export function planTrip<P>(
  catalogue: TripCatalogue<P>,
  request: TripRequest,
  bounds: TripSearchBounds = tripSearchBounds,
): TripPlan<P> {
  const countries = [...new Set(request.countries.map((iso) => iso.toUpperCase()))];
  const leastMb = request.dataGb === undefined ? 0 : Math.ceil(request.dataGb * 1000);
  const fits = (plan: TripCandidate<P>) =>
    plan.durationDays >= request.days && (plan.unlimited || plan.dataMb >= leastMb);

  const covered: string[] = [];
  const unknown: string[] = [];
  const uncovered: string[] = [];
  for (const iso of countries) {
    const plans = catalogue.plansByIso.get(iso);
    if (plans?.some(fits)) covered.push(iso);
    else if (plans || catalogue.known.has(iso)) uncovered.push(iso);
    else unknown.push(iso);
  }
  const options = covered.length === 0 ? [] : searchOptions(catalogue, covered, fits, bounds);
  return { countries, covered, unknown, uncovered, options };
}

/** Plans that cover the same of the trip's countries, best buys only, cheapest first. */
interface MaskGroup<P> {
  mask: number;
  offers: TripCandidate<P>[];
  cheapestCents: number;
}

/** Unlimited counts as more data than any allowance. */
function dataOf(plan: TripCandidate<unknown>): number {
  return plan.unlimited ? Number.POSITIVE_INFINITY : plan.dataMb;
}

function searchOptions<P>(
  catalogue: TripCatalogue<P>,
  covered: readonly string[],
  fits: (plan: TripCandidate<P>) => boolean,
  bounds: TripSearchBounds,
): PlannedOption<P>[] {
  const groups = maskGroups(catalogue, covered, fits);
  const covers = cheapestCovers(groups, covered.length, bounds);
  const levels = [...new Set(groups.flatMap((group) => group.offers.map(dataOf)))].sort(
    (a, b) => a - b,
  );

  const drafts = new Map<string, Draft<P>>();
  for (const cover of covers) {
    for (const level of levels) {
      const picks: TripCandidate<P>[] = [];
      for (const group of cover) {
        const pick = group.offers.find((offer) => dataOf(offer) >= level);
        if (pick) picks.push(pick);
      }
      // No plan of some mask has this much data: nor will it have more.
      if (picks.length < cover.length) break;
      const key = picks
        .map((pick) => pick.id)
        .sort((a, b) => a - b)
        .join(',');
      if (!drafts.has(key)) drafts.set(key, draftOf(key, picks, cover, covered.length));
    }
  }
  return leaveOutDominated([...drafts.values()].sort(byPriceThenData), bounds).map((draft) =>
    optionOf(draft, covered),
  );
}

/** An option before it is written out: what ordering and dominance compare. */
interface Draft<P> {
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

function draftOf<P>(
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

/** The trip's plans by the countries they cover, each mask's dominated plans left out. */
function maskGroups<P>(
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
function cheapestCovers<P>(
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

function optionOf<P>(draft: Draft<P>, covered: readonly string[]): PlannedOption<P> {
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
function byPriceThenData(a: Draft<unknown>, b: Draft<unknown>): number {
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
function leaveOutDominated<P>(sorted: readonly Draft<P>[], bounds: TripSearchBounds): Draft<P>[] {
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
