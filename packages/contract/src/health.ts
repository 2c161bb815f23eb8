import { z } from 'zod';
import { apiPath } from './api-path';

/** The load balancer's readiness probe. */
export const healthApiPath = apiPath('/api/health');

/** The operator's Prometheus scrape, in Prometheus' text format: where Prometheus looks by default. */
export const metricsPath = apiPath('/metrics');

/** A part the shop cannot serve without: the database, and Redis when it holds the rate limits. */
const requiredPartSchema = z.enum(['up', 'down']);

/**
 * An outside system's last known state, from the shop's own recent calls to it (the probe
 * calls nobody): `unknown` before the first call; `checkedAt` is when the last call ended.
 */
export const outsideStateSchema = z.object({
  state: z.enum(['up', 'down', 'unknown']),
  checkedAt: z.string().optional(),
});
export type OutsideState = z.infer<typeof outsideStateSchema>;

export const healthResponseSchema = z.union([
  z.object({
    // `degraded` (503) while a required part is down; an outside system down leaves it `ok`,
    // since the shop still serves (its orders wait for the system to come back).
    status: z.enum(['ok', 'degraded']),
    database: requiredPartSchema,
    // Only when REDIS_URL is set; in-memory limits are always there.
    redis: requiredPartSchema.optional(),
    // Only the systems that are configured; a built-in stand-in is the shop itself.
    esimGo: outsideStateSchema.optional(),
    gateway: outsideStateSchema.optional(),
    mail: outsideStateSchema.optional(),
    // The last reading of the prepaid balance at eSIM Go, once read: `low` under the floor the
    // shop owner set (ESIMGO_BALANCE_FLOOR); the instance stays in rotation either way.
    esimGoBalance: z
      .object({
        state: z.enum(['ok', 'low']),
        balance: z.number(),
        currency: z.string(),
        checkedAt: z.string(),
      })
      .optional(),
  }),
  // A first start, before the catalogue can be served: a load balancer keeps visitors away.
  z.object({ status: z.literal('starting') }),
]);
export type HealthResponse = z.infer<typeof healthResponseSchema>;
