/**
 * The trip planner's answers (GET /api/plan/trip) from the catalogue snapshot in memory:
 * the planner's index is built once per snapshot, and answers are kept, so that a trip asked
 * again is the same object (the HTTP layer keeps its bytes and ETag by it). Trips are endless
 * in number (any 15 of 250 countries, any length), so only the most recently asked ones are
 * kept, per snapshot: a new catalogue version brings a new snapshot and so a fresh, empty cache.
 */
import {
  countryNames,
  dialCountries,
  type Plan,
  type RoamingCountry,
  type TripAnswer,
  type TripQuery,
} from '@tern/contract';
import { fromCents, toCents } from './markup';
import { buildTripCatalogue, planTrip } from './trip-planner';
import type { TripCandidate, TripCatalogue, TripPlan } from './trip-types';

/**
 * Trips kept per snapshot at most, the least recently asked going first: a 15-country
 * answer is about 50 KB, so the cache stays within some 25 MB.
 */
export const MAX_KEPT_TRIPS = 500;

// Every real country code, sold or not, so a country we have no plan for is named as
// uncovered and only a code that is no country (XX) as unknown.
const realCountries = [
  ...dialCountries.map((country) => country.iso2),
  ...Object.keys(countryNames),
];

/** What the planner reads of the catalogue snapshot (./service.ts `CatalogSnapshot`). */
export interface TripSource {
  plansByCountryId: ReadonlyMap<number, readonly Plan[]>;
  plansByRegionId: ReadonlyMap<number, readonly Plan[]>;
  roamingByPlanId: ReadonlyMap<number, readonly RoamingCountry[]>;
}

interface SnapshotTrips {
  catalogue: TripCatalogue<Plan>;
  answers: Map<string, TripAnswer>;
}

export class TripAnswers {
  private readonly bySnapshot = new WeakMap<TripSource, SnapshotTrips>();

  /** The answer to `query` over `snapshot`, planned on first demand. */
  answer(snapshot: TripSource, query: TripQuery): TripAnswer {
    const trips = this.tripsOf(snapshot);
    const key = `${query.countries.join(',')}|${query.days}|${query.dataGb ?? ''}`;
    const known = trips.answers.get(key);
    if (known) {
      // Asked again: now the most recent.
      trips.answers.delete(key);
      trips.answers.set(key, known);
      return known;
    }
    const answer = toTripAnswer(query, planTrip(trips.catalogue, query));
    trips.answers.set(key, answer);
    if (trips.answers.size > MAX_KEPT_TRIPS) {
      const oldest = trips.answers.keys().next().value;
      if (oldest !== undefined) trips.answers.delete(oldest);
    }
    return answer;
  }

  private tripsOf(snapshot: TripSource): SnapshotTrips {
    let trips = this.bySnapshot.get(snapshot);
    if (!trips) {
      trips = { catalogue: tripCatalogueOf(snapshot), answers: new Map() };
      this.bySnapshot.set(snapshot, trips);
    }
    return trips;
  }
}

/** Every plan on sale, country and regional, with the countries it works in. */
export function tripCatalogueOf(snapshot: TripSource): TripCatalogue<Plan> {
  const candidates: TripCandidate<Plan>[] = [];
  for (const plans of [
    ...snapshot.plansByCountryId.values(),
    ...snapshot.plansByRegionId.values(),
  ]) {
    for (const plan of plans) {
      candidates.push({
        id: plan.pla_id,
        priceCents: toCents(plan.pla_price),
        dataMb: plan.pla_data_amount,
        unlimited: plan.pla_unlimited,
        durationDays: plan.pla_duration,
        coverage: (snapshot.roamingByPlanId.get(plan.pla_id) ?? []).map(
          (country) => country.plr_iso,
        ),
        plan,
      });
    }
  }
  return buildTripCatalogue(candidates, realCountries);
}

export function toTripAnswer(query: TripQuery, trip: TripPlan<Plan>): TripAnswer {
  return {
    countries: trip.countries,
    days: query.days,
    data_gb: query.dataGb ?? null,
    covered: trip.covered,
    unknown: trip.unknown,
    uncovered: trip.uncovered,
    options: trip.options.map((option) => ({
      plans: option.plans.map((entry) => ({
        plan: entry.candidate.plan,
        countries: entry.countries,
        shared: entry.shared,
      })),
      total_price: fromCents(option.priceCents),
      days: option.days,
      data_mb: option.dataMb,
      unlimited_countries: option.unlimitedCountries,
    })),
  };
}
