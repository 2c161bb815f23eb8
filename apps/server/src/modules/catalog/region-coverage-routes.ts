/**
 * GET /api/catalogue/region-coverage: which countries each region covers, for the landing's
 * search. Read from the catalogue snapshot and sent from the app's answer cache with a strong
 * ETag (304 on a match) and the catalogue's five-minute public lifetime, by a synchronous
 * handler once it is built.
 */
import { regionCoverageApiPath, regionCoverageListSchema } from '@tern/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cachedAnswerRouteOptions } from '../../lib/answer-replies';

const notModified = z.null().describe('Not modified: the ETag sent in If-None-Match is current');

export const regionCoverageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    regionCoverageApiPath.pattern,
    {
      ...cachedAnswerRouteOptions,
      schema: {
        tags: ['catalog'],
        response: { 200: regionCoverageListSchema, 304: notModified },
      },
    },
    (_request, reply) => reply.sendAnswer(app.catalog.regionCoverage()),
  );
};
