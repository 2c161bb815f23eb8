/**
 * Saved cards in the API (issue 32): `GET /api/client/cards` lists the signed-in buyer's,
 * `DELETE /api/client/cards/{id}` removes one (its token at the gateway first).
 */
import {
  errorResponseSchema,
  savedCardApiPaths,
  savedCardDeletedSchema,
  savedCardListSchema,
  savedCardParamsSchema,
} from '@tern/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '../../lib/no-store';
import { requireClient } from '../auth/require-client';
import type { SavedCardsService } from './service';

export const savedCardRoutes: FastifyPluginAsyncZod<{ service: SavedCardsService }> = async (
  app,
  { service },
) => {
  app.get(
    savedCardApiPaths.cards.pattern,
    {
      schema: {
        tags: ['cards'],
        summary: 'Your saved cards: scheme, last four digits and expiry (never a card number)',
        security: [{ bearer: [] }],
        response: { 200: savedCardListSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const client = await requireClient(request);
      return noStore(reply).send(await service.list(client.id));
    },
  );

  app.delete(
    savedCardApiPaths.card.pattern,
    {
      schema: {
        tags: ['cards'],
        summary: 'Removes a saved card: its token at the payment gateway, then here',
        security: [{ bearer: [] }],
        params: savedCardParamsSchema,
        response: {
          200: savedCardDeletedSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          502: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const client = await requireClient(request);
      await service.remove(client.id, request.params.id);
      return { deleted: true as const };
    },
  );
};
