/**
 * `GET /api/esim/{iccid}/refund`: whether that refund can be had now and, when not, why, so the
 * profile says so before the button (it asks the provider, as the refund does; changes nothing).
 * `POST /api/esim/{iccid}/refund`: the buyer's own refund of an eSIM never installed, within
 * the 14 days of the terms. 200 `{"status":"refunded"}`, also to a repeat once done; 409 with
 * the reason when it cannot be; 502 when the provider or the gateway did not answer (a repeat
 * carries on where this one stopped); 404 for an eSIM that is not the caller's.
 */
import {
  errorResponseSchema,
  esimRefundEligibilitySchema,
  esimRefundResponseSchema,
  iccidParamsSchema,
  refundApiPaths,
} from '@tern/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '../../lib/no-store';
import { ONE_HOUR_MS, rateLimitGuard } from '../../lib/rate-limiter';
import { requireClient } from '../auth/require-client';
import { providerReadLimit } from '../esims/route-parts';

/** Each request asks the provider and may ask the gateway: plenty for a person. */
export const REFUND_REQUESTS_PER_IP_PER_HOUR = 120;

export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  const { refunds } = app;
  const providerLimit = providerReadLimit(app.rateLimiter);
  const limit = rateLimitGuard(app.rateLimiter, [
    {
      name: 'esim-refunds-ip',
      limit: REFUND_REQUESTS_PER_IP_PER_HOUR,
      windowMs: ONE_HOUR_MS,
      key: (request) => request.ip,
    },
  ]);

  app.get(
    refundApiPaths.esimRefund.pattern,
    {
      // A read each time the profile shows the eSIM: counted with the other provider reads.
      preHandler: providerLimit,
      schema: {
        tags: ['esims'],
        summary: 'Whether one of your eSIMs can be refunded now, and why not when it cannot',
        security: [{ bearer: [] }],
        params: iccidParamsSchema,
        response: {
          200: esimRefundEligibilitySchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
          502: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const client = await requireClient(request);
      return noStore(reply).send(await refunds.service.eligibility(client, request.params.iccid));
    },
  );

  app.post(
    refundApiPaths.esimRefund.pattern,
    {
      preHandler: limit,
      schema: {
        tags: ['esims'],
        summary: 'Refund one of your eSIMs that was never installed, within 14 days of purchase',
        security: [{ bearer: [] }],
        params: iccidParamsSchema,
        response: {
          200: esimRefundResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
          502: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const client = await requireClient(request);
      return noStore(reply).send(await refunds.service.refund(client, request.params.iccid));
    },
  );
};
