/**
 * Between "Proceed" and the gateway's hosted page. The create-session answer says whether
 * the gateway opened a session; its id and the order's gateway reference are stored (spec
 * section 3 storage keys), and the payment route shows the gateway's page for that session
 * through the gateway's own checkout.js.
 */
import type { CreateSessionResponse } from '@tern/contract/orders';
import { ApiError } from '../../../lib/api-client';
import { type Translate, translate } from '../../../lib/i18n';

export type PaymentStart =
  | { ok: true; sessionId: string; gatewayRef: string }
  | { ok: false; error: string };

export function paymentStart(
  answer: CreateSessionResponse,
  t: Translate = translate,
): PaymentStart {
  const { updateStatus, sessionid } = answer.gateway_transaction;
  if (!updateStatus || !sessionid || !answer.led_payment_gateway_ref) {
    const message = t('checkout.payment.gatewayUnavailable');
    return { ok: false, error: t('checkout.error.prefixed', { message }) };
  }
  return { ok: true, sessionId: sessionid, gatewayRef: answer.led_payment_gateway_ref };
}

/**
 * The toast for a refused purchase (spec section 8): 'Error: {what the server said}'. The
 * server words its refusals itself; anything else is the generic text, in the language.
 */
export function purchaseErrorText(error: unknown, t: Translate = translate): string {
  const message = error instanceof ApiError ? error.message : t('checkout.error.generic');
  return t('checkout.error.prefixed', { message });
}
