/**
 * The operator API under /api/ops (issue 30), named in the contract so scripts can rely on it:
 * sign-in with an e-mailed code and an authenticator, the orders with their history, and the
 * actions an operator takes on them, each audited with its outcome.
 */
import {
  auditEntrySchema,
  backgroundJobSchema,
  errorResponseSchema,
  messageResponseSchema,
  type OrderStatus,
  opsActionResultSchema,
  opsApiPaths,
  opsMarkHandledRequestSchema,
  opsMeSchema,
  opsMessages,
  opsOrderDetailSchema,
  opsOrderSchema,
  opsOrdersQuerySchema,
  opsRefundRequestSchema,
  opsSignInRequestSchema,
  opsVerifyRequestSchema,
  opsVerifyResponseSchema,
} from '@tern/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound, unauthorized } from '../../errors';
import { listPeriodicJobs } from '../../jobs/engine';
import { ONE_HOUR_MS, rateLimitGuard } from '../../lib/rate-limiter';
import { bearerToken } from '../auth/require-client';
import {
  findOrders,
  markHandled,
  OperatorError,
  orderDetails,
  refundOrder,
  resendEsimMail,
  retryOrder,
} from '../orders/operator';
import { isParked } from '../orders/parked';
import { mayBeRefunded } from '../orders/status';
import { actionBy, auditTarget, operatorGuard, operatorOf } from './guard';
import { toOpsOrder, toOpsOrderDetail } from './order-views';

/** Codes one caller or one address can have sent, as for buyers. */
const CODES_PER_IP_PER_HOUR = 20;
const CODES_PER_EMAIL_PER_HOUR = 5;
/** Tries at the code and the authenticator: a guesser meets this before the codes run out. */
const VERIFIES_PER_IP_PER_HOUR = 30;
const ORDERS_LISTED = 50;
const AUDIT_LISTED = 200;

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};
const refParams = z.object({ ref: z.string().trim().min(1).max(64) });

