/**
 * The shop's address as one visitor sees it. With PUBLIC_URL set, that is PUBLIC_URL (links
 * must name the shop's one public host). Without it (a start on the embedded defaults) the
 * shop answers each visitor at the address they came by, 127.0.0.1, localhost or a LAN name
 * alike: the payment page's script and the gateway's way back stay on the page's own origin,
 * where the content security policy allows them and the buyer's session lives.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

// A host name or address with an optional port; anything else in Host is not trusted as a link.
const HOST_HEADER =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export function publicOrigin(
  config: Pick<Config, 'publicUrl' | 'publicUrlFixed'>,
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
): string {
  if (config.publicUrlFixed || !HOST_HEADER.test(request.host)) return config.publicUrl;
  return `${request.protocol}://${request.host}`;
}

/** The host (name and port) of PUBLIC_URL, for comparing with a request's Host. */
export function publicHost(config: Pick<Config, 'publicUrl'>): string {
  return new URL(config.publicUrl).host;
}
