/** `GET /api/client/gifts`: the signed-in buyer's gifts sent, each "sent" or "installed". */
import { errorResponseSchema, giftApiPaths, giftsSentSchema } from '@tern/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '../../lib/no-store';
import { requireClient } from '../auth/require-client';
import { providerReadLimit } from '../esims/route-parts';
import type { GiftsService } from './service';

export const giftRoutes: FastifyPluginAsyncZod<{ gifts: GiftsService }> = async (app, options) => {
  app.get(
    giftApiPaths.giftsSent.pattern,
    {
      // Each gift's install state is a provider read: counted with the others.
      preHandler: providerReadLimit(app.rateLimiter),
      schema: {
        tags: ['gifts'],
        summary: 'The eSIMs you gave, with whether each was installed',
        security: [{ bearer: [] }],
        response: { 200: giftsSentSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const client = await requireClient(request);
      return noStore(reply).send(await options.gifts.sent(client));
    },
  );
};
