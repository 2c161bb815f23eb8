/**
 * Fixed-window rate limits: in memory for a single instance, or in Redis so that every
 * instance behind a load balancer counts against the same limit. Counters never go to
 * the database: they are hot, short-lived and fine to lose. The counting is
 * @fastify/rate-limit's own (its LocalStore and RedisStore); the plugin's route hook is not
 * used, since a route here counts several limits keyed by its validated body, a service counts
 * after its own checks (an eSIM's refreshes), and Redis away must answer 503 (issue 28).
 */

import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore, { type CounterStore } from '@fastify/rate-limit/store/RedisStore.js';
import type {
  FastifyBaseLogger,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { Redis } from 'ioredis';
import { HttpError } from '../errors';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets; 0 while allowed. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Where the counters live: Redis is a part the shop needs to be up; memory always is. */
  readonly store: 'memory' | 'redis';
  /**
   * Counts one hit on `key`; refused once the window holds more than `limit` hits. Rejects
   * (a RateLimitStoreUnavailable for Redis) when the counters cannot be reached.
   */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /**
   * Takes back one hit on `key` within its window (nothing once the window is over): for a
   * limit on what happened, counted before it was tried, when the attempt failed.
   */
  giveBack(key: string): Promise<void>;
  /** True when the counters can be reached right now. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Redis is away: limits cannot be counted, so the limited request is refused (503). */
export class RateLimitStoreUnavailable extends Error {
  override name = 'RateLimitStoreUnavailable';
}

export const ONE_HOUR_MS = 60 * 60 * 1000;

/**
 * Keys this process remembers at most: the oldest is forgotten first. Far more callers than an
 * hour of a single instance's traffic holds, in a few megabytes.
 */
const MEMORY_STORE_KEYS = 100_000;

export function createMemoryRateLimiter(): RateLimiter {
  const store = new LocalStore(false, false, MEMORY_STORE_KEYS);
  return {
    store: 'memory',
    hit: (key, limit, windowMs) => count(store, key, limit, windowMs),
    async giveBack(key) {
      // The store's window ({current, ttl, iterationStartMs}), kept in its LRU map.
      const window = store.lru.get(key);
      if (window && window.current > 0) window.current -= 1;
    },
    async ping() {
      return true;
    },
    async close() {
      // Nothing held outside the store's map, which goes with the limiter.
    },
  };
}

/** One hit on `key` in a store, as the guard reads it. */
function count(
  store: CounterStore,
  key: string,
  limit: number,
  windowMs: number,
): Promise<RateLimitResult> {
  return new Promise((resolve, reject) => {
    store.incr(
      key,
      (error, window) => {
        if (window) resolve(resultFor(window.current, limit, window.ttl));
        else reject(error ?? new Error('The rate-limit store counted nothing'));
      },
      windowMs,
      limit,
    );
  });
}

export interface RedisRateLimiterOptions {
  url: string;
  /** Put before every key, so shops (or test runs) sharing one Redis keep apart. */
  keyPrefix: string;
  /** Connection trouble; limited requests meanwhile fail (closed, not open) and answer 503. */
  onError?: (error: Error) => void;
}

const GIVE_BACK_SCRIPT = `if redis.call('EXISTS', KEYS[1]) == 1 and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0`;

/** The longest a limited request waits for Redis before it is refused. */
const REDIS_COMMAND_TIMEOUT_MS = 1000;
/** Between tries to reconnect, at most: Redis back is noticed within a second. */
const REDIS_MAX_RECONNECT_DELAY_MS = 1000;

export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    // Fail a request fast rather than queue it while Redis is away.
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 100, REDIS_MAX_RECONNECT_DELAY_MS),
    lazyConnect: true,
  });
  redis.on('error', (error: Error) => options.onError?.(error));
  const store = new RedisStore(false, false, redis, '');

  // A command either answers or fails as RateLimitStoreUnavailable. While Redis is known to be
  // away (between reconnect tries) it fails at once instead of waiting out the next try.
  async function send<T>(command: () => Promise<T>): Promise<T> {
    if (redis.status === 'reconnecting' || redis.status === 'end') {
      throw new RateLimitStoreUnavailable(`Redis is not connected (${redis.status})`);
    }
    try {
      return await command();
    } catch (error) {
      throw new RateLimitStoreUnavailable(`Redis did not answer: ${String(error)}`, {
        cause: error,
      });
    }
  }

  return {
    store: 'redis',
    hit: (key, limit, windowMs) => send(() => count(store, key, limit, windowMs)),
    async giveBack(key) {
      // Only while the window lives: DECR on a missing key would make one that never expires.
      await send(() => redis.eval(GIVE_BACK_SCRIPT, 1, key));
    },
    async ping() {
      return send(() => redis.ping()).then(
        () => true,
        () => false,
      );
    },
    async close() {
      if (redis.status !== 'ready') {
        redis.disconnect();
        return;
      }
      await redis.quit();
    },
  };
}

