/**
 * Between "Proceed" and the gateway's hosted page. The create-session answer says whether
 * the gateway opened a session; its id and the order's gateway reference are stored (spec
 * section 3 storage keys), and the payment route shows the gateway's page for that session
 * through the gateway's own checkout.js.
 */
import { type CreateSessionResponse, errorMessages, orderMessages } from '@tern/contract';
import { ApiError } from '../../../lib/api-client';

export type PaymentStart =
  | { ok: true; sessionId: string; gatewayRef: string }
  | { ok: false; error: string };

export function paymentStart(answer: CreateSessionResponse): PaymentStart {
  const { updateStatus, sessionid } = answer.gateway_transaction;
  if (!updateStatus || !sessionid || !answer.led_payment_gateway_ref) {
    return { ok: false, error: `Error: ${orderMessages.gatewayUnavailable}` };
  }
  return { ok: true, sessionId: sessionid, gatewayRef: answer.led_payment_gateway_ref };
}

/** The toast for a refused purchase (spec section 8): 'Error: {what the server said}'. */
export function purchaseErrorText(error: unknown): string {
  return `Error: ${error instanceof ApiError ? error.message : errorMessages.generic}`;
}
