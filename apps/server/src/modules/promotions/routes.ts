/**
 * Promo codes in the operator API (issue 31): every operator lists them, the operator role
 * creates one, audited with what came of it.
 */
import {
  errorResponseSchema,
  opsPromoCodeRequestSchema,
  opsPromoCodeSchema,
  promoCodePaths,
  promoQuotePaths,
  promoQuoteRequestSchema,
  promoQuoteSchema,
} from '@tern/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../errors';
import { noStore } from '../../lib/no-store';
import { ONE_HOUR_MS, rateLimitGuard } from '../../lib/rate-limiter';
import { requireClient } from '../auth/require-client';
import { actionBy, operatorGuard, operatorOf } from '../operators/guard';
import type { PromoCodes } from './service';

const CODES_LISTED = 200;
/** Enough to fix a typo many times; too few to guess codes by trying them. */
export const PROMO_QUOTES_PER_IP_PER_HOUR = 60;

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

  const quoteLimit = rateLimitGuard(app.rateLimiter, [
    {
      name: 'promo-quote-ip',
      limit: PROMO_QUOTES_PER_IP_PER_HOUR,
      windowMs: ONE_HOUR_MS,
      key: (r) => r.ip,
    },
  ]);

  app.post(
    promoQuotePaths.quote.pattern,
    {
      preHandler: quoteLimit,
      schema: {
        tags: ['orders'],
        summary: 'What a promo code takes off a plan, or why it does not apply',
        security: [{ bearer: [] }],
        body: promoQuoteRequestSchema,
        response: { 200: promoQuoteSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const client = await requireClient(request);
      const plan = await app.catalog.planForSale(request.body.pur_pla_name);
      if (!plan) throw badRequest('orderMessages.noPlanSelected');
      const quote = await promoCodes.quote(request.body.pur_promo_code, plan, client.id);
      return noStore(reply).send({ code: quote.code, discount: quote.discountCents / 100 });
    },
  );
};