function resultFor(count: number, limit: number, msLeft: number): RateLimitResult {
  const allowed = count <= limit;
  return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(msLeft / 1000)) };
}

/** What a limit key is made from: the caller's address and the validated body. */
export interface LimitedRequest<Body> {
  ip: string;
  body: Body;
}

export interface RouteLimit<Body> {
  /** Names the counter, e.g. "signup-ip". */
  name: string;
  limit: number;
  windowMs: number;
  /** Whose hits count together: the caller's IP, an e-mail address... */
  key: (request: LimitedRequest<Body>) => string;
}

/**
 * A route guard (preHandler, so the body is already validated against the route's
 * schema): each limit in turn counts the request, and the first one exceeded answers 429
 * with Retry-After.
 */
export function rateLimitGuard<Body = unknown>(
  limiter: RateLimiter,
  limits: readonly RouteLimit<Body>[],
): preHandlerAsyncHookHandler {
  return async function guard(request: FastifyRequest, reply: FastifyReply) {
    const limited = { ip: request.ip, body: request.body as Body };
    for (const { name, limit, windowMs, key } of limits) {
      const result = await limiter
        .hit(`${name}:${key(limited)}`, limit, windowMs)
        .catch((error: unknown) => {
          // Closed, not open: an uncounted route is what an attacker would wait for.
          request.log.warn({ err: error }, 'rate limits cannot be counted');
          throw new HttpError(503, 'errorMessages.generic');
        });
      if (!result.allowed) {
        reply.header('retry-after', String(result.retryAfterSeconds));
        throw new HttpError(429, 'tooManyRequests', {
          retryAfterSeconds: result.retryAfterSeconds,
        });
      }
    }
  };
}

export const DEFAULT_RATE_LIMIT_PREFIX = 'tern:rate-limit:';

/** Redis when a URL is given (limits shared by every instance), else this process's memory. */
export function createRateLimiter(
  redisUrl: string | undefined,
  options: { keyPrefix?: string | undefined; log: FastifyBaseLogger; factor?: number },
): RateLimiter {
  const limiter = redisUrl
    ? createRedisRateLimiter({
        url: redisUrl,
        keyPrefix: options.keyPrefix ?? DEFAULT_RATE_LIMIT_PREFIX,
        onError: (error) => options.log.warn({ err: error }, 'rate-limit store (Redis) error'),
      })
    : createMemoryRateLimiter();
  return scaled(limiter, options.factor ?? 1);
}

/**
 * Every limit times `factor`: for shops whose customers share one address (a hotel, a
 * carrier's NAT), and for browser test runs where every visitor is 127.0.0.1.
 */
export function scaled(limiter: RateLimiter, factor: number): RateLimiter {
  if (factor === 1) return limiter;
  return {
    store: limiter.store,
    hit: (key, limit, windowMs) => limiter.hit(key, Math.ceil(limit * factor), windowMs),
    giveBack: (key) => limiter.giveBack(key),
    ping: () => limiter.ping(),
    close: () => limiter.close(),
  };
}
