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
import { cheapestCovers, dataOf, maskGroups } from './trip-covers';
import { byPriceThenData, type Draft, draftOf, leaveOutDominated, optionOf } from './trip-options';
import {
  type PlannedOption,
  type TripCandidate,
  type TripCatalogue,
  type TripPlan,
  type TripRequest,
  type TripSearchBounds,
  tripSearchBounds,
} from './trip-types';

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
