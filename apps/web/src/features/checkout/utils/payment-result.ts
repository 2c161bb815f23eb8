/**
 * What the payment_successfull page says while it confirms a payment (spec section 4,
 * ARCHITECTURE "Order lifecycle"): each order status becomes a heading and the contract's
 * sentence for it, and the page keeps asking every 2 seconds, for about a minute, until
 * the order settles. The words are said with `t`, in the language on screen (English: the
 * contract's own).
 */
import { assertNever, isSettledOrderStatus, type OrderStatus } from '@tern/contract/order-texts';
import { type Translate, translate } from '../../../lib/i18n';
import type { MessageId } from '../../../locales/en';

export const POLL_INTERVAL_MS = 2000;
export const POLL_LIMIT_MS = 60_000;

export interface PaymentResult {
  /**
   * confirmed: paid and the eSIM delivered, the buyer goes on to the profile; pending: not
   * settled yet; failed: not paid, nothing charged; refund: paid, but no eSIM could be
   * delivered, so the money goes back.
   */
  kind: 'confirmed' | 'pending' | 'failed' | 'refund';
  title: string;
  message: string;
}

/** The contract's sentence for each status (orderStatusMessage), as a catalogue id. */
const statusMessageIds: Record<OrderStatus, MessageId> = {
  created: 'checkout.status.created',
  awaiting_payment: 'checkout.status.awaitingPayment',
  paid: 'checkout.status.paid',
  fulfilling: 'checkout.status.fulfilling',
  fulfilled: 'checkout.status.fulfilled',
  payment_failed: 'checkout.status.paymentFailed',
  cancelled: 'checkout.status.cancelled',
  fulfilment_failed: 'checkout.status.fulfilmentFailed',
  refunded: 'checkout.status.refunded',
};

export function paymentResult(status: OrderStatus, t: Translate = translate): PaymentResult {
  const said = t(statusMessageIds[status]);
  switch (status) {
    case 'fulfilled':
      return { kind: 'confirmed', title: t('checkout.result.confirmed'), message: said };
    case 'created':
    case 'awaiting_payment':
      return { kind: 'pending', title: t('checkout.result.confirming'), message: said };
    case 'paid':
    case 'fulfilling':
      return { kind: 'pending', title: t('checkout.result.preparing'), message: said };
    case 'payment_failed':
      return {
        kind: 'failed',
        title: t('checkout.result.failed'),
        message: `${said} ${t('checkout.advice.tryAgain')}`,
      };
    case 'cancelled':
      return { kind: 'failed', title: t('checkout.result.cancelled'), message: said };
    case 'fulfilment_failed':
    case 'refunded':
      return { kind: 'refund', title: t('checkout.result.refund'), message: said };
    default:
      return assertNever(status, 'order status');
  }
}

/** Whether to ask again: only while the order may still change, and within the time limit. */
export function shouldPollAgain(status: OrderStatus | undefined, elapsedMs: number): boolean {
  if (elapsedMs >= POLL_LIMIT_MS) return false;
  return status === undefined || !isSettledOrderStatus(status);
}

/** An order still unsettled after the time limit reads as slow, with the spec's advice. */
export function afterTimeLimit(result: PaymentResult, t: Translate = translate): PaymentResult {
  return result.kind === 'pending'
    ? { kind: 'pending', title: t('checkout.result.slow'), message: t('checkout.advice.slow') }
    : result;
}

/** The result indicator the gateway put in the return URL's query (before the hash). */
export function resultIndicatorFrom(search: string): string | undefined {
  const value = new URLSearchParams(search).get('resultIndicator')?.trim();
  return value ? value : undefined;
}
