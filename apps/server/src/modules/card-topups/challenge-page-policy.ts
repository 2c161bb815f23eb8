/**
 * Which scripts the page of a one-tap top-up's 3-D Secure step may run (routes.ts): exactly
 * those of the gateway's redirect HTML. MPGS's redirect html submits its form with an inline
 * script (Authenticate Payer's answer, "redirect.html":
 * https://na.gateway.mastercard.com/api/documentation/integrationGuidelines/supportedFeatures/pickAdditionalFunctionality/authentication/3DS/integrationModelAPI.html),
 * allowed by its hash; a gateway may load that script by address instead (the built-in
 * stand-in does), allowed by that address alone, when it is https or the shop's own.
 */
import { createHash } from 'node:crypto';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const SRC = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)')/i;
/** An address that is one source expression: nothing that would end it or start another. */
const PLAIN_ADDRESS = /^[^\s;,'"]+$/;

/** The script-src source expressions for `redirectHtml` shown on the shop at `shopOrigin`. */
export function challengeScriptSources(redirectHtml: string, shopOrigin: string): string[] {
  const sources = [...redirectHtml.matchAll(SCRIPT)].map(([, attributes = '', body = '']) => {
    const src = SRC.exec(attributes);
    return src ? scriptAddress(src[1] ?? src[2] ?? '', shopOrigin) : hashOf(body);
  });
  return [...new Set(sources.filter((source) => source !== undefined))];
}

function hashOf(body: string): string {
  return `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
}

/** The script's address as the browser resolves it on the shop's page; undefined if not allowed. */
function scriptAddress(src: string, shopOrigin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(src.replaceAll('&amp;', '&'), shopOrigin);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.origin !== new URL(shopOrigin).origin) return undefined;
  // A path names that one file; the query is not part of a source expression.
  const address = `${url.origin}${url.pathname}`;
  return PLAIN_ADDRESS.test(address) ? address : undefined;
}
