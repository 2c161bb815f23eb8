/**
 * Security headers on every answer, with a strict content security policy: the shop loads
 * scripts, styles, fonts and images only from itself (images may also be data: and blob:
 * URLs, as QR codes are), and a payment gateway on an origin of its own may add what its
 * checkout.min.js needs (see `contentSecurityPolicy`). These are helmet's defaults, built once
 * at start: building them per request was a measurable share of the cost of a cached
 * catalogue answer.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { gatewayBrowserBaseUrl } from '../integrations/gateway/browser-url';

/**
 * The policy, with `gatewayOrigin` (when not the shop's own) allowed for what the payment
 * page needs: the gateway's checkout.min.js, what that script loads, and its hosted page.
 *
 * MPGS documents the library by its address, functions and callbacks only
 * (https://developer.mastercard.com/mastercard-gateway/documentation/api-reference/js-libraries/checkout/);
 * neither that page nor the Hosted Checkout guide
 * (https://developer.mastercard.com/mastercard-gateway/documentation/build/hosted-checkout/integrate-hosted-checkout/implementing-the-hosted-payment-page/)
 * says anything of a content security policy or of what the bundle loads. What they do
 * document needs more than a script: an embedded page and a Modal mode shown inside the
 * shop's page (its styles, fonts and images, and a frame of the gateway's form), and an error
 * callback whose causes include SERVER_BUSY and SERVER_FAILED, which only a script that calls
 * its server can meet
 * (https://ap-gateway.mastercard.com/api/documentation/apiDocumentation/checkout/version/55/callback/error.html).
 * So the gateway's one origin is added to style-src, img-src, font-src and connect-src, beside
 * the script-src, frame-src and form-action it had already, and nothing wider: no wildcard, no
 * other host, no 'unsafe-inline'. The stand-in's checkout.min.js loads one of each kind
 * (sandbox/gateway/checkout-script.ts), so the production rehearsal's browser test tries them.
 */
function contentSecurityPolicy(gatewayOrigin?: string): string {
  const andGateway = (sources: string) => (gatewayOrigin ? `${sources} ${gatewayOrigin}` : sources);
  return [
    "default-src 'self'",
    `script-src ${andGateway("'self'")}`,
    `style-src ${andGateway("'self'")}`,
    `img-src ${andGateway("'self' data: blob:")}`,
    `font-src ${andGateway("'self'")}`,
    `connect-src ${andGateway("'self'")}`,
    `frame-src ${andGateway("'self'")}`,
    `form-action ${andGateway("'self'")}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join(';');
}

/** Every answer's headers; the policy is widened per shop for its payment gateway below. */
const securityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy(),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  // The gateway's hosted page posts back to the shop; keep referrers same-origin only.
  'referrer-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * The shop's headers: the gateway that `config` names may serve the payment page. The built-in
 * sandbox is served by the shop itself at the visitor's own origin ('self'), whatever host the
 * visitor typed.
 */
export function securityHeadersFor(config: Config): Readonly<Record<string, string>> {
  const shopOrigin = new URL(config.publicUrl).origin;
  const gatewayOrigin = new URL(gatewayBrowserBaseUrl(config, shopOrigin)).origin;
  return {
    ...securityHeaders,
    'content-security-policy': contentSecurityPolicy(
      gatewayOrigin === shopOrigin ? undefined : gatewayOrigin,
    ),
  };
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = securityHeadersFor(app.config);
  // Set before the handler runs, so a route may still adjust one (the sandbox pay page
  // widens form-action), and every answer carries its request id for support.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
});
