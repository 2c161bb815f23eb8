/**
 * GET /api/catalogue/region-coverage: which countries each region covers, for the landing's
 * search. Served from its own answer cache with a strong ETag (304 on a match) and the
 * catalogue's five-minute public lifetime.
 */
import { regionCoverageApiPath, regionCoverageListSchema } from '@tern/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAnswer } from './http-answer';
import { createRegionCoverageService } from './region-coverage';

const notModified = z.null().describe('Not modified: the ETag sent in If-None-Match is current');

export const regionCoverageRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createRegionCoverageService(app.database.db, {
    onError: (error) => app.log.warn({ err: error }, 'catalogue version check failed'),
  });
  app.addHook('onClose', async () => service.close());

  app.get(
    regionCoverageApiPath.pattern,
    {
      compress: false,
      schema: {
        tags: ['catalog'],
        response: { 200: regionCoverageListSchema, 304: notModified },
      },
    },
    async (request, reply) => sendAnswer(request, reply, await service.regionCoverage()),
  );
};
