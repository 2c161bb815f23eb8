/**
 * Card top-ups in the API (issue 32): `POST /api/esim/{iccid}/topup` (one tap with a saved
 * card), `PUT|GET|DELETE /api/esim/{iccid}/auto-topup`, the e-mail's stop link
 * (`POST /api/auto-topup/stop`, no sign-in), and the two pages of a one-tap top-up's 3-D
 * Secure step: the gateway's redirect page, and where the gateway sends the payer back.
 */
import {
  autoTopupRequestSchema,
  autoTopupSchema,
  autoTopupStateSchema,
  autoTopupStoppedSchema,
  cardTopupApiPaths,
  cardTopupRequestSchema,
  cardTopupResponseSchema,
  errorResponseSchema,
  esimParamsSchema,
  hrefTo,
  orderReferenceParamsSchema,
  paths,
  stopAutoTopupRequestSchema,
} from '@tern/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PayerBrowser } from '../../integrations/gateway/client';
import { noStore } from '../../lib/no-store';
import { publicOrigin } from '../../lib/public-origin';
import { ONE_HOUR_MS, rateLimitGuard } from '../../lib/rate-limiter';
import { requireClient } from '../auth/require-client';
import type { AutoTopups } from './auto-topups';
import { challengeScriptSources } from './challenge-page-policy';
import type { OneTapTopups } from './one-tap';

/** As many one-tap payments as hosted-page sessions: a person, not a card tester. */
const CARD_PAYMENTS_PER_IP_PER_HOUR = 60;
/** The gateway's form post back is small: a few fields. */
const RETURN_BODY_LIMIT = 16 * 1024;

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  402: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  502: errorResponseSchema,
};

export const cardTopupRoutes: FastifyPluginAsyncZod<{
  oneTap: OneTapTopups;
  autoTopups: AutoTopups;
}> = async (app, { oneTap, autoTopups }) => {
  const docs = (summary: string, signedIn = true) => ({
    tags: ['cards'],
    summary,
    ...(signedIn ? { security: [{ bearer: [] }] } : {}),
  });
  const perIp = (name: string, limit: number) =>
    rateLimitGuard(app.rateLimiter, [{ name, limit, windowMs: ONE_HOUR_MS, key: (r) => r.ip }]);
  const paymentLimit = perIp('card-payment-ip', CARD_PAYMENTS_PER_IP_PER_HOUR);
  const shop = (request: FastifyRequest) => publicOrigin(app.config, request);

  app.post(
    cardTopupApiPaths.topup.pattern,
    {
      preHandler: paymentLimit,
      schema: {
        ...docs('Top up one of your eSIMs in one tap with a saved card'),
        params: esimParamsSchema,
        body: cardTopupRequestSchema,
        response: { 200: cardTopupResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const client = await requireClient(request);
      const answer = await oneTap.topup(
        client,
        shop(request),
        request.params.iccid,
        request.body,
        payerBrowser(request),
      );
      return noStore(reply).send(answer);
    },
  );

  app.get(
    cardTopupApiPaths.autoTopup.pattern,
    {
      schema: {
        ...docs('Your eSIM’s automatic top-up, or null when it is off'),
        params: esimParamsSchema,
        response: { 200: autoTopupStateSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const client = await requireClient(request);
      const autoTopup = await autoTopups.view(client.id, request.params.iccid);
      return noStore(reply).send({ autoTopup });
    },
  );

  app.put(
    cardTopupApiPaths.autoTopup.pattern,
    {
      preHandler: paymentLimit,
      schema: {
        ...docs('Turn on (or change) the automatic top-up of one of your eSIMs'),
        params: esimParamsSchema,
        body: autoTopupRequestSchema,
        response: { 200: autoTopupSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const client = await requireClient(request);
      const shown = await autoTopups.turnOn(client, request.params.iccid, request.body);
      return noStore(reply).send(shown);
    },
  );

  app.delete(
    cardTopupApiPaths.autoTopup.pattern,
    {
      schema: {
        ...docs('Stop the automatic top-up of one of your eSIMs'),
        params: esimParamsSchema,
        response: { 200: autoTopupStoppedSchema, ...refusals },
      },
    },
    async (request) => {
      const client = await requireClient(request);
      await autoTopups.turnOff(client.id, request.params.iccid);
      return { stopped: true as const };
    },
  );

  app.post(
    cardTopupApiPaths.stopAutoTopup.pattern,
    {
      preHandler: perIp('auto-topup-stop-ip', 60),
      schema: {
        ...docs('Stop an automatic top-up from its e-mail’s link, without signing in', false),
        body: stopAutoTopupRequestSchema,
        response: { 200: autoTopupStoppedSchema, ...refusals },
      },
    },
    async (request) => {
      await autoTopups.stopByLink(request.body.token);
      return { stopped: true as const };
    },
  );

  app.get(
    cardTopupApiPaths.authentication.pattern,
    { schema: { hide: true, params: orderReferenceParamsSchema } },
    async (request, reply) => {
      const html = await oneTap.challengePage(request.params.ref);
      // Gone (paid, failed, or never one): the confirmation page tells how it stands.
      if (!html) return noStore(reply).redirect(confirmationPage(shop(request)), 303);
      return sendChallengePage(reply, html, shop(request));
    },
  );

  await app.register(async (plain) => {
    const returns = plain.withTypeProvider<ZodTypeProvider>();
    returns.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: RETURN_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    // The gateway's page posts the payer back here (its redirectResponseUrl); what it posts is
    // not trusted: the shop asks the gateway itself how the check went.
    returns.post(
      cardTopupApiPaths.authenticationReturn.pattern,
      { schema: { hide: true, params: orderReferenceParamsSchema } },
      async (request, reply) => {
        await oneTap.afterChallenge(request.params.ref);
        return noStore(reply).redirect(confirmationPage(shop(request)), 303);
      },
    );
  });
};

/** What the bank's risk check is told of the payer's browser (3-D Secure 2). */
function payerBrowser(request: FastifyRequest): PayerBrowser {
  const { headers } = request;
  const language = headers['accept-language']?.split(',')[0]?.trim();
  return {
    ...(headers['user-agent'] ? { userAgent: headers['user-agent'].slice(0, 2048) } : {}),
    ...(headers.accept ? { acceptHeaders: headers.accept.slice(0, 2048) } : {}),
    ...(language ? { language: language.slice(0, 8) } : {}),
    ipAddress: request.ip,
  };
}

function confirmationPage(shopOrigin: string): string {
  return `${shopOrigin}/${hrefTo(paths.paymentSuccessful)}`;
}

/**
 * The gateway's redirect HTML in a page of its own. Its script submits a form to the gateway
 * or the card issuer's server, which the shop's policy would block, so this page has a policy
 * of its own (challenge-page-policy.ts): those scripts and nothing else, forms to any https
 * address (or the shop's own, for the built-in sandbox).
 */
function sendChallengePage(
  reply: FastifyReply,
  redirectHtml: string,
  shopOrigin: string,
): FastifyReply {
  const policy = [
    "default-src 'none'",
    `script-src ${challengeScriptSources(redirectHtml, shopOrigin).join(' ') || "'none'"}`,
    "style-src 'unsafe-inline'",
    "form-action 'self' https:",
    "frame-src 'self' https:",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join(';');
  const page = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>3-D Secure</title></head><body>${redirectHtml}</body></html>`;
  return noStore(reply)
    .header('content-security-policy', policy)
    .type('text/html; charset=utf-8')
    .send(page);
}
