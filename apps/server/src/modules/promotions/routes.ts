/**
 * Promo codes in the operator API (issue 31): every operator lists them, the operator role
 * creates one, audited with what came of it.
 */
import {
  errorResponseSchema,
  opsPromoCodeRequestSchema,
  opsPromoCodeSchema,
  promoCodePaths,
} from '@tern/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actionBy, operatorGuard, operatorOf } from '../operators/guard';
import type { PromoCodes } from './service';

const CODES_LISTED = 200;

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
  503: errorResponseSchema,
};

export const promoCodeRoutes: FastifyPluginAsyncZod<{ promoCodes: PromoCodes }> = async (
  app,
  { promoCodes },
) => {
  app.get(
    promoCodePaths.promoCodes.pattern,
    {
      schema: { response: { 200: z.array(opsPromoCodeSchema), ...refusals } },
      preHandler: operatorGuard('viewer', 'list promo codes'),
    },
    async () => promoCodes.list(CODES_LISTED),
  );

  app.post(
    promoCodePaths.promoCodes.pattern,
    {
      schema: {
        body: opsPromoCodeRequestSchema,
        response: { 201: opsPromoCodeSchema, ...refusals },
      },
      preHandler: operatorGuard('operator', 'create promo code'),
    },
    async (request, reply) => {
      const { code } = request.body;
      // Read at request time: this plugin is registered before the operators' (orders use it).
      const { audit } = request.server.operators.signIn;
      const created = await audit.audited(
        actionBy(request, 'create promo code', `promo code ${code}`),
        async () => ({
          result: await promoCodes.create(request.body, operatorOf(request).email),
          outcome: `created ${code}`,
        }),
      );
      return reply.code(201).send(created);
    },
  );
};
