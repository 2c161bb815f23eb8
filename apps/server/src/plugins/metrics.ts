/**
 * The operator's own monitoring (issue 30): every answer timed by its route, and /metrics in
 * Prometheus' text format with the figures the modules add (orders, catalogue) and the outside
 * calls. /metrics is for the operator's scraper only: on a listener of its own (METRICS_PORT,
 * on HOST), which the public port never answers; else on the public port to a scraper that
 * sends METRICS_TOKEN; with neither set, nowhere (404). Either way it is a Fastify route,
 * answered through Fastify's hooks.
 */
import { metricsPath } from '@tern/contract';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../errors';
import { newRequestId } from '../lib/request-id';
import { sameSecret } from '../lib/same-secret';
import { ShopMetrics, UNMATCHED_ROUTE } from '../lib/shop-metrics';
import { bearerToken } from '../modules/auth/require-client';
import { errorHandlerPlugin } from './error-handler';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ShopMetrics;
    /** The listener of METRICS_PORT, started by `listenForMetrics`; null without the setting. */
    metricsListener: FastifyInstance | null;
  }
}

export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('metrics', new ShopMetrics());
    // At the root and before any other plugin: a route registered earlier would miss the hook.
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      app.metrics.answered(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
    const { port, token } = app.config.metrics;
    const listener = port === undefined ? null : await metricsListener(app);
    app.decorate('metricsListener', listener);
    if (!listener && token !== undefined) addScrapeRoute(app, app.metrics, token);
  },
  { name: 'metrics' },
);

/**
 * Starts the METRICS_PORT listener, on the shop's HOST, once the shop listens (a CLI that
 * builds the app must not take the port); its address, or undefined without one. A port that
 * cannot be had fails the start, as the public one would.
 */
export async function listenForMetrics(app: FastifyInstance): Promise<string | undefined> {
  const { metricsListener } = app;
  if (!metricsListener) return undefined;
  return metricsListener.listen({ port: app.config.metrics.port, host: app.config.host });
}

/** A Fastify app of its own, answering /metrics only, closed with the shop. */
async function metricsListener(app: FastifyInstance): Promise<FastifyInstance> {
  const listener = Fastify({
    loggerInstance: app.log.child({ listener: 'metrics' }),
    genReqId: newRequestId,
  });
  await listener.register(errorHandlerPlugin);
  addScrapeRoute(listener, app.metrics, app.config.metrics.token);
  app.addHook('onClose', async () => listener.close());
  return listener;
}

function addScrapeRoute(
  server: FastifyInstance,
  metrics: ShopMetrics,
  token: string | undefined,
): void {
  server.get(metricsPath.pattern, {
    // A scrape every 15 s would be most of the log at info.
    logLevel: 'warn',
    onRequest: async (request, reply) => {
      // Figures of a moment: no cache may keep them, nor a 401 in their place.
      reply.header('cache-control', 'no-store');
      if (token !== undefined) requireToken(request, reply, token);
    },
    handler: async (_request, reply) => reply.type(metrics.contentType).send(await metrics.text()),
  });
}

/** Compared in constant time, so a wrong guess learns nothing of the token. */
function requireToken(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const given = bearerToken(request);
  if (given !== undefined && sameSecret(given, token)) return;
  reply.header('www-authenticate', 'Bearer realm="metrics"');
  throw unauthorized('accountMessages.tokenRequired');
}
