/**
 * Paying again with a saved card (issue 32): a one-tap top-up the buyer starts (a
 * cardholder-initiated payment with the card's gateway token, 3-D Secure when the gateway
 * asks), and a capped automatic top-up per eSIM that the shop starts when little data is left
 * (merchant-initiated payments under the agreement made when the buyer turned it on). Both go
 * the same authorise, fulfil, capture way as any order.
 */
import { z } from 'zod';
import { apiPath } from './api-path';
import { iccidSchema } from './plan-details';
import { textField } from './text';

export const cardTopupApiPaths = {
  /** `POST {planName, cardId}`: a one-tap top-up of one's own eSIM with a saved card. */
  topup: apiPath('/api/esim/:iccid/topup'),
  /** `PUT` turns the automatic top-up on (or changes it), `GET` reads it, `DELETE` stops it. */
  autoTopup: apiPath('/api/esim/:iccid/auto-topup'),
  /** `POST {token}`: the e-mail's stop link, without signing in (signed, single use). */
  stopAutoTopup: apiPath('/api/auto-topup/stop'),
  /**
   * The gateway's 3-D Secure step for a one-tap top-up: a page that opens the bank's check
   * (the gateway's redirect HTML), for the browser to navigate to.
   */
  authentication: apiPath('/api/payment/token-authentication/:ref'),
  /**
   * Where the gateway sends the payer back after the bank's check (its redirectResponseUrl):
   * outside /api like the hosted page's return, a form POST from the gateway's page.
   */
  authenticationReturn: apiPath('/payment/authenticated/:ref'),
} as const;

export const cardTopupMessages = {
  cardRequired: 'Choose one of your saved cards.',
  cardNotFound: 'No saved card with this id on your account.',
  planRequired: 'Choose the plan to buy.',
  percentRange: 'Choose when to top up: when 5% to 50% of the data is left.',
  maxPerMonthRange: 'Choose at most 1 to 10 automatic top-ups a month.',
  declined: 'Your card was declined, so nothing was paid. Try another card.',
  authenticationFailed:
    'Your bank could not confirm it is you, so nothing was paid. Try again or use another card.',
  agreementRefused:
    'The payment service did not accept automatic payments with this card, so automatic top-up is off. Try another card.',
  gatewayUnavailable:
    'The payment service is not answering right now, so nothing was paid. Please try again in a moment.',
  paymentUnconfirmed:
    'The payment service did not confirm your payment. If your card was charged, your top-up arrives by itself within a few minutes; you will not be charged twice for it.',
  autoTopupNotFound: 'Automatic top-up is not on for this eSIM.',
  esimNotEligible:
    'Automatic top-up is only for an installed eSIM that is still in use and was not refunded.',
  stopLinkInvalid: 'This stop link is not valid. Sign in to manage automatic top-up.',
  stopLinkUsed: 'This stop link has been used already. Automatic top-up is off.',
} as const;

const cardIdField = z.coerce
  .number({ error: cardTopupMessages.cardRequired })
  .int({ error: cardTopupMessages.cardRequired })
  .positive({ error: cardTopupMessages.cardRequired });

const planNameField = textField({ error: cardTopupMessages.planRequired })
  .trim()
  .min(1, { error: cardTopupMessages.planRequired })
  .max(200, { error: cardTopupMessages.planRequired });

export const esimParamsSchema = z.object({ iccid: iccidSchema });

export const cardTopupRequestSchema = z.strictObject({
  planName: planNameField,
  cardId: cardIdField,
});
export type CardTopupRequest = z.input<typeof cardTopupRequestSchema>;

/**
 * A one-tap top-up's answer: `paid` (the order is paid and being delivered; the confirmation
 * page follows it by its reference), or `authenticate` (the browser opens `authenticationUrl`
 * for the bank's 3-D Secure check, then comes back to the confirmation page).
 */
export const cardTopupResponseSchema = z.discriminatedUnion('next', [
  z.object({ next: z.literal('paid'), reference: z.string() }),
  z.object({
    next: z.literal('authenticate'),
    reference: z.string(),
    authenticationUrl: z.string(),
  }),
]);
export type CardTopupResponse = z.infer<typeof cardTopupResponseSchema>;

export const AUTO_TOPUP_DEFAULT_PERCENT_LEFT = 10;
export const AUTO_TOPUP_DEFAULT_MAX_PER_MONTH = 2;

export const autoTopupRequestSchema = z.strictObject({
  planName: planNameField,
  cardId: cardIdField,
  whenPercentLeft: z.coerce
    .number({ error: cardTopupMessages.percentRange })
    .int({ error: cardTopupMessages.percentRange })
    .min(5, { error: cardTopupMessages.percentRange })
    .max(50, { error: cardTopupMessages.percentRange }),
  maxPerMonth: z.coerce
    .number({ error: cardTopupMessages.maxPerMonthRange })
    .int({ error: cardTopupMessages.maxPerMonthRange })
    .min(1, { error: cardTopupMessages.maxPerMonthRange })
    .max(10, { error: cardTopupMessages.maxPerMonthRange }),
});
export type AutoTopupRequest = z.input<typeof autoTopupRequestSchema>;

export const autoTopupSchema = z.object({
  iccid: z.string(),
  planName: z.string(),
  cardId: z.number().int(),
  whenPercentLeft: z.number().int(),
  maxPerMonth: z.number().int(),
  /** Automatic purchases made this calendar month (UTC). */
  usedThisMonth: z.number().int(),
  /** When it was turned on, ISO 8601. */
  since: z.string(),
});
export type AutoTopup = z.infer<typeof autoTopupSchema>;

/** `GET`: the eSIM's automatic top-up, or `null` when it is off. */
export const autoTopupStateSchema = z.object({ autoTopup: autoTopupSchema.nullable() });
export type AutoTopupState = z.infer<typeof autoTopupStateSchema>;

export const autoTopupStoppedSchema = z.object({ stopped: z.literal(true) });

export const stopAutoTopupRequestSchema = z.strictObject({
  token: z.string().trim().min(1, { error: cardTopupMessages.stopLinkInvalid }).max(400),
});