export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { signIn } = app.operators;
  const caller = (request: FastifyRequest) => ({ from: request.ip });
  const codeLimit = rateLimitGuard<{ email: string }>(app.rateLimiter, [
    { name: 'ops-code-ip', limit: CODES_PER_IP_PER_HOUR, windowMs: ONE_HOUR_MS, key: (r) => r.ip },
    {
      name: 'ops-code-email',
      limit: CODES_PER_EMAIL_PER_HOUR,
      windowMs: ONE_HOUR_MS,
      key: (r) => r.body.email.trim().toLowerCase(),
    },
  ]);
  const verifyLimit = rateLimitGuard(app.rateLimiter, [
    {
      name: 'ops-verify-ip',
      limit: VERIFIES_PER_IP_PER_HOUR,
      windowMs: ONE_HOUR_MS,
      key: (r) => r.ip,
    },
  ]);

  app.post(
    opsApiPaths.signIn.pattern,
    {
      schema: {
        body: opsSignInRequestSchema,
        response: { 200: messageResponseSchema, ...refusals },
      },
      preHandler: codeLimit,
    },
    async (request) => {
      await signIn.requestCode(request.body.email, caller(request));
      return { message: opsMessages.codeSent };
    },
  );

  app.post(
    opsApiPaths.verify.pattern,
    {
      schema: {
        body: opsVerifyRequestSchema,
        response: { 200: opsVerifyResponseSchema, ...refusals },
      },
      preHandler: verifyLimit,
    },
    async (request) => signIn.verify(request.body, caller(request)),
  );

  app.post(
    opsApiPaths.signOut.pattern,
    {
      schema: { response: { 200: messageResponseSchema, ...refusals } },
      preHandler: operatorGuard('viewer', 'sign-out'),
    },
    async (request) => {
      const token = bearerToken(request);
      if (!token || !(await signIn.signOut(token)))
        throw unauthorized('opsMessages.sessionRequired');
      await signIn.audit.record({
        operator: operatorOf(request).email,
        action: 'sign-out',
        outcome: 'signed out',
        ...caller(request),
      });
      return { message: opsMessages.signedOut };
    },
  );

  app.get(
    opsApiPaths.me.pattern,
    {
      schema: { response: { 200: opsMeSchema, ...refusals } },
      preHandler: operatorGuard('viewer', 'me'),
    },
    async (request) => {
      const { email, role, expiresAt } = operatorOf(request);
      return { email, role, expiresAt: expiresAt.toISOString() };
    },
  );

  app.get(
    opsApiPaths.orders.pattern,
    {
      schema: {
        querystring: opsOrdersQuerySchema,
        response: { 200: z.array(opsOrderSchema), ...refusals },
      },
      preHandler: operatorGuard('viewer', 'search orders'),
    },
    async (request) =>
      (
        await findOrders(
          app.orders.context,
          {
            text: request.query.q,
            status: request.query.state,
            fromDay: request.query.from,
            toDay: request.query.to,
          },
          ORDERS_LISTED,
        )
      ).map(toOpsOrder),
  );

  app.get(
    opsApiPaths.order.pattern,
    {
      schema: { params: refParams, response: { 200: opsOrderDetailSchema, ...refusals } },
      preHandler: operatorGuard('viewer', 'view order'),
    },
    async (request) => {
      const details = await refusedAs(() => orderDetails(app.orders.context, request.params.ref));
      return toOpsOrderDetail(
        details,
        await emailOf(details.order.clientId),
        mayBeRefunded(details.order.status),
        isParked(details.order.status, details.events),
      );
    },
  );

  /** Runs an operator's action on an order and audits what came of it. */
  async function act(request: FastifyRequest, action: string, run: () => Promise<OrderStatus>) {
    const target = auditTarget(request);
    return signIn.audit.audited(actionBy(request, action, target), async () => {
      const state = await refusedAs(run);
      return { result: { ref: target, state }, outcome: state };
    });
  }

  const context = () => app.orders.context;
  const runner = () => app.orders.runner;
  const actionSchema = { params: refParams, response: { 200: opsActionResultSchema, ...refusals } };

  app.post(
    opsApiPaths.refund.pattern,
    {
      schema: { ...actionSchema, body: opsRefundRequestSchema },
      preHandler: operatorGuard('operator', 'refund'),
    },
    async (request) =>
      act(request, `refund (${request.body.reason})`, () =>
        refundOrder(
          context(),
          runner(),
          app.refunds.service,
          request.params.ref,
          `operator ${operatorOf(request).email}: ${request.body.reason}`,
        ),
      ),
  );

  app.post(
    opsApiPaths.retry.pattern,
    { schema: actionSchema, preHandler: operatorGuard('operator', 'retry') },
    async (request) =>
      act(request, 'retry', () =>
        retryOrder(context(), runner(), app.refunds.service, request.params.ref),
      ),
  );

  app.post(
    opsApiPaths.resendEsimMail.pattern,
    { schema: actionSchema, preHandler: operatorGuard('operator', 'resend eSIM e-mail') },
    async (request) =>
      act(request, 'resend eSIM e-mail', () => resendEsimMail(context(), request.params.ref)),
  );

  app.post(
    opsApiPaths.markHandled.pattern,
    {
      schema: { ...actionSchema, body: opsMarkHandledRequestSchema },
      preHandler: operatorGuard('operator', 'mark handled'),
    },
    async (request) =>
      act(request, `mark handled (${request.body.note})`, () =>
        markHandled(
          context(),
          request.params.ref,
          `operator ${operatorOf(request).email}: ${request.body.note}`,
        ),
      ),
  );

  app.get(
    opsApiPaths.audit.pattern,
    {
      schema: { response: { 200: z.array(auditEntrySchema), ...refusals } },
      preHandler: operatorGuard('viewer', 'read audit'),
    },
    async () => signIn.audit.recent(AUDIT_LISTED),
  );

  // The jobs that run once across instances, with the instance that ran each last.
  app.get(
    opsApiPaths.backgroundJobs.pattern,
    {
      schema: { response: { 200: z.array(backgroundJobSchema), ...refusals } },
      preHandler: operatorGuard('viewer', 'read background jobs'),
    },
    async () => {
      const now = app.clock();
      return (await listPeriodicJobs(app.database.db)).map((job) => ({
        name: job.name,
        ranBy: job.claimedBy,
        nextRunAt: job.runAfter.toISOString(),
        running: job.lockedUntil !== null && job.lockedUntil.getTime() > now.getTime(),
        lastError: job.lastError,
      }));
    },
  );

  async function emailOf(clientId: number): Promise<string> {
    return (await app.auth.emailsOf([clientId])).get(clientId) ?? `(client ${clientId} is gone)`;
  }
};

/** The orders module's refusals as the console's answers. */
async function refusedAs<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof OperatorError)) throw error;
    switch (error.refusal) {
      case 'not-found':
        throw notFound('orderMessages.orderNotFound');
      case 'busy':
        throw conflict('opsMessages.orderBusy');
      case 'not-refundable':
        throw conflict('opsMessages.notRefundable');
      case 'not-delivered':
        throw conflict('opsMessages.notDelivered');
      case 'not-parked':
        throw conflict('opsMessages.notParked');
      case 'usage':
        throw error;
    }
  }
}
