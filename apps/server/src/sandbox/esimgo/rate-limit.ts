/**
 * The simulator's request limit. eSIM Go v2.4 introduced "API rate limiting: 10 requests per
 * second per IP address" (https://docs.esim-go.com/guides/api_version_migration/); past it the
 * API answers 429 `{"message": "Rate limit exceeded"}` with `Retry-After: 1`, and every answer
 * carries X-Ratelimit-Limit, -Remaining, -Reset (ISO 8601) and -Cost
 * (https://docs.esim-go.com/guides/rate_limits/). On by default at 10 a second, the real figure;
 * a test control changes it or turns it off.
 *
 * eSIM Go counts in a fixed window; the simulator counts in a sliding one (at most N calls in
 * any second, not N in each window), which is stricter whatever the real windows are aligned
 * to: a shop that keeps under this limit keeps under the real one. @fastify/rate-limit counts in
 * fixed windows only, hence these few lines of our own (docs/decisions/0039).
 *
 * Counted in this process's memory, per simulator: every shop instance mounts its own simulator
 * and each counts its own callers, so N instances get N times the limit where eSIM Go would
 * count their one address once. Tests run one shop against its own simulator, where this is
 * exact; a shared counter would add a database write to every provider call for no test that
 * needs it.
 */
import type { FastifyInstance } from 'fastify';

/** eSIM Go's default limit, per client IP and second. */
export const DEFAULT_CALLS_PER_SECOND = 10;
const WINDOW_MS = 1000;
/** Callers remembered before idle ones are forgotten: a test has a handful. */
const SWEEP_ABOVE_CALLERS = 1000;

export interface RateLimitState {
  /** Calls a second each client IP may make; null: no limit. */
  perSecond: number | null;
  /** Calls answered 429 since the limit was last set: whether it bit. */
  refused: number;
}

export interface CallVerdict {
  allowed: boolean;
  limit: number;
  /** Calls left in the window after this one. */
  remaining: number;
  /** When the oldest call counted leaves the window, freeing a call. */
  resetAt: Date;
  /** Whole seconds until then, at least 1, for Retry-After. */
  retryAfterSeconds: number;
}

export interface ProviderRateLimit {
  state(): RateLimitState;
  /** Sets the limit and forgets the calls counted so far. */
  set(perSecond: number | null): RateLimitState;
  /** Counts a call from `client`; undefined while there is no limit. */
  take(client: string): CallVerdict | undefined;
}

/** `now` is real time in milliseconds: the shop waits out a 429 in real time, not simulated. */
export function createProviderRateLimit(now: () => number = Date.now): ProviderRateLimit {
  let perSecond: number | null = DEFAULT_CALLS_PER_SECOND;
  let refused = 0;
  // The times of each client's calls in the last second that were let through.
  const calls = new Map<string, number[]>();

  function recentCalls(client: string, at: number): number[] {
    const recent = (calls.get(client) ?? []).filter((time) => time > at - WINDOW_MS);
    calls.set(client, recent);
    return recent;
  }

  return {
    state: () => ({ perSecond, refused }),
    set(limit) {
      perSecond = limit;
      refused = 0;
      calls.clear();
      return { perSecond, refused };
    },
    take(client) {
      if (perSecond === null) return undefined;
      const at = now();
      if (calls.size > SWEEP_ABOVE_CALLERS) forgetIdle(calls, at);
      const recent = recentCalls(client, at);
      // A refused call is not counted: waiting out Retry-After is enough to get through.
      const allowed = recent.length < perSecond;
      if (allowed) recent.push(at);
      else refused += 1;
      const resetMs = (recent[0] ?? at) + WINDOW_MS;
      return {
        allowed,
        limit: perSecond,
        remaining: Math.max(0, perSecond - recent.length),
        resetAt: new Date(resetMs),
        retryAfterSeconds: Math.max(1, Math.ceil((resetMs - at) / 1000)),
      };
    },
  };
}

function forgetIdle(calls: Map<string, number[]>, at: number): void {
  for (const [client, times] of calls) {
    if ((times.at(-1) ?? 0) <= at - WINDOW_MS) calls.delete(client);
  }
}

/**
 * Adds the limit to every call of `api` (the provider routes only: the controls are not eSIM
 * Go's), before the API key is checked: the limit counts addresses, not accounts.
 */
export function installRateLimitHook(api: FastifyInstance, limit: ProviderRateLimit): void {
  api.addHook('onRequest', async (request, reply) => {
    const verdict = limit.take(request.ip);
    if (!verdict) return;
    reply.headers({
      'x-ratelimit-limit': String(verdict.limit),
      'x-ratelimit-remaining': String(verdict.remaining),
      'x-ratelimit-reset': verdict.resetAt.toISOString(),
      'x-ratelimit-cost': '1',
    });
    if (verdict.allowed) return;
    return reply
      .code(429)
      .header('retry-after', String(verdict.retryAfterSeconds))
      .send({ message: 'Rate limit exceeded' });
  });
}
