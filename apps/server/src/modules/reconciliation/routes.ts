/**
 * The reconciliation in the operator API (issue 30): a day's report for every operator, its two
 * actions for the operator role only, each action audited with what came of it.
 */
import {
  errorResponseSchema,
  type OpsReturnResult,
  opsApiPaths,
  opsReconciliationQuerySchema,
  opsReconciliationSchema,
  opsReturnResultSchema,
} from '@tern/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actionBy, operatorGuard } from '../operators/guard';
import type { ReconciliationService } from './service';

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
};
const identifier = z.string().trim().min(1).max(100);

export const reconciliationRoutes: FastifyPluginAsyncZod<{
  service: ReconciliationService;
}> = async (app, { service }) => {
  const { audit } = app.operators.signIn;

  /** Runs an action and audits what came of it, refusals and failures included. */
  const audited = (request: FastifyRequest, action: string, run: () => Promise<OpsReturnResult>) =>
    audit.audited(actionBy(request, action), async () => {
      const result = await run();
      return { result, outcome: result.outcome };
    });

  app.get(
    opsApiPaths.reconciliation.pattern,
    {
      schema: {
        querystring: opsReconciliationQuerySchema,
        response: { 200: opsReconciliationSchema, ...refusals },
      },
      preHandler: operatorGuard('viewer', 'reconcile'),
    },
    async (request) => service.report(request.query.date),
  );

  app.post(
    opsApiPaths.returnProviderOrder.pattern,
    {
      schema: {
        params: z.object({ reference: identifier }),
        response: { 200: opsReturnResultSchema, ...refusals },
      },
      preHandler: operatorGuard('operator', 'return provider order'),
    },
    async (request) =>
      audited(request, 'return provider order', () =>
        service.returnProviderOrder(request.params.reference),
      ),
  );

  app.post(
    opsApiPaths.returnPayment.pattern,
    {
      schema: {
        params: z.object({ orderId: identifier }),
        response: { 200: opsReturnResultSchema, ...refusals },
      },
      preHandler: operatorGuard('operator', 'return payment'),
    },
    async (request) =>
      audited(request, 'return payment', () => service.returnPayment(request.params.orderId)),
  );
};
