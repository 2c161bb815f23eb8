/**
 * The readiness of the shop's own parts, as the load balancer's probe and the operators'
 * console both tell it: the database, Redis when it holds the rate limits, and the last
 * reading of the eSIM Go balance against its floor. Nobody outside is called.
 */
import type { FastifyInstance } from 'fastify';
import { lastBalance } from '../orders/provider-balance';

export type PartState = 'up' | 'down';

/** The eSIM Go balance as last read, against the floor; undefined before the first reading. */
export async function balanceState(app: FastifyInstance) {
  const reading = await lastBalance(app.database.db).catch(() => undefined);
  if (!reading) return undefined;
  const floor = app.config.esimGo.balanceFloor;
  const low = floor !== undefined && reading.balanceCents < Math.round(floor * 100);
  return {
    state: low ? ('low' as const) : ('ok' as const),
    balance: reading.balanceCents / 100,
    currency: reading.currency,
    checkedAt: reading.checkedAt.toISOString(),
  };
}

export async function databaseState(app: FastifyInstance): Promise<PartState> {
  return (await app.database.ping()) ? 'up' : 'down';
}

/** Undefined when the rate limits live in memory: then there is no Redis to report. */
export async function redisState(app: FastifyInstance): Promise<PartState | undefined> {
  if (app.rateLimiter.store !== 'redis') return undefined;
  return (await app.rateLimiter.ping()) ? 'up' : 'down';
}
