/**
 * Security headers on every answer, with a strict content security policy: the shop loads
 * scripts, styles, fonts and images only from itself (images may also be data: and blob:
 * URLs, as QR codes are), and the payment gateway's one origin may add its checkout.js and
 * hosted page (scripts, frames, forms). These are helmet's defaults, built once at start:
 * building them per request was a measurable share of the cost of a cached catalogue answer.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { gatewayBrowserBaseUrl } from '../integrations/gateway/browser-url';

/** The policy with `gatewayOrigin` (when not the shop's own) allowed to run the payment page. */
function contentSecurityPolicy(gatewayOrigin?: string): string {
  const selfAndGateway = gatewayOrigin ? `'self' ${gatewayOrigin}` : "'self'";
  return [
    "default-src 'self'",
    `script-src ${selfAndGateway}`,
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${selfAndGateway}`,
    `form-action ${selfAndGateway}`,
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
