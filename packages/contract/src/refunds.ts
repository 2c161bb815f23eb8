/**
 * The self-service refund of an eSIM never installed (issue 16): its path, its answer, the
 * messages it refuses with, and the 14 days the terms promise, shared by the server (which
 * decides) and the web (which offers the button only while a refund may still be possible).
 */
import { z } from 'zod';
import { apiPath } from './api-path';

/**
 * The terms (help/content/terms.ts, "Refunds"): "You can ask for a full refund within 14 days of
 * purchase if the eSIM has not been installed or activated."
 */
export const REFUND_WINDOW_DAYS = 14;
const DAY_MS = 86_400_000;

export const refundApiPaths = {
  esimRefund: apiPath('/api/esim/:iccid/refund'),
} as const;

/** 200: every purchase on the eSIM was given back (also the answer to a repeated request). */
export const esimRefundResponseSchema = z.object({ status: z.literal('refunded') });
export type EsimRefundResponse = z.infer<typeof esimRefundResponseSchema>;

/**
 * Why an eSIM cannot be refunded by its buyer now, so the profile can say it before the button
 * instead of after it: installed on a phone, bought more than 14 days ago, already given back,
 * or a purchase on it still being completed.
 */
export const refundRefusalReasons = [
  'installed',
  'window-passed',
  'already-refunded',
  'purchase-in-progress',
] as const;
export type RefundRefusalReason = (typeof refundRefusalReasons)[number];

/**
 * `GET /api/esim/{iccid}/refund`: whether the buyer may have the eSIM refunded now (asked of the
 * provider at that moment, like the refund itself), else why not, and until when the 14 days run.
 */
export const esimRefundEligibilitySchema = z.object({
  refundable: z.boolean(),
  /** Null when refundable. */
  reason: z.enum(refundRefusalReasons).nullable(),
  /** The end of the 14 days, counted from the eSIM's own purchase, ISO 8601. */
  refundableUntil: z.iso.datetime({ offset: true }),
});
export type EsimRefundEligibility = z.infer<typeof esimRefundEligibilitySchema>;

/** What the refund answers when it cannot be done now or at all. */
export const refundMessages = {
  installed:
    'This eSIM has been installed on a phone, so it can no longer be refunded here. If it does not work, please contact our support team.',
  windowPassed: `Refunds are possible within ${REFUND_WINDOW_DAYS} days of purchase, and this eSIM was bought more than ${REFUND_WINDOW_DAYS} days ago.`,
  purchaseInProgress:
    'A purchase on this eSIM is still being completed. Please try again in a few minutes.',
  providerUnavailable:
    'We could not cancel the eSIM with our provider right now, so nothing has been refunded yet. Please try again in a moment.',
  gatewayUnavailable:
    'Your eSIM is cancelled, but the payment service did not answer, so your money is not back yet. Please try again in a moment: we carry on where we stopped.',
} as const;

/** The end of the refund window of a purchase made at `purchasedAt`. */
export function refundWindowEnd(purchasedAt: Date): Date {
  return new Date(purchasedAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS);
}

/** Whether a purchase made at `purchasedAt` is still within the refund window at `now`. */
export function withinRefundWindow(purchasedAt: Date, now: Date): boolean {
  return now.getTime() < refundWindowEnd(purchasedAt).getTime();
}
