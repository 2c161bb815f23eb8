/**
 * `POST /esimgo/callback`: eSIM Go's usage callbacks (V3). Outside /api, like the gateway's
 * webhook_netcommerce: it is called by eSIM Go's servers, not a browser, so it carries no
 * anti-forgery cookie and proves itself with its signature, checked over the raw bytes before
 * the body is parsed for anything else. eSIM Go reads no answer and does not call again.
 */
import { alertApiPaths, errorResponseSchema, usageCallbackAnswerSchema } from '@tern/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../errors';
import {
  USAGE_CALLBACK_SIGNATURE_HEADER,
  usageCallbackSchema,
} from '../../integrations/esimgo/usage-callback';

/** The bytes each callback came with, kept for the signature check. */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const { alerts } = app;
  // This plugin is encapsulated: the parser below reads JSON for this route only.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const raw = body as Buffer;
    rawBodies.set(request, raw);
    try {
      done(null, raw.length === 0 ? undefined : JSON.parse(raw.toString('utf8')));
    } catch {
      done(badRequest('usageAlertMessages.invalidBody'), undefined);
    }
  });

  app.post(
    alertApiPaths.esimGoCallback.pattern,
    {
      schema: {
        tags: ['alerts'],
        summary: 'eSIM Go usage callback (V3, signed in X-Signature-SHA256)',
        body: usageCallbackSchema,
        response: {
          200: usageCallbackAnswerSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
        },
      },
      // Before the body is validated: a forged callback learns nothing about our checks.
      preValidation: async (request) => {
        const signature = request.headers[USAGE_CALLBACK_SIGNATURE_HEADER];
        alerts.verifyCallback(
          rawBodies.get(request) ?? Buffer.alloc(0),
          typeof signature === 'string' ? signature : undefined,
        );
      },
    },
    async (request) => {
      await alerts.receiveCallback(request.body);
      return { received: true as const };
    },
  );
};
