import { describe, expect, it } from 'vitest';
import { createCallPacer } from './call-pacer';

/** A pacer on a clock the test moves; each call's wait is recorded, not slept. */
function pacerAt(perSecond: number) {
  let now = 10_000;
  const waits: number[] = [];
  const pacer = createCallPacer(perSecond, {
    now: () => now,
    wait: async (ms) => {
      waits.push(ms);
    },
  });
  return {
    waits,
    advance(ms: number) {
      now += ms;
    },
    turns: (count: number) => Promise.all(Array.from({ length: count }, () => pacer.turn())),
  };
}

describe('the call pacer', () => {
  it('starts at most N calls in any second, in the order they asked', async () => {
    const { waits, turns } = pacerAt(3);
    await turns(7);
    // Three at once, three a second later, the seventh a second after that.
    expect(waits).toEqual([1000, 1000, 1000, 2000]);
  });

  it('lets a call through at once when the last second had fewer than N', async () => {
    const { waits, advance, turns } = pacerAt(2);
    await turns(1);
    advance(1500);
    await turns(2);
    expect(waits).toEqual([]);
  });

  it('counts a second from each start, not from the clock’s seconds', async () => {
    const { waits, advance, turns } = pacerAt(2);
    await turns(1);
    advance(600);
    await turns(1);
    advance(600);
    // The first left the window 200 ms ago; the second is in it until 400 ms from now.
    await turns(2);
    expect(waits).toEqual([400]);
  });
});
