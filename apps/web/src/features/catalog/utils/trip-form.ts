/**
 * The trip planner page's form: what its address says (the trip, so a plan can be shared,
 * reloaded and come back to between purchases), a trip's length from two dates, and the
 * checks before asking the server, in the contract's limits.
 */
import { type TripQuery, tripLimits, tripQueryParams, tripQuerySchema } from '@tern/contract/trip';

/** The trip the page's address names, or undefined when it names none (or a bad one). */
export function tripFromSearch(search: URLSearchParams): TripQuery | undefined {
  const parsed = tripQuerySchema.safeParse({
    countries: search.get('countries') ?? undefined,
    days: search.get('days') ?? undefined,
    dataGb: search.get('dataGb') ?? undefined,
  });
  return parsed.success ? parsed.data : undefined;
}

/** The page's address for a trip: the same query the API takes. */
export function searchOfTrip(trip: TripQuery): URLSearchParams {
  return new URLSearchParams(tripQueryParams(trip));
}

const DAY_MS = 86_400_000;

/**
 * Days from the first to the last day, both counted (1 to 10 June is 10 days); undefined
 * when a date is missing or the last comes first. Dates are the date inputs' YYYY-MM-DD.
 */
export function daysBetween(first: string, last: string): number | undefined {
  const start = Date.parse(`${first}T00:00:00Z`);
  const end = Date.parse(`${last}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return undefined;
  return Math.round((end - start) / DAY_MS) + 1;
}

/** A number of days the planner takes: a whole number from 1 to 365. */
export function validDays(days: number | undefined): days is number {
  return (
    days !== undefined &&
    Number.isInteger(days) &&
    days >= tripLimits.minDays &&
    days <= tripLimits.maxDays
  );
}

/** The data amounts offered, in GB; none means any amount. */
export const dataChoices = [1, 3, 5, 10, 20, 50] as const;

/** The countries with one more (kept once, in the order added, at most 15). */
export function withCountry(countries: readonly string[], iso: string): string[] {
  if (countries.includes(iso) || countries.length >= tripLimits.maxCountries) return [...countries];
  return [...countries, iso];
}
