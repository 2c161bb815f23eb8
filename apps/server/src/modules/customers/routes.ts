/**
 * The customers in the operator API (issue 30): the accounts and each one's page for every
 * operator; a sign-out of every session and a change of language for the operator role only,
 * each audited with the account it touched and what came of it.
 */
import {
  errorResponseSchema,
  opsCustomerDetailSchema,
  opsCustomerLanguageRequestSchema,
  opsCustomerParamsSchema,
  opsCustomerPaths,
  opsCustomerSchema,
  opsCustomersQuerySchema,
  opsSignOutEverywhereResultSchema,
} from '@tern/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actionBy, operatorGuard } from '../operators/guard';
import type { CustomersService } from './service';

const CUSTOMERS_LISTED = 50;

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  503: errorResponseSchema,
};

export const customerRoutes: FastifyPluginAsyncZod<{ service: CustomersService }> = async (
  app,
  { service },
) => {
  const { audit } = app.operators.signIn;

  /** Runs a change on an account and audits what came of it, refusals and failures included. */
  const audited = <T>(
    request: FastifyRequest,
    account: number,
    action: string,
    run: () => Promise<{ result: T; outcome: string }>,
  ) => audit.audited(actionBy(request, action, customerTarget(account)), run);

  app.get(
    opsCustomerPaths.customers.pattern,
    {
      schema: {
        querystring: opsCustomersQuerySchema,
        response: { 200: z.array(opsCustomerSchema), ...refusals },
      },
      preHandler: operatorGuard('viewer', 'search customers'),
    },
    async (request) => service.search(request.query.q ?? '', CUSTOMERS_LISTED),
  );

  app.get(
    opsCustomerPaths.customer.pattern,
    {
      schema: {
        params: opsCustomerParamsSchema,
        response: { 200: opsCustomerDetailSchema, ...refusals },
      },
      preHandler: operatorGuard('viewer', 'view customer'),
    },
    async (request) => service.details(request.params.id),
  );

  app.post(
    opsCustomerPaths.signOutEverywhere.pattern,
    {
      schema: {
        params: opsCustomerParamsSchema,
        response: { 200: opsSignOutEverywhereResultSchema, ...refusals },
      },
      preHandler: operatorGuard('operator', 'sign customer out everywhere'),
    },
    async (request) =>
      audited(request, request.params.id, 'sign customer out everywhere', async () => {
        const ended = await service.signOutEverywhere(request.params.id);
        return {
          result: { id: request.params.id, sessionsEnded: ended },
          outcome: `${ended} sessions ended`,
        };
      }),
  );

  app.put(
    opsCustomerPaths.language.pattern,
    {
      schema: {
        params: opsCustomerParamsSchema,
        body: opsCustomerLanguageRequestSchema,
        response: { 200: opsCustomerDetailSchema, ...refusals },
      },
      preHandler: operatorGuard('operator', 'change customer language'),
    },
    async (request) => {
      const { language } = request.body;
      return audited(
        request,
        request.params.id,
        `change customer language (${language})`,
        async () => ({
          result: await service.setLanguage(request.params.id, language),
          outcome: `language ${language}`,
        }),
      );
    },
  );
};

/** How the audit log names an account: by its id, which stays when its address changes. */
export function customerTarget(id: number): string {
  return `customer ${id}`;
}
