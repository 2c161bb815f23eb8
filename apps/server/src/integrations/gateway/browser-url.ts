/**
 * Where browsers reach the payment gateway: the configured MPGS host, or the built-in sandbox
 * at the shop's own address as the visitor reached it (`shopOrigin`, lib/public-origin.ts), so
 * the sandbox's script is always the page's own origin. The web app loads checkout.js from
 * here, and the CSP allows this one origin.
 */
import type { Config } from '../../config';

/** Where the built-in sandbox stands in for a gateway host such as https://test-gateway.mastercard.com. */
export const GATEWAY_SANDBOX_PATH = '/_sandbox/gateway';

/**
 * The checkout library below a gateway's root, as MPGS documents it:
 * https://developer.mastercard.com/mastercard-gateway/documentation/api-reference/js-libraries/checkout/
 */
export const CHECKOUT_SCRIPT_PATH = '/static/checkout/checkout.min.js';

export function gatewayBrowserBaseUrl(config: Config, shopOrigin: string): string {
  return (config.gateway.url ?? `${shopOrigin}${GATEWAY_SANDBOX_PATH}`).replace(/\/$/, '');
}

export function checkoutScriptUrl(config: Config, shopOrigin: string): string {
  return `${gatewayBrowserBaseUrl(config, shopOrigin)}${CHECKOUT_SCRIPT_PATH}`;
}
