/**
 * Where the payment gateway sandbox is mounted in the shop: the gateway client needs its base
 * URL for server calls, and the sandbox's checkout.min.js sends browsers to its hosted page.
 */

import { GATEWAY_SANDBOX_PATH } from '../../integrations/gateway/browser-url';

export { GATEWAY_SANDBOX_PATH };

/** The sandbox's root on a shop reached at `shopUrl`. */
export function gatewaySandboxUrl(shopUrl: string): string {
  return `${shopUrl.replace(/\/$/, '')}${GATEWAY_SANDBOX_PATH}`;
}

/** The hosted payment page of a session, relative to the sandbox's root. */
export function hostedPagePath(sessionId: string): string {
  return `/pay/${encodeURIComponent(sessionId)}`;
}

export const PAY_STYLESHEET_PATH = `${GATEWAY_SANDBOX_PATH}/assets/pay.css`;
