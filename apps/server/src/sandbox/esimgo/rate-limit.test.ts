import { describe, expect, it } from 'vitest';
import { createProviderRateLimit, DEFAULT_CALLS_PER_SECOND } from './rate-limit';

/** A limit on a clock the test moves, starting at an arbitrary moment. */
function limitAt(start = 1_700_000_000_000) {
  let now = start;
  const limit = createProviderRateLimit(() => now);
  return {
    limit,
    advance(ms: number) {
      now += ms;
    },
    takeMany(count: number, client = '10.0.0.1') {
      return Array.from({ length: count }, () => limit.take(client));
    },
  };
}

describe('the simulator’s rate limit', () => {
  it('lets 10 calls a second through by default and refuses the 11th for a second', () => {
    const { limit, advance, takeMany } = limitAt();
    expect(limit.state()).toEqual({ perSecond: DEFAULT_CALLS_PER_SECOND, refused: 0 });
    const verdicts = takeMany(11);
    expect(verdicts.slice(0, 10).every((verdict) => verdict?.allowed)).toBe(true);
    expect(verdicts[9]?.remaining).toBe(0);
    expect(verdicts[10]).toMatchObject({ allowed: false, limit: 10, retryAfterSeconds: 1 });

    advance(999);
    expect(limit.take('10.0.0.1')?.allowed).toBe(false);
    advance(1);
    expect(limit.take('10.0.0.1')?.allowed).toBe(true);
    expect(limit.state().refused).toBe(2);
  });

  it('counts any second, not clock seconds: no burst of 20 across a window’s edge', () => {
    const { advance, takeMany } = limitAt(1_700_000_000_900);
    expect(takeMany(10).every((verdict) => verdict?.allowed)).toBe(true);
    // A fixed window would start afresh here, 100 ms later.
    advance(100);
    expect(takeMany(1)[0]?.allowed).toBe(false);
  });

  it('counts each client address apart', () => {
    const { takeMany } = limitAt();
    takeMany(10, '10.0.0.1');
    expect(takeMany(1, '10.0.0.2')[0]?.allowed).toBe(true);
  });

  it('is switched off with null and set to another figure', () => {
    const { limit, takeMany } = limitAt();
    expect(limit.set(null)).toEqual({ perSecond: null, refused: 0 });
    expect(takeMany(50).every((verdict) => verdict === undefined)).toBe(true);
    limit.set(2);
    expect(takeMany(3).map((verdict) => verdict?.allowed)).toEqual([true, true, false]);
  });
});
