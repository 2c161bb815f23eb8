/**
 * Test controls for token payments, at /_sandbox/gateway/control beside controls.ts: make a
 * stored card decline from now on (a token of the declined test card cannot exist, since a
 * declined payment stores nothing), and count the merchant-initiated requests received, so a
 * test can prove none went out without an agreement.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countMitRequests, makeTokenDecline } from './token-repository';

const declineTokenSchema = z.strictObject({ token: z.string().min(1).max(40) });

export interface MitRequestCounts {
  /** Merchant-initiated requests taken under a valid agreement (approved or declined). */
  accepted: number;
  /** Refused because agreement.id was missing, never set up, or for another card. */
  refusedWithoutAgreement: number;
  /** Every refusal, for any reason. */
  refused: number;
}

export const tokenControlRoutes: FastifyPluginAsyncZod = async (control) => {
  const db = control.database.db;
  const { merchantId } = control.config.gateway;

  control.post(
    '/decline-token',
    { schema: { hide: true, body: declineTokenSchema } },
    async (request, reply) => {
      const found = await makeTokenDecline(db, merchantId, request.body.token);
      if (!found) return reply.code(404).send({ message: 'No such token in the repository' });
      return { token: request.body.token, declines: true };
    },
  );

  control.get(
    '/mit-requests',
    { schema: { hide: true } },
    async (): Promise<MitRequestCounts> => countMitRequests(db, merchantId),
  );
};
