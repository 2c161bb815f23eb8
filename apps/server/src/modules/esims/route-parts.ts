/**
 * What the eSIM routes (routes.ts) and the connection doctor's routes (diagnosis-routes.ts)
 * share: the refusal schemas, the OpenAPI docs of a route, and the provider-read rate limit.
 */
import { errorResponseSchema } from '@tern/contract';
import { ONE_HOUR_MS, type RateLimiter, rateLimitGuard } from '../../lib/rate-limiter';

/** Details and usage ask the provider: plenty for a person, not for scraping it through us. */
export const PROVIDER_READS_PER_IP_PER_HOUR = 600;

export const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
};
/** The refusals of a route that asks the provider: also rate limited, or the provider failed. */
export const providerRefusals = { ...refusals, 429: errorResponseSchema, 502: errorResponseSchema };

export const docs = (summary: string) => ({
  tags: ['esims'],
  summary,
  security: [{ bearer: [] }],
});

/** The per-IP limit on reads that reach the provider, one counter for all eSIM routes. */
export const providerReadLimit = (rateLimiter: RateLimiter) =>
  rateLimitGuard(rateLimiter, [
    {
      name: 'esim-provider-reads-ip',
      limit: PROVIDER_READS_PER_IP_PER_HOUR,
      windowMs: ONE_HOUR_MS,
      key: (request) => request.ip,
    },
  ]);
