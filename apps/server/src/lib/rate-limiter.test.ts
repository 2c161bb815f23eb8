import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  RateLimitStoreUnavailable,
  scaled,
} from './rate-limiter';

const MINUTE = 60_000;

describe('the in-memory rate limiter', () => {
  // The store reads Date.now(); the tests set it.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('allows up to the limit in a window, then refuses with the time left', async () => {
    vi.setSystemTime(1_000_000);
    const limiter = createMemoryRateLimiter();
    for (let hit = 1; hit <= 3; hit += 1) {
      expect(await limiter.hit('k', 3, 10 * MINUTE)).toEqual({
        allowed: true,
        retryAfterSeconds: 0,
      });
    }
    vi.advanceTimersByTime(4 * MINUTE);
    expect(await limiter.hit('k', 3, 10 * MINUTE)).toEqual({
      allowed: false,
      retryAfterSeconds: 6 * 60,
    });
  });

  it('starts a fresh window once the old one is over', async () => {
    vi.setSystemTime(0);
    const limiter = createMemoryRateLimiter();
    await limiter.hit('k', 1, MINUTE);
    expect((await limiter.hit('k', 1, MINUTE)).allowed).toBe(false);
    vi.advanceTimersByTime(MINUTE);
    expect((await limiter.hit('k', 1, MINUTE)).allowed).toBe(true);
  });

  it('takes a hit back within its window, and nothing once the window is over', async () => {
    vi.setSystemTime(0);
    const limiter = createMemoryRateLimiter();
    await limiter.hit('k', 1, MINUTE);
    await limiter.giveBack('k');
    expect((await limiter.hit('k', 1, MINUTE)).allowed).toBe(true);
    expect((await limiter.hit('k', 1, MINUTE)).allowed).toBe(false);
    await limiter.giveBack('never-hit');
    expect((await limiter.hit('never-hit', 1, MINUTE)).allowed).toBe(true);
  });

  it('counts each key on its own', async () => {
    vi.setSystemTime(0);
    const limiter = createMemoryRateLimiter();
    await limiter.hit('a', 1, MINUTE);
    expect((await limiter.hit('a', 1, MINUTE)).allowed).toBe(false);
    expect((await limiter.hit('b', 1, MINUTE)).allowed).toBe(true);
  });

  it('does not let refused hits push the window further out', async () => {
    vi.setSystemTime(0);
    const limiter = createMemoryRateLimiter();
    await limiter.hit('k', 1, MINUTE);
    vi.setSystemTime(50_000);
    expect(await limiter.hit('k', 1, MINUTE)).toEqual({ allowed: false, retryAfterSeconds: 10 });
    vi.setSystemTime(MINUTE);
    expect((await limiter.hit('k', 1, MINUTE)).allowed).toBe(true);
  });

  it('forgets expired windows, so many one-off keys do not pile up', async () => {
    vi.setSystemTime(0);
    const limiter = createMemoryRateLimiter();
    for (let key = 0; key < 1500; key += 1) await limiter.hit(`ip-${key}`, 1, MINUTE);
    vi.setSystemTime(2 * MINUTE);
    for (let key = 0; key < 1500; key += 1) {
      expect((await limiter.hit(`ip-${key}`, 1, MINUTE)).allowed).toBe(true);
    }
  });
});

describe('a scaled limiter', () => {
  it('multiplies every limit by its factor', async () => {
    const limiter = scaled(createMemoryRateLimiter(), 3);
    const results = [];
    for (let hit = 0; hit < 7; hit += 1) results.push((await limiter.hit('k', 2, 60_000)).allowed);
    expect(results).toEqual([true, true, true, true, true, true, false]);
  });
});

describe('the Redis limiter with Redis away', () => {
  it('refuses to count within about a second, at once on the next hit, and pings false', async () => {
    // A port that was free a moment ago: nobody answers there.
    const probe = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => probe.once('listening', resolve));
    const address = probe.address();
    probe.close();
    const port = typeof address === 'object' && address ? address.port : 1;
    const limiter = createRedisRateLimiter({ url: `redis://127.0.0.1:${port}`, keyPrefix: 't:' });
    try {
      let started = Date.now();
      await expect(limiter.hit('k', 1, 60_000)).rejects.toBeInstanceOf(RateLimitStoreUnavailable);
      expect(Date.now() - started).toBeLessThan(1500);
      started = Date.now();
      await expect(limiter.hit('k', 1, 60_000)).rejects.toBeInstanceOf(RateLimitStoreUnavailable);
      expect(Date.now() - started).toBeLessThan(100);
      expect(await limiter.ping()).toBe(false);
      expect(limiter.store).toBe('redis');
    } finally {
      await limiter.close();
    }
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('the Redis limiter', () => {
  it('takes a hit back within its window, and makes no key of one that is gone', async () => {
    const keyPrefix = `t:${process.pid}:${Date.now()}:`;
    const limiter = createRedisRateLimiter({ url: process.env.TEST_REDIS_URL ?? '', keyPrefix });
    try {
      await limiter.hit('k', 1, MINUTE);
      await limiter.giveBack('k');
      expect((await limiter.hit('k', 1, MINUTE)).allowed).toBe(true);
      expect((await limiter.hit('k', 1, MINUTE)).allowed).toBe(false);
      await limiter.giveBack('never-hit');
      expect((await limiter.hit('never-hit', 1, MINUTE)).allowed).toBe(true);
      expect((await limiter.hit('never-hit', 1, MINUTE)).allowed).toBe(false);
    } finally {
      await limiter.close();
    }
  });
});
