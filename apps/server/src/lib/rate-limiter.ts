/**
 * Fixed-window rate limits: in memory for a single instance, or in Redis so that every
 * instance behind a load balancer counts against the same limit. Counters never go to
 * the database: they are hot, short-lived and fine to lose.
 */

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
  /** True when the counters can be reached right now. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Redis is away: limits cannot be counted, so the limited request is refused (503). */
export class RateLimitStoreUnavailable extends Error {
  override name = 'RateLimitStoreUnavailable';
}

export const ONE_HOUR_MS = 60 * 60 * 1000;

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let hitsSinceSweep = 0;

  // Expired windows are dropped now and then, so a flood of distinct keys cannot grow
  // the map without bound.
  const sweep = (at: number) => {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  };

  return {
    store: 'memory',
    async hit(key, limit, windowMs) {
      const at = now();
      if (++hitsSinceSweep >= 1000) {
        hitsSinceSweep = 0;
        sweep(at);
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return resultFor(window.count, limit, window.resetAt - at);
    },
    async ping() {
      return true;
    },
    async close() {
      windows.clear();
    },
  };
}

// INCR and set the expiry on the first hit in one atomic step, then report the time left.
// A script rather than PEXPIRE ... NX keeps Redis 6.2 (ioredis 6's minimum) supported.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export interface RedisRateLimiterOptions {
  url: string;
  /** Put before every key, so shops (or test runs) sharing one Redis keep apart. */
  keyPrefix: string;
  /** Connection trouble; limited requests meanwhile fail (closed, not open) and answer 503. */
  onError?: (error: Error) => void;
}

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
    async hit(key, limit, windowMs) {
      const reply = await send(() => redis.eval(HIT_SCRIPT, 1, key, String(windowMs)));
      const [count, ttl] = parseHitReply(reply);
      return resultFor(count, limit, ttl);
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

function parseHitReply(reply: unknown): [number, number] {
  if (Array.isArray(reply) && typeof reply[0] === 'number' && typeof reply[1] === 'number') {
    return [reply[0], reply[1]];
  }
  throw new Error('Unexpected reply from the rate-limit script');
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
    ping: () => limiter.ping(),
    close: () => limiter.close(),
  };
}
