/**
 * Store credit in the API: the buyer's balance and entries (`GET /api/client/credit`, bearer
 * token), and an operator's grant from the console (`POST /api/ops/customers/{id}/credit`, the
 * operator role, audited with the account and the amount, refusals included).
 */
import {
  creditAccountSchema,
  creditApiPaths,
  creditGrantRequestSchema,
  creditGrantResultSchema,
  errorResponseSchema,
  opsCreditPaths,
  opsCustomerParamsSchema,
} from '@tern/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors';
import { noStore } from '../../lib/no-store';
import { requireClient } from '../auth/require-client';
import { customerTarget } from '../customers/routes';
import { actionBy, operatorGuard } from '../operators/guard';
import type { CreditService } from './service';

export const creditRoutes: FastifyPluginAsyncZod<{ service: CreditService }> = async (
  app,
  { service },
) => {
  app.get(
    creditApiPaths.credit.pattern,
    {
      schema: {
        tags: ['credit'],
        summary: 'Your store credit: the balance, which never expires, and every entry',
        security: [{ bearer: [] }],
        response: { 200: creditAccountSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const client = await requireClient(request);
      return noStore(reply).send(await service.account(client.id));
    },
  );
};

export const creditConsoleRoutes: FastifyPluginAsyncZod<{ service: CreditService }> = async (
  app,
  { service },
) => {
  const { audit } = app.operators.signIn;
  const { accounts } = app.auth;

  app.post(
    opsCreditPaths.grant.pattern,
    {
      schema: {
        params: opsCustomerParamsSchema,
        body: creditGrantRequestSchema,
        response: {
          200: creditGrantResultSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
      preHandler: operatorGuard('operator', 'grant store credit'),
    },
    async (request) => {
      const { id } = request.params;
      const { amount, reason } = request.body;
      const cents = Math.round(amount * 100);
      const action = actionBy(request, `grant store credit (${(cents / 100).toFixed(2)} USD)`);
      return audit.audited({ ...action, target: customerTarget(id) }, async () => {
        if (!(await accounts.find(id))) throw notFound('opsConsoleMessages.customerNotFound');
        const result = await service.grant(id, cents, reason, action.operator);
        return { result, outcome: `balance ${result.balance.toFixed(2)} USD: ${reason}` };
      });
    },
  );
};
