/**
 * The payment API of spec section 7: open a payment (create-session, and the legacy checkout
 * and purchase calls that do the same), confirm it (check-status, and the spec's confirmation
 * call outside /api), and the plans that can top up one of the buyer's eSIMs.
 */
import {
  checkStatusParamsSchema,
  confirmationQuerySchema,
  createSessionRequestSchema,
  createSessionResponseSchema,
  errorResponseSchema,
  legacyCheckoutRequestSchema,
  orderReferenceParamsSchema,
  paymentConfirmationSchema,
  planListSchema,
  purchaseRequestSchema,
  topupPlansParamsSchema,
} from '@tern/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '../../lib/no-store';
import { ONE_HOUR_MS, rateLimitGuard } from '../../lib/rate-limiter';
import { requireClient } from '../auth/require-client';

/** Generous for a person, but opening gateway sessions in bulk is not what a shop is for. */
export const PAYMENT_SESSIONS_PER_IP_PER_HOUR = 120;

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
  502: errorResponseSchema,
};
const opened = { 200: createSessionResponseSchema, ...refusals };
const confirmed = { 200: paymentConfirmationSchema, ...refusals };

export const orderApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.orders;
  app.addHook('onRequest', startServerTiming);
  app.addHook('onSend', addServerTiming);
  const sessionLimit = rateLimitGuard(app.rateLimiter, [
    {
      name: 'payment-session-ip',
      limit: PAYMENT_SESSIONS_PER_IP_PER_HOUR,
      windowMs: ONE_HOUR_MS,
      key: (r) => r.ip,
    },
  ]);
  const docs = (summary: string) => ({ tags: ['orders'], summary });

  app.post(
    '/payment/create-session',
    {
      preHandler: sessionLimit,
      schema: {
        ...docs('Open a card payment for a plan, priced by the shop'),
        body: createSessionRequestSchema,
        response: opened,
      },
    },
    async (request) => {
      const client = await requireClient(request);
      const body = request.body;
      return service.openPayment(client, {
        planName: body.pur_pla_name,
        email: body.pur_client_email,
        type: body.pur_type,
        iccid: body.pur_client_iccid,
      });
    },
  );

  for (const path of ['/payment/', '/payment']) {
    app.post(
      path,
      {
        preHandler: sessionLimit,
        schema: {
          ...docs('Legacy checkout: open a payment for a plan'),
          hide: path === '/payment',
          body: legacyCheckoutRequestSchema,
          response: opened,
        },
      },
      async (request) =>
        service.openPayment(await requireClient(request), {
          planName: request.body.pla_name,
          email: request.body.cli_email,
          type: 'Regular',
          iccid: undefined,
        }),
    );
  }

  app.post(
    '/purchase',
    {
      preHandler: sessionLimit,
      schema: {
        ...docs('Legacy purchase of a plan object; its price is ignored'),
        body: purchaseRequestSchema,
        response: opened,
      },
    },
    async (request) => {
      const client = await requireClient(request);
      return service.openPayment(client, {
        planName: request.body.pla_name,
        email: client.email,
        type: request.body.pur_type,
        iccid: request.body.pur_client_iccid,
      });
    },
  );

  app.get(
    '/payment/check-status/:id',
    {
      schema: {
        ...docs('Confirm a payment with the gateway and deliver the eSIM'),
        params: checkStatusParamsSchema,
        querystring: confirmationQuerySchema,
        response: confirmed,
      },
    },
    async (request) =>
      service.confirm(
        await requireClient(request),
        request.params.id,
        request.query.resultIndicator,
      ),
  );

  await app.register(topupPlanRoutes);
};

/** `GET /payment/webhook_netcommerce/{ref}`: the spec's confirmation call, at the root. */
export const confirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.orders;
  app.addHook('onRequest', startServerTiming);
  app.addHook('onSend', addServerTiming);
  app.get(
    '/payment/webhook_netcommerce/:ref',
    {
      schema: {
        tags: ['orders'],
        summary: 'Confirm a payment after the hosted page (the spec confirmation call)',
        params: orderReferenceParamsSchema,
        querystring: confirmationQuerySchema,
        response: confirmed,
      },
    },
    async (request) =>
      service.confirm(
        await requireClient(request),
        request.params.ref,
        request.query.resultIndicator,
      ),
  );
};

/**
 * `GET /plan/topup/{iccid}/{destination}`: the plans on sale for a destination (an ISO code
 * or a region name), for topping up one of the caller's eSIMs. Same lists as the catalogue's.
 */
const topupPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.orders;
  app.get(
    '/plan/topup/:iccid/:destination',
    {
      compress: false,
      schema: {
        tags: ['orders'],
        summary: 'Plans that can top up one of your eSIMs',
        params: topupPlansParamsSchema,
        response: { 200: planListSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { iccid, destination } = request.params;
      const answer = await service.topupPlans(await requireClient(request), iccid, destination);
      return sendReadyJson(reply, answer.body);
    },
  );
};

/**
 * How long the server worked on the answer (Server-Timing): payments wait on the gateway and
 * the provider, and this shows where the time went in the browser's tools and the benchmark.
 * Timed here rather than with reply.elapsedTime: Fastify keeps that only when it logs
 * requests or has onResponse hooks, so without a logger (the benchmark) it reads 0.
 */
const requestStarts = new WeakMap<FastifyRequest, number>();

async function startServerTiming(request: FastifyRequest) {
  requestStarts.set(request, performance.now());
}

async function addServerTiming(request: FastifyRequest, reply: FastifyReply) {
  const started = requestStarts.get(request);
  if (started === undefined) return;
  reply.header('server-timing', `app;dur=${(performance.now() - started).toFixed(1)}`);
}

/** Ready-made JSON from the catalogue's cache, as is; private, as it is about one's own eSIM. */
function sendReadyJson(reply: FastifyReply, json: string): FastifyReply {
  return noStore(reply).type('application/json; charset=utf-8').send(json);
}
