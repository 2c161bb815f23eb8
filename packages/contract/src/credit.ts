/**
 * Store credit that never expires (issue 31): the buyer's balance and its ledger of credits and
 * debits, an operator's grant from the console, and the price of an order once a discount and
 * credit are taken off it. Amounts are dollars like every other price of the contract; the
 * server keeps them in cents. The split of what the card pays follows pricing.ts: VAT and
 * stamps are computed on what is charged (decision 0045).
 */
import { z } from 'zod';
import { apiPath } from './api-path';
import { breakdownInCents, CURRENCY } from './pricing';
import { textField } from './text';

export const creditApiPaths = {
  /** The signed-in buyer's balance and entries. */
  credit: apiPath('/api/client/credit'),
} as const;

export const opsCreditPaths = {
  /** An operator gives an account credit, with a reason (audited). */
  grant: apiPath('/api/ops/customers/:id/credit'),
} as const;

/** The largest single grant an operator may make, in dollars: a typo is not a fortune. */
export const CREDIT_GRANT_MAX = 1000;

/**
 * Why an entry was written: an operator's grant, credit spent on an order, credit given back
 * when that order was not paid (cancelled, payment failed, refused), and the credit part of a
 * refund. The buyer's page words each kind in their language; a grant shows the operator's reason.
 */
export const creditEntryKinds = [
  'grant',
  'order-payment',
  'order-unpaid',
  'order-refund',
  'referral',
] as const;
export type CreditEntryKind = (typeof creditEntryKinds)[number];

export const creditMessages = {
  noCreditLeft:
    'Your store credit has already been used on another order. Nothing was charged; check the price and try again.',
  grantAmountInvalid: `The credit must be an amount between 0.01 and ${CREDIT_GRANT_MAX} USD, to the cent.`,
  grantReasonRequired: 'Say why the credit is given, in a few words (3 to 200 characters).',
} as const;

export const creditEntrySchema = z.object({
  /** When it was written, ISO 8601. */
  at: z.iso.datetime({ offset: true }),
  /** Dollars: positive for credit received, negative for credit spent. */
  amount: z.number(),
  /** The operator's reason for a grant; otherwise what happened, in English. */
  reason: z.string(),
  kind: z.enum(creditEntryKinds),
  /** The order it is about, when any (its gateway reference). */
  order: z.string().nullable(),
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

/** `GET /api/client/credit`: newest entry first; the balance is their sum and never expires. */
export const creditAccountSchema = z.object({
  balance: z.number(),
  currency: z.string(),
  entries: z.array(creditEntrySchema),
});
export type CreditAccount = z.infer<typeof creditAccountSchema>;

/** `POST /api/ops/customers/{id}/credit`. */
export const creditGrantRequestSchema = z.strictObject({
  amount: z
    .number({ error: creditMessages.grantAmountInvalid })
    .min(0.01, { error: creditMessages.grantAmountInvalid })
    .max(CREDIT_GRANT_MAX, { error: creditMessages.grantAmountInvalid })
    .refine((amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, {
      error: creditMessages.grantAmountInvalid,
    }),
  reason: textField({ error: creditMessages.grantReasonRequired })
    .trim()
    .min(3, { error: creditMessages.grantReasonRequired })
    .max(200, { error: creditMessages.grantReasonRequired }),
});
export type CreditGrantRequest = z.input<typeof creditGrantRequestSchema>;

export const creditGrantResultSchema = z.object({
  id: z.number(),
  balance: z.number(),
  currency: z.string(),
});
export type CreditGrantResult = z.infer<typeof creditGrantResultSchema>;

// ---- An order's price -----------------------------------------------------------------------

/**
 * An order's price as the buyer pays it: the catalogue price, less a discount (promo codes,
 * later), less store credit; the card pays `total`, whose VAT and stamps are the parts shown.
 */
export const orderPricingSchema = z.object({
  price: z.number(),
  discount: z.number(),
  credit: z.number(),
  vat: z.number(),
  stamps: z.number(),
  total: z.number(),
});
export type OrderPricing = z.infer<typeof orderPricingSchema>;

/** The same in cents, plus the subtotal before VAT of what is charged. */
export interface OrderPricingCents {
  price: number;
  discount: number;
  credit: number;
  subtotal: number;
  vat: number;
  stamps: number;
  total: number;
}

/** The stamps fee in cents: the least a card ever pays (decision 0045). */
export const MIN_CARD_TOTAL_CENTS = 22;

export interface PricingInput {
  /** The catalogue price, VAT and stamps included. */
  priceCents: number;
  /** Taken off first (a promo code); 0 without one. */
  discountCents?: number;
  /** The buyer's credit that may be used; 0 when they do not use it. */
  creditAvailableCents?: number;
}

/**
 * Prices an order: price, then the discount, then as much credit as is available, capped so
 * the card always pays at least the stamps fee (so every order is a card payment, with one
 * fulfilment path, and its invoice a VAT split pricing.ts can make). VAT and stamps are the
 * split of what the card pays.
 */
export function priceOrderInCents({
  priceCents,
  discountCents = 0,
  creditAvailableCents = 0,
}: PricingInput): OrderPricingCents {
  if (!Number.isInteger(priceCents) || priceCents < MIN_CARD_TOTAL_CENTS) {
    throw new RangeError('A price must be at least the stamps fee');
  }
  const discount = clampCents(discountCents, priceCents - MIN_CARD_TOTAL_CENTS);
  const afterDiscount = priceCents - discount;
  const credit = clampCents(creditAvailableCents, afterDiscount - MIN_CARD_TOTAL_CENTS);
  const charged = breakdownInCents(afterDiscount - credit);
  return {
    price: priceCents,
    discount,
    credit,
    subtotal: charged.subtotal,
    vat: charged.vat,
    stamps: charged.stamps,
    total: charged.total,
  };
}

const clampCents = (cents: number, most: number): number =>
  Math.max(0, Math.min(Math.floor(Number.isFinite(cents) ? cents : 0), most));

/** The contract's answer (dollars) of a price in cents. */
export function orderPricingInDollars(cents: OrderPricingCents): OrderPricing {
  return {
    price: cents.price / 100,
    discount: cents.discount / 100,
    credit: cents.credit / 100,
    vat: cents.vat / 100,
    stamps: cents.stamps / 100,
    total: cents.total / 100,
  };
}

/** Credit in dollars, as the shop shows it. */
export const CREDIT_CURRENCY = CURRENCY;
