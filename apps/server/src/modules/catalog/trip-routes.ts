/**
 * GET /api/plan/trip?countries=FR,IT,TR&days=10[&dataGb=N]: the trip planner (issue 17).
 * A query the contract refuses gets a 400 naming what is wrong; an answer comes from the
 * catalogue in memory, with a strong ETag (304 on a match) and the catalogue's five-minute
 * public lifetime, like every catalogue answer. Unlike theirs, it is compressed per request
 * by the compression plugin (brotli at its fast default): trips are endless in number, so a
 * compressed copy at the other answers' maximum quality would cost tens of milliseconds for
 * an answer seldom asked twice.
 */
import {
  errorResponseSchema,
  tripAnswerSchema,
  tripApiPath,
  tripQuerySchema,
} from '@tern/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const notModified = z.null().describe('Not modified: the ETag sent in If-None-Match is current');

export const tripRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    tripApiPath.pattern,
    {
      schema: {
        tags: ['catalog'],
        querystring: tripQuerySchema,
        response: { 200: tripAnswerSchema, 304: notModified, 400: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.sendUncompressedAnswer(await app.catalog.tripPlan(request.query)),
  );
};
