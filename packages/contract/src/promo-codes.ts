/**
 * Promo codes (issue 31): an operator creates one in the console, a buyer enters it at plan
 * confirmation. A code takes a percentage or a fixed amount off the plan's price, between two
 * moments, a bounded number of times in all and once per account, from a minimum price, for
 * some destinations or all. The server holds every rule; the refusals name which one failed.
 */
import { z } from 'zod';
import { apiPath } from './api-path';

/** The operators' routes. */
export const promoCodePaths = {
  promoCodes: apiPath('/api/ops/promo-codes'),
} as const;

/** The buyer's: what a code takes off a plan, asked before paying. */
export const promoQuotePaths = {
  quote: apiPath('/api/payment/promo-quote'),
} as const;

/** Why a code was not taken, said to the buyer as the create-session's 400 `message`. */
export const promoMessages = {
  unknown: 'This promo code does not exist. Check its spelling.',
  notStarted: 'This promo code cannot be used yet.',
  expired: 'This promo code has expired.',
  usedUp: 'This promo code has been used as many times as it allows.',
  alreadyUsed: 'You have already used this promo code.',
  notForDestination: 'This promo code is not for this plan’s destination.',
  belowMinimum: 'This promo code is only for plans from a higher price.',
  codeTaken: 'A promo code with this name exists already. Choose another name.',
} as const;

/** Codes are compared without case or surrounding spaces: `summer10` is `SUMMER10`. */
export function normalisePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/** What a buyer types: letters, digits, dash and underscore, 3 to 32 of them. */
export const promoCodeTextSchema = z
  .string()
  .trim()
  .min(3, 'must be 3 to 32 letters, digits, - or _')
  .max(32, 'must be 3 to 32 letters, digits, - or _')
  .regex(/^[A-Za-z0-9_-]+$/, 'must be 3 to 32 letters, digits, - or _')
  .transform(normalisePromoCode);

const dollars = z
  .number()
  .positive('must be more than 0')
  .max(10_000, 'must be at most 10000')
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'whole cents only');

/** `POST /api/ops/promo-codes`: one of percentOff or amountOff. */
export const opsPromoCodeRequestSchema = z
  .object({
    code: promoCodeTextSchema,
    percentOff: z.number().int('a whole percent').min(1).max(100).optional(),
    amountOff: dollars.optional(),
    startsAt: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' }),
    endsAt: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' }),
    maxUses: z.number().int('a whole number').min(1).max(1_000_000),
    /** The lowest plan price, in dollars, the code applies to; 0 for any. */
    minPrice: z.number().min(0).max(10_000).default(0),
    /** Country ISO codes or region names; empty for every destination. */
    destinations: z.array(z.string().trim().min(2).max(100)).max(300).default([]),
  })
  .refine((body) => (body.percentOff === undefined) !== (body.amountOff === undefined), {
    message: 'give either percentOff or amountOff, not both',
    path: ['percentOff'],
  })
  .refine((body) => Date.parse(body.endsAt) > Date.parse(body.startsAt), {
    message: 'must be after startsAt',
    path: ['endsAt'],
  });
export type OpsPromoCodeRequest = z.input<typeof opsPromoCodeRequestSchema>;

export const opsPromoCodeSchema = z.object({
  code: z.string(),
  percentOff: z.number().nullable(),
  amountOff: z.number().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  maxUses: z.number(),
  /** Orders holding the code now (a cancelled, unpaid order gives its use back). */
  uses: z.number(),
  minPrice: z.number(),
  destinations: z.array(z.string()),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type OpsPromoCode = z.infer<typeof opsPromoCodeSchema>;

/** `POST /api/payment/promo-quote`: the plan and the code typed. */
export const promoQuoteRequestSchema = z.strictObject({
  pur_pla_name: z.string().trim().min(1).max(200),
  pur_promo_code: z.string().trim().min(1).max(64),
});
export type PromoQuoteRequest = z.infer<typeof promoQuoteRequestSchema>;

/** What the code takes off the plan's price, in dollars; create-session decides again. */
export const promoQuoteSchema = z.object({
  code: z.string(),
  discount: z.number(),
});
export type PromoQuote = z.infer<typeof promoQuoteSchema>;
