/**
 * The payment API of spec section 7: open a payment (create-session, and the legacy checkout
 * and purchase calls that do the same), where the browser finds the gateway's checkout.js,
 * confirm it (check-status, and the spec's confirmation call outside /api), the gateway's
 * return addresses, and the plans that can top up one of the buyer's eSIMs.
 */
import {
  checkStatusParamsSchema,
  confirmationQuerySchema,
  createSessionRequestSchema,
  createSessionResponseSchema,
  errorResponseSchema,
  gatewayCheckoutSchema,
  legacyCheckoutRequestSchema,
  orderApiPaths,
  orderReferenceParamsSchema,
  paths,
  paymentConfirmationSchema,
  paymentReturnQuerySchema,
  planListSchema,
  purchaseRequestSchema,
  topupPlansParamsSchema,
} from '@tern/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutScriptUrl } from '../../integrations/gateway/browser-url';
import { noStore } from '../../lib/no-store';
import { publicOrigin } from '../../lib/public-origin';
import { ONE_HOUR_MS, rateLimitGuard } from '../../lib/rate-limiter';
import { requireClient } from '../auth/require-client';
import { takeGatewayNotification, verifyNotificationSecret } from './gateway-notifications';

/** Generous for a person, but opening gateway sessions in bulk is not what a shop is for. */
export const PAYMENT_SESSIONS_PER_IP_PER_HOUR = 120;

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  502: errorResponseSchema,
};
const opened = { 200: createSessionResponseSchema, ...refusals };
const confirmed = { 200: paymentConfirmationSchema, ...refusals };

export interface OrderRoutesOptions {
  /** Send Server-Timing on the orders' answers: for the purchase benchmark, never in a shop. */
  serverTiming: boolean;
}

export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, options) => {
  const { service } = app.orders;
  if (options.serverTiming) {
    app.addHook('onRequest', startServerTiming);
    app.addHook('onSend', addServerTiming);
  }
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
    orderApiPaths.createSession.pattern,
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
        shopOrigin: publicOrigin(app.config, request),
        planName: body.pur_pla_name,
        email: body.pur_client_email,
        type: body.pur_type,
        iccid: body.pur_client_iccid,
        homeCountryConfirmed: body.pur_home_country_confirmed,
        gift: { email: body.pur_gift_email, message: body.pur_gift_message },
        useCredit: body.pur_use_credit === true,
        promoCode: body.pur_promo_code || undefined,
        saveCard: body.pur_save_card === true,
      });
    },
  );

  // The spec's `/payment/`, and the same without its trailing slash (not in the docs).
  const legacyCheckout = orderApiPaths.legacyCheckout.pattern;
  for (const path of [legacyCheckout, legacyCheckout.replace(/\/$/, '')]) {
    app.post(
      path,
      {
        preHandler: sessionLimit,
        schema: {
          ...docs('Legacy checkout: open a payment for a plan'),
          hide: path !== legacyCheckout,
          body: legacyCheckoutRequestSchema,
          response: opened,
        },
      },
      async (request) =>
        service.openPayment(await requireClient(request), {
          shopOrigin: publicOrigin(app.config, request),
          planName: request.body.pla_name,
          email: request.body.cli_email,
          type: 'Regular',
          iccid: undefined,
          useCredit: false,
        }),
    );
  }

  app.post(
    orderApiPaths.purchase.pattern,
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
        shopOrigin: publicOrigin(app.config, request),
        planName: request.body.pla_name,
        email: client.email,
        type: request.body.pur_type,
        iccid: request.body.pur_client_iccid,
        useCredit: false,
      });
    },
  );

  app.get(
    orderApiPaths.gatewayCheckout.pattern,
    {
      schema: {
        ...docs("Where the browser loads the gateway's Checkout library (checkout.min.js)"),
        response: { 200: gatewayCheckoutSchema },
      },
    },
    async (request) => ({
      checkout_script_url: checkoutScriptUrl(app.config, publicOrigin(app.config, request)),
    }),
  );

  app.get(
    orderApiPaths.checkStatus.pattern,
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
  await app.register(confirmationRoutes);
  await app.register(paymentReturnRoutes);
  await app.register(gatewayNotificationRoutes);
};

