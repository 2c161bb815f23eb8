/**
 * The trip planner (issue 17): several countries and a trip length in, the cheapest ways to
 * cover them all out. `GET /api/plan/trip?countries=FR,IT,TR&days=10[&dataGb=N]` answers
 * options cheapest first, each a set of catalogue plans with the countries each is for, and
 * names the countries no plan can serve (unknown codes, or none long or big enough).
 */
import { z } from 'zod';
import { apiPath } from './api-path';
import { planSchema } from './catalog';
import { textField } from './text';

/** What a trip may ask: 1 to 15 countries, 1 to 365 days, optionally at least N GB per plan. */
export const tripLimits = {
  maxCountries: 15,
  minDays: 1,
  maxDays: 365,
  maxDataGb: 1000,
} as const;

/** The 400 answers' words, one per thing a trip query can get wrong. */
export const tripMessages = {
  noCountries: 'Name at least one country, like countries=FR,IT,TR',
  badCountryCode: 'Countries are two-letter ISO codes separated by commas, like FR,IT,TR',
  tooManyCountries: `A trip can have at most ${tripLimits.maxCountries} countries`,
  days: `Days must be a whole number from ${tripLimits.minDays} to ${tripLimits.maxDays}`,
  dataGb: `The amount of data must be a number of GB above 0 and at most ${tripLimits.maxDataGb}`,
} as const;

const ISO_CODE = /^[A-Z]{2}$/;

/**
 * `FR, it,TR` -> ['FR', 'IT', 'TR']: case and spaces forgiven, repeats kept once in the
 * order given; an empty list, a code that is not two letters or more than 15 countries
 * are refused with words that say which.
 */
export const tripCountriesSchema = textField({ error: tripMessages.noCountries })
  .transform((text) =>
    text
      .split(',')
      .map((code) => code.trim().toUpperCase())
      .filter((code) => code !== ''),
  )
  .superRefine((codes, ctx) => {
    if (codes.length === 0) ctx.addIssue({ code: 'custom', message: tripMessages.noCountries });
    else if (!codes.every((code) => ISO_CODE.test(code))) {
      ctx.addIssue({ code: 'custom', message: tripMessages.badCountryCode });
    } else if (new Set(codes).size > tripLimits.maxCountries) {
      ctx.addIssue({ code: 'custom', message: tripMessages.tooManyCountries });
    }
  })
  .transform((codes) => [...new Set(codes)]);

// Query values arrive as text; an empty one must not become 0 through Number('').
const numberText = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: message }),
  );

export const tripQuerySchema = z.object({
  countries: tripCountriesSchema,
  days: numberText(tripMessages.days).pipe(
    z
      .number()
      .int(tripMessages.days)
      .min(tripLimits.minDays, tripMessages.days)
      .max(tripLimits.maxDays, tripMessages.days),
  ),
  dataGb: numberText(tripMessages.dataGb)
    .pipe(z.number().positive(tripMessages.dataGb).max(tripLimits.maxDataGb, tripMessages.dataGb))
    .optional(),
});
export type TripQuery = z.output<typeof tripQuerySchema>;

/** One plan of an option and the trip's countries it is bought for. */
export const tripPlanSchema = z.object({
  plan: planSchema,
  /** The trip's countries this plan works in (ISO codes, in the trip's order). */
  countries: z.array(z.string().length(2)).min(1),
  /** True when one data allowance is shared by several of the trip's countries. */
  shared: z.boolean(),
});
export type TripPlan = z.infer<typeof tripPlanSchema>;

export const tripOptionSchema = z.object({
  /** The plans to buy, one order each; together they cover every covered country. */
  plans: z.array(tripPlanSchema).min(1),
  /** What the plans cost together, in USD, VAT and stamps included. */
  total_price: z.number(),
  /** The shortest validity among the plans: every plan lasts at least this long. */
  days: z.number().int(),
  /** The fixed data allowances of the plans added up, in MB (unlimited plans not counted). */
  data_mb: z.number().int(),
  /** The trip's countries where a plan of this option has unlimited data. */
  unlimited_countries: z.array(z.string().length(2)),
});
export type TripOption = z.infer<typeof tripOptionSchema>;

export const tripAnswerSchema = z.object({
  /** The countries asked for, upper case, each once, in the order given. */
  countries: z.array(z.string().length(2)),
  days: z.number().int(),
  /** The minimum data per plan asked for, in GB; null when none was. */
  data_gb: z.number().nullable(),
  /** The countries the options cover. */
  covered: z.array(z.string().length(2)),
  /** Codes that are no country the shop knows (like XX). */
  unknown: z.array(z.string().length(2)),
  /** Real countries no plan on sale serves for that many days (and that much data). */
  uncovered: z.array(z.string().length(2)),
  /** Cheapest first; options that cost more for no more data and no more days are left out. */
  options: z.array(tripOptionSchema),
});
export type TripAnswer = z.infer<typeof tripAnswerSchema>;

/** The query string of a trip, as the API and the `#/trip` page both write it. */
export function tripQueryParams(trip: {
  countries: readonly string[];
  days: number;
  dataGb?: number | undefined;
}): Record<string, string> {
  const query: Record<string, string> = {
    countries: trip.countries.join(','),
    days: String(trip.days),
  };
  if (trip.dataGb !== undefined) query.dataGb = String(trip.dataGb);
  return query;
}

export const tripApiPath = apiPath(
  '/api/plan/trip',
  (fill) => (trip: Parameters<typeof tripQueryParams>[0]) =>
    `${fill()}?${new URLSearchParams(tripQueryParams(trip)).toString()}`,
);
