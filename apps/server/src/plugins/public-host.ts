/**
 * A production shop answers at PUBLIC_URL's host only: a visitor who came by another name
 * (`www.` or not, an old domain) is sent there before anything else, since a session, the
 * anti-forgery cookie and the gateway's way back all belong to one origin. Machines are
 * answered where they ask: the load balancer's readiness probe (it calls an instance by its
 * address), the operator's Prometheus scraping /metrics (it too calls each instance by its
 * address), eSIM Go's usage callbacks and the gateway's notifications (sent to whatever
 * address their portals name, never following a redirect) and the stand-ins a rehearsal mounts, which the shop calls on itself.
 */
import { alertApiPaths, healthApiPath, metricsPath, orderApiPaths } from '@tern/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { publicHost } from '../lib/public-origin';

const ANSWERED_ON_ANY_HOST = new Set([
  healthApiPath.pattern,
  metricsPath.pattern,
  alertApiPaths.esimGoCallback.pattern,
  orderApiPaths.gatewayNotification.pattern,
]);
const STAND_INS = '/_sandbox/';

export const publicHostPlugin = fp(async (app: FastifyInstance) => {
  if (!app.config.redirectToPublicHost) return;
  const host = publicHost(app.config).toLowerCase();
  const origin = new URL(app.config.publicUrl).origin;
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    if (request.host.toLowerCase() === host || answeredOnAnyHost(request.url)) {
      done();
      return;
    }
    // 308 keeps a POST a POST (a callback or a form sent to the old name); a page is moved for good.
    const status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;
    reply.redirect(`${origin}${request.url}`, status);
  });
});

function answeredOnAnyHost(url: string): boolean {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return ANSWERED_ON_ANY_HOST.has(path) || path.startsWith(STAND_INS);
}
