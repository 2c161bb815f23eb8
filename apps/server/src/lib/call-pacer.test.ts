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
  it('spaces calls a 1/N second apart, in the order they asked', async () => {
    const { waits, turns } = pacerAt(3);
    await turns(7);
    expect(waits).toEqual([334, 668, 1002, 1336, 1670, 2004]);
  });

  it('never starts more than N calls in any second', async () => {
    const { waits, turns } = pacerAt(9);
    await turns(40);
    const starts = [0, ...waits].sort((a, b) => a - b);
    for (const start of starts) {
      expect(
        starts.filter((other) => other > start - 1000 && other <= start).length,
      ).toBeLessThanOrEqual(9);
    }
  });

  it('lets a call through at once when the last one started long enough ago', async () => {
    const { waits, advance, turns } = pacerAt(2);
    await turns(1);
    advance(600);
    await turns(1);
    expect(waits).toEqual([]);
  });

  it('waits only what is left of the step since the last start', async () => {
    const { waits, advance, turns } = pacerAt(2);
    await turns(1);
    advance(200);
    await turns(1);
    expect(waits).toEqual([300]);
  });
});
