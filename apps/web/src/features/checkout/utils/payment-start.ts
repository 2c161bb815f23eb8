/**
 * Between "Proceed" and the gateway's hosted page. The create-session answer says whether
 * the gateway opened a session and where its page is; the page address travels to the
 * payment route in navigation state (never rebuilt by hand, never stored), so a stale
 * payment route opened later says the session has expired instead of guessing.
 */
import { type CreateSessionResponse, errorMessages, orderMessages } from '@tern/contract';
import { ApiError } from '../../../lib/api-client';

export interface PaymentRouteState {
  paymentUrl: string;
}

export type PaymentStart =
  | { ok: true; sessionId: string; gatewayRef: string; state: PaymentRouteState }
  | { ok: false; error: string };

export function paymentStart(answer: CreateSessionResponse, origin: string): PaymentStart {
  const paymentUrl = safePaymentUrl(answer.payment_url, origin);
  const { updateStatus, sessionid } = answer.gateway_transaction;
  if (!updateStatus || !sessionid || !answer.led_payment_gateway_ref || !paymentUrl) {
    return { ok: false, error: `Error: ${orderMessages.gatewayUnavailable}` };
  }
  return {
    ok: true,
    sessionId: sessionid,
    gatewayRef: answer.led_payment_gateway_ref,
    state: { paymentUrl },
  };
}

/** The payment page address carried in the payment route's navigation state, if any. */
export function paymentUrlFromState(state: unknown, origin: string): string | undefined {
  if (typeof state !== 'object' || state === null || !('paymentUrl' in state)) return undefined;
  return typeof state.paymentUrl === 'string'
    ? safePaymentUrl(state.paymentUrl, origin)
    : undefined;
}

/** The toast for a refused purchase (spec section 8): 'Error: {what the server said}'. */
export function purchaseErrorText(error: unknown): string {
  return `Error: ${error instanceof ApiError ? error.message : errorMessages.generic}`;
}

/** Only web pages: an answer can never send the browser to a javascript: or data: URL. */
function safePaymentUrl(url: string, origin: string): string | undefined {
  try {
    const parsed = new URL(url, origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