const notificationSchema = z.looseObject({
  order: z.looseObject({ id: z.string().min(1).max(40) }),
});

/**
 * `POST /payment/notifications`: the gateway's webhook notifications, outside /api (the
 * gateway's servers carry no anti-forgery cookie), proven by X-Notification-Secret before the
 * body is looked at. Answered 404 when no secret is configured: notifications are then off.
 */
const gatewayNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const secret = app.config.gateway.notificationSecret;
  if (!secret) return;
  app.post(
    orderApiPaths.gatewayNotification.pattern,
    {
      schema: {
        tags: ['orders'],
        summary: 'Gateway webhook notification (X-Notification-Secret)',
        body: notificationSchema,
        response: { 200: z.object({ received: z.literal(true) }), 401: errorResponseSchema },
      },
      preValidation: async (request) => {
        const given = request.headers['x-notification-secret'];
        verifyNotificationSecret(secret, typeof given === 'string' ? given : undefined);
      },
    },
    async (request) => {
      const id = request.headers['x-notification-id'];
      await takeGatewayNotification(app.orders.context, {
        gatewayOrderId: request.body.order.id,
        id: typeof id === 'string' && id.length <= 100 ? id : undefined,
      });
      return { received: true as const };
    },
  );
};

/** `GET /payment/webhook_netcommerce/{ref}`: the spec's confirmation call, outside /api. */
const confirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.orders;
  app.get(
    orderApiPaths.confirmation.pattern,
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
 * The gateway's return and cancel addresses. MPGS appends `resultIndicator` (and
 * `sessionVersion`) to the return URL's query, which a '#' would leave undefined
 * (https://developer.mastercard.com/mastercard-gateway/documentation/build/hosted-checkout/integrate-hosted-checkout/interpreting-the-response/),
 * so the gateway gets these plain paths and the browser is sent on to the web app's routes,
 * with the query before the '#', where the payment page reads it.
 */
const paymentReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { hide: true, querystring: paymentReturnQuerySchema };
  const shop = (request: FastifyRequest) => publicOrigin(app.config, request);
  app.get(orderApiPaths.paymentReturn.pattern, { schema }, async (request, reply) =>
    noStore(reply).redirect(webRoute(shop(request), paths.paymentSuccessful, request.query), 303),
  );
  app.get(orderApiPaths.paymentCancelReturn.pattern, { schema }, async (request, reply) =>
    noStore(reply).redirect(webRoute(shop(request), paths.paymentCancelled, request.query), 303),
  );
};

/** `{shopOrigin}/?query#/route`: the web app's hash route, with the gateway's query kept. */
function webRoute(
  shopOrigin: string,
  route: string,
  query: Record<string, string | undefined>,
): string {
  const kept = Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]);
  const search = kept.length > 0 ? `?${new URLSearchParams(kept).toString()}` : '';
  return `${shopOrigin}/${search}#${route}`;
}

/**
 * `GET /plan/topup/{iccid}/{destination}`: the plans on sale for a destination (an ISO code
 * or a region name), for topping up one of the caller's eSIMs. Same lists as the catalogue's.
 */
const topupPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.orders;
  app.get(
    orderApiPaths.topupPlans.pattern,
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
      const plans = await service.topupPlans(await requireClient(request), iccid, destination);
      return sendReadyJson(reply, JSON.stringify(plans));
    },
  );
};

/**
 * How long the server worked on the answer (Server-Timing), when a benchmark asks: payments
 * wait on the gateway and the provider, and this shows where the time went. Never sent by a
 * shop, since it tells an outsider how long each of its steps takes.
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

/**
 * JSON as the catalogue's own answers write it (not through the response schema's serializer);
 * private, as it is about one's own eSIM.
 */
function sendReadyJson(reply: FastifyReply, json: string): FastifyReply {
  return noStore(reply).type('application/json; charset=utf-8').send(json);
}
