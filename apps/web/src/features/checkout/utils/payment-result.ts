/**
 * What the payment_successfull page says while it confirms a payment (spec section 4,
 * ARCHITECTURE "Order lifecycle"): each order status becomes a heading and the contract's
 * sentence for it, and the page keeps asking every 2 seconds, for about a minute, until
 * the order settles.
 */
import {
  assertNever,
  isSettledOrderStatus,
  type OrderStatus,
  orderStatusMessage,
  paymentResultAdvice,
  paymentResultTitles,
} from '@tern/contract';

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

export function paymentResult(status: OrderStatus): PaymentResult {
  const said = orderStatusMessage(status);
  switch (status) {
    case 'fulfilled':
      return { kind: 'confirmed', title: paymentResultTitles.confirmed, message: said };
    case 'created':
    case 'awaiting_payment':
      return { kind: 'pending', title: paymentResultTitles.confirming, message: said };
    case 'paid':
    case 'fulfilling':
      return { kind: 'pending', title: paymentResultTitles.preparing, message: said };
    case 'payment_failed':
      return {
        kind: 'failed',
        title: paymentResultTitles.failed,
        message: `${said} ${paymentResultAdvice.tryAgain}`,
      };
    case 'cancelled':
      return { kind: 'failed', title: paymentResultTitles.cancelled, message: said };
    case 'fulfilment_failed':
    case 'refunded':
      return { kind: 'refund', title: paymentResultTitles.refund, message: said };
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
export function afterTimeLimit(result: PaymentResult): PaymentResult {
  return result.kind === 'pending'
    ? { kind: 'pending', title: paymentResultTitles.slow, message: paymentResultAdvice.slow }
    : result;
}

/** The result indicator the gateway put in the return URL's query (before the hash). */
export function resultIndicatorFrom(search: string): string | undefined {
  const value = new URLSearchParams(search).get('resultIndicator')?.trim();
  return value ? value : undefined;
}
