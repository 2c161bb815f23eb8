/** What the trip planner (./trip-planner.ts) reads and answers, and how far it searches. */

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
