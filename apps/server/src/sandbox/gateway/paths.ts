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

/**
 * What the sandbox's checkout.min.js loads besides itself, relative to the gateway's root, one
 * of each kind a gateway's script may load into the shop's page (checkout-script.ts says why).
 */
export const checkoutLibraryPaths = {
  stylesheet: '/static/checkout/checkout.css',
  /** Named by the stylesheet's @font-face, relative to it. */
  font: '/static/checkout/checkout-font.ttf',
  image: '/static/checkout/checkout-mark.svg',
  /** The library's call to its server before it sends the payer away. */
  ping: '/checkout/ping',
} as const;

/** The family the library's stylesheet declares: nothing of the shop's is called so. */
export const CHECKOUT_FONT_FAMILY = 'Tern Gateway Sandbox';
