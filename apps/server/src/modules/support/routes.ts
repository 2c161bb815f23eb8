// POST /api/email/support: the contact form, e-mailed to the support team.
import {
  accountApiPaths,
  contactRequestSchema,
  errorResponseSchema,
  messageResponseSchema,
} from '@tern/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ONE_HOUR_MS, rateLimitGuard } from '../../lib/rate-limiter';

/** Enough for a person with follow-ups; too few to turn the form into a spam relay. */
export const CONTACT_MESSAGES_PER_IP_PER_HOUR = 5;

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.support;
  const contactLimit = rateLimitGuard(app.rateLimiter, [
    {
      name: 'contact-ip',
      limit: CONTACT_MESSAGES_PER_IP_PER_HOUR,
      windowMs: ONE_HOUR_MS,
      key: (r) => r.ip,
    },
  ]);

  app.post(
    accountApiPaths.support.pattern,
    {
      preHandler: contactLimit,
      schema: {
        tags: ['support'],
        summary: 'Send a message to the support team',
        body: contactRequestSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => service.sendContactMessage(request.body),
  );
};
