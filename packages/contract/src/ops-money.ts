/**
 * The console's money and health sections in the operator API (issue 30): sales, refunds and
 * VAT of a period with its CSV exports for the accountant, and the shop's parts with the last
 * 24 hours of its order pipeline. Paths apart from ops.ts, schemas beside them.
 */
import { z } from 'zod';
import { apiPath } from './api-path';
import { opsReconciliationQuerySchema } from './ops';

/** A period's query, `?from=YYYY-MM-DD&to=YYYY-MM-DD`, either left out for its default. */
function withPeriod(path: string, period: OpsPeriodQuery = {}): string {
  const query = new URLSearchParams();
  if (period.from) query.set('from', period.from);
  if (period.to) query.set('to', period.to);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export const opsMoneyPaths = {
  money: apiPath(
    '/api/ops/money',
    (fill) => (period?: OpsPeriodQuery) => withPeriod(fill(), period),
  ),
  moneyCsv: apiPath(
    '/api/ops/money.csv',
    (fill) => (period?: OpsPeriodQuery) => withPeriod(fill(), period),
  ),
  auditCsv: apiPath(
    '/api/ops/audit.csv',
    (fill) => (period?: OpsPeriodQuery) => withPeriod(fill(), period),
  ),
  health: apiPath('/api/ops/health'),
} as const;

/** Without `to`: today; without `from`: the 30 days that end on `to`. */
export const DEFAULT_PERIOD_DAYS = 30;
/** A year, a leap year's included: the longest period one answer or export covers. */
export const MAX_PERIOD_DAYS = 366;
/** The pipeline's figures cover the hour in progress and the 23 before it. */
export const PIPELINE_HOURS = 24;

/** A calendar day, UTC, as the reconciliation takes it. */
const calendarDay = opsReconciliationQuerySchema.shape.date;

export const opsPeriodQuerySchema = z.object({
  from: calendarDay.optional(),
  to: calendarDay.optional(),
});
export type OpsPeriodQuery = z.infer<typeof opsPeriodQuerySchema>;

/** Refusals of a period, said in the request's language (the server's error texts). */
export const opsReportMessages = {
  periodReversed: 'The period must end on or after the day it starts.',
  periodTooLong: `Choose a period of at most ${MAX_PERIOD_DAYS} days.`,
} as const;

/**
 * Money of a day, a country or a period, in the shop's currency, each price split as its
 * invoice splits it (pricing.ts): a sale is an invoice booked, a refund a credit note issued
 * (the whole price comes back). VAT due is the sales' VAT less the refunds'.
 */
export const moneyFiguresSchema = z.object({
  salesCount: z.number().int(),
  salesGross: z.number(),
  salesNet: z.number(),
  salesVat: z.number(),
  salesStamps: z.number(),
  /**
   * Taken off the sales' catalogue prices before the card paid (issue 31): promo codes'
   * discounts, and store credit spent. Gross sales are what the cards paid.
   */
  salesDiscount: z.number(),
  salesCredit: z.number(),
  refundsCount: z.number().int(),
  refundsAmount: z.number(),
  refundsNet: z.number(),
  refundsVat: z.number(),
  refundsStamps: z.number(),
  vatDue: z.number(),
});
export type MoneyFigures = z.infer<typeof moneyFiguresSchema>;

/**
 * The country an invoice names: the plan's destination, an ISO code (or a region's name for a
 * regional plan) and its name as the ledger booked it (led_iso, led_country).
 */
const invoiceCountry = { iso: z.string(), country: z.string() };

export const opsMoneySchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  /** One line per day and country with a sale or a refund, by day then country. */
  rows: z.array(moneyFiguresSchema.extend({ day: z.string(), ...invoiceCountry })),
  /** Every day of the period, the quiet ones at zero, for a chart. */
  byDay: z.array(moneyFiguresSchema.extend({ day: z.string() })),
  /** The countries with a sale or a refund, the biggest gross first. */
  byCountry: z.array(moneyFiguresSchema.extend(invoiceCountry)),
  totals: moneyFiguresSchema,
  /** The prepaid balance at eSIM Go as last read (null before the first reading). */
  providerBalance: z
    .object({ balance: z.number(), currency: z.string(), checkedAt: z.string(), low: z.boolean() })
    .nullable(),
  /** ESIMGO_BALANCE_FLOOR, in the balance's currency; null when not set (no warnings). */
  providerBalanceFloor: z.number().nullable(),
});
export type OpsMoney = z.infer<typeof opsMoneySchema>;

/** The money CSV's columns, in order: what an accountant's spreadsheet shows as its first row. */
export const moneyCsvHeader = [
  'Day',
  'Country code',
  'Country',
  'Currency',
  'Sales',
  'Gross sales',
  'Net sales',
  'VAT on sales',
  'Stamps on sales',
  'Promo discounts',
  'Store credit spent',
  'Refunds',
  'Refunded',
  'Net refunded',
  'VAT refunded',
  'Stamps refunded',
  'VAT due',
] as const;

/** The audit CSV's columns, in order. */
export const auditCsvHeader = [
  'At (UTC)',
  'Operator',
  'Action',
  'Target',
  'Outcome',
  'From address',
] as const;

const partState = z.enum(['up', 'down']);

/**
 * An outside system as the console shows it: its last known state from the shop's own calls,
 * or `stand-in` when a built-in sandbox plays it (this process itself).
 */
const outsidePartSchema = z.object({
  state: z.enum(['up', 'down', 'unknown', 'stand-in']),
  checkedAt: z.string().nullable(),
});

/** One service's calls in an hour, every attempt (retries too) summed over every instance. */
export const outsideCallFiguresSchema = z.object({
  calls: z.number().int(),
  /** Attempts that did not end `ok`: a refusal (4xx), a 5xx, a timeout, no or a bad answer. */
  failed: z.number().int(),
  /** failed / calls, 0 without calls. */
  errorRate: z.number(),
});

export const pipelineHourSchema = z.object({
  /** The hour's start, UTC (ISO 8601). */
  hour: z.string(),
  /** Orders opened (a checkout begun) in the hour. */
  orders: z.number().int(),
  /** Orders whose payment was confirmed in the hour. */
  paid: z.number().int(),
  /** Orders whose eSIM (or top-up) was delivered in the hour. */
  delivered: z.number().int(),
  /** Seconds from payment to delivery of those; null without a delivery (a gap, not a 0). */
  fulfilmentP50Seconds: z.number().nullable(),
  fulfilmentP99Seconds: z.number().nullable(),
  esimGo: outsideCallFiguresSchema,
  gateway: outsideCallFiguresSchema,
  mail: outsideCallFiguresSchema,
});
export type PipelineHour = z.infer<typeof pipelineHourSchema>;

export const opsHealthSchema = z.object({
  at: z.string(),
  parts: z.object({
    database: partState,
    /** `in-memory` when REDIS_URL is not set: the rate limits live in each instance. */
    redis: z.enum(['up', 'down', 'in-memory']),
    esimGo: outsidePartSchema,
    gateway: outsidePartSchema,
    mail: outsidePartSchema,
    /** Whether this instance has a catalogue to serve. */
    catalogue: z.enum(['ready', 'loading']),
  }),
  /** The last 24 hours, oldest first, every hour present (zeros where nothing happened). */
  hours: z.array(pipelineHourSchema),
});
export type OpsHealth = z.infer<typeof opsHealthSchema>;
