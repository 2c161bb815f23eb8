/**
 * What an eSIM card offers, decided before anything is pressed: its actions with the most
 * useful one first (install an eSIM not on a phone yet, else see its usage; Topup after), and
 * whether a refund can be had, or why not, so the button is shown only when it would work.
 */

import type { MyEsim } from '@tern/contract/profile';
import {
  type EsimRefundEligibility,
  type RefundRefusalReason,
  withinRefundWindow,
} from '@tern/contract/refunds';
import type { MessageId } from '../../../locales/en';
import { englishWords, type ProfileWords } from './profile-format';

export type CardAction = 'qr' | 'usage' | 'topup' | 'details' | 'doctor';

/**
 * The card's actions in order, the first shown as the main one. `installed` is undefined
 * while the provider has not said (or could not): then the order of an eSIM in use.
 */
export function cardActions(installed: boolean | undefined): readonly CardAction[] {
  return installed === false
    ? ['qr', 'topup', 'usage', 'details', 'doctor']
    : ['usage', 'topup', 'doctor', 'details', 'qr'];
}

/** Refund: offered (until the 14 days end), refused with a reason, or not known yet. */
export type RefundOffer =
  | { offered: true; until: Date }
  | { offered: false; reason: RefundRefusalReason | undefined };

type RefundFacts = Pick<MyEsim, 'purchasedAt' | 'refundedAt' | 'giftFrom'>;

/** Whether the server must be asked: only it knows the install state and the orders. */
export function needsRefundCheck(esim: RefundFacts, now: Date): boolean {
  // A gift's refund is its buyer's (issue 31): the recipient is not offered one.
  if (esim.giftFrom) return false;
  return !esim.refundedAt && withinRefundWindow(new Date(esim.purchasedAt), now);
}

export function refundOffer(
  esim: RefundFacts,
  eligibility: EsimRefundEligibility | undefined,
  now: Date,
): RefundOffer {
  if (esim.refundedAt) return { offered: false, reason: 'already-refunded' };
  if (esim.giftFrom) return { offered: false, reason: undefined };
  if (!withinRefundWindow(new Date(esim.purchasedAt), now)) {
    return { offered: false, reason: 'window-passed' };
  }
  if (!eligibility) return { offered: false, reason: undefined };
  if (eligibility.refundable)
    return { offered: true, until: new Date(eligibility.refundableUntil) };
  return { offered: false, reason: eligibility.reason ?? undefined };
}

const reasonMessages: Record<RefundRefusalReason, MessageId> = {
  installed: 'profile.esim.noRefund.installed',
  'window-passed': 'profile.esim.noRefund.windowPassed',
  'already-refunded': 'profile.esim.noRefund.alreadyRefunded',
  'purchase-in-progress': 'profile.esim.noRefund.purchaseInProgress',
};

/** Why the card offers no refund, in the page's language. */
export function refundReasonWords(
  reason: RefundRefusalReason,
  { t }: ProfileWords = englishWords,
): string {
  return t(reasonMessages[reason]);
}
