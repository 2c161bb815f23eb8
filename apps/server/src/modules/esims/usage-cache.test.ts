import { describe, expect, it } from 'vitest';
import { createReadingCache } from './usage-cache';

function setup(ttlMs: number, maxEntries?: number) {
  let now = Date.parse('2030-01-01T00:00:00Z');
  const cache = createReadingCache<number>({ ttlMs, clock: () => new Date(now), maxEntries });
  let calls = 0;
  const load = () => Promise.resolve(++calls);
  return {
    cache,
    load,
    calls: () => calls,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('the usage reading cache', () => {
  it('answers from memory while a reading is fresh, with the time it was read', async () => {
    const { cache, load, advance } = setup(60_000);
    const first = await cache.read('8901', load);
    advance(59_000);
    expect(await cache.read('8901', load)).toEqual(first);
    advance(1_000);
    const second = await cache.read('8901', load);
    expect(second.value).toBe(2);
    expect(second.readAt.getTime()).toBe(first.readAt.getTime() + 60_000);
  });

  it('keeps readings apart per key, and shares one call between concurrent asks', async () => {
    const { cache, load, calls } = setup(60_000);
    const [a, b, c] = await Promise.all([
      cache.read('8901', load),
      cache.read('8901', load),
      cache.read('8902', load),
    ]);
    expect(a).toBe(b);
    expect(c.value).not.toBe(a.value);
    expect(calls()).toBe(2);
  });

  it('does not keep failures, and keeps nothing with a TTL of 0', async () => {
    const { cache, load, calls } = setup(0);
    await expect(cache.read('8901', () => Promise.reject(new Error('down')))).rejects.toThrow();
    await cache.read('8901', load);
    await cache.read('8901', load);
    expect(calls()).toBe(2);
  });

  it('forgets the oldest reading when full', async () => {
    const { cache, load, calls } = setup(60_000, 2);
    await cache.read('a', load);
    await cache.read('b', load);
    await cache.read('c', load);
    await cache.read('b', load);
    expect(calls()).toBe(3);
    await cache.read('a', load);
    expect(calls()).toBe(4);
  });
});
