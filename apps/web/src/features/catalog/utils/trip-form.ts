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

/**
 * The stop-over the page's address names (`stopover=QA`, issue 31): a country the traveller
 * changes planes in on the way. Only the page reads it: a plan's clock can start there.
 */
export function stopoverFromSearch(search: URLSearchParams): string | undefined {
  const iso = search.get('stopover')?.trim().toUpperCase();
  return iso && /^[A-Z]{2}$/.test(iso) ? iso : undefined;
}

/** The page's address with the stop-over set, or gone when there is none. */
export function withStopover(search: URLSearchParams, iso: string | undefined): URLSearchParams {
  const next = new URLSearchParams(search);
  if (iso) next.set('stopover', iso);
  else next.delete('stopover');
  return next;
}

/**
 * Whether a suggested regional plan works in the stop-over country, which is not one of the
 * trip's own: connecting there on the way would start the plan's clock.
 */
export function startsAtStopover(
  plan: { plc_name: string },
  stopover: string | undefined,
  tripCountries: readonly string[],
  coverage: readonly { region: string; countries: readonly string[] }[] | undefined,
): boolean {
  if (!stopover || tripCountries.includes(stopover)) return false;
  const region = coverage?.find((entry) => entry.region === plan.plc_name);
  return region?.countries.includes(stopover) ?? false;
}
