/**
 * GET /api/health, the load balancer's readiness probe: 200 once the shop can serve visitors,
 * 503 while a part it needs (the database, Redis when configured) is out of reach or, on a
 * first start, its catalogue is still loading. It also reports the outside systems' last known
 * state, without calling them.
 */
import { type HealthResponse, healthApiPath, healthResponseSchema } from '@tern/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { balanceState, databaseState, redisState } from './readiness';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // A catalogue once loaded stays: syncs replace it in one transaction, never empty it.
  let catalogueReady = false;

  app.get(
    healthApiPath.pattern,
    {
      schema: {
        tags: ['health'],
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const [database, redis] = await Promise.all([databaseState(app), redisState(app)]);
      const parts = { database, ...(redis && { redis }), ...app.outsideStatus.snapshot() };
      const balance = database === 'up' ? await balanceState(app) : undefined;
      if (database === 'down' || redis === 'down') {
        return reply.code(503).send({ status: 'degraded', ...parts });
      }
      // A failed look-up counts as not ready yet: the probe answers, and asks again next time.
      catalogueReady ||= await app.catalog.hasCatalogue().catch(() => false);
      if (!catalogueReady) return reply.code(503).send({ status: 'starting' });
      return reply.code(200).send({
        status: 'ok',
        ...parts,
        ...(balance && { esimGoBalance: balance }),
      } satisfies HealthResponse);
    },
  );
};
