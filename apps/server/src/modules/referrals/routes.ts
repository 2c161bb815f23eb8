/** The signed-in buyer's share code and link (`GET /api/client/referral`, bearer token). */
import { errorResponseSchema, referralApiPaths, referralSchema } from '@tern/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '../../lib/no-store';
import { publicOrigin } from '../../lib/public-origin';
import { requireClient } from '../auth/require-client';
import type { ReferralsService } from './service';

export const referralRoutes: FastifyPluginAsyncZod<{ service: ReferralsService }> = async (
  app,
  { service },
) => {
  app.get(
    referralApiPaths.referral.pattern,
    {
      schema: {
        tags: ['referrals'],
        summary: 'Your share link: a friend’s first paid order gives you both store credit',
        security: [{ bearer: [] }],
        response: { 200: referralSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const client = await requireClient(request);
      const origin = publicOrigin(app.config, request);
      return noStore(reply).send(await service.referralOf(client.id, origin));
    },
  );
};
