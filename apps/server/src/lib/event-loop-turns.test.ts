import { describe, expect, it } from 'vitest';
import { turnsBetweenSlices } from './event-loop-turns';

/** Keeps the thread busy for `ms`, as a slice of catalogue work does. */
function work(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

describe('turns between slices of a long loop', () => {
  it('lets a waiting timer run once a slice of work has passed, not at every step', async () => {
    const takeTurn = turnsBetweenSlices(100);
    let timerRan = false;
    setImmediate(() => {
      timerRan = true;
    });
    // Steps shorter than the slice: no turn yet.
    work(1);
    await takeTurn();
    expect(timerRan).toBe(false);
    // The slice is used up: the next step gives the loop its turn.
    work(100);
    await takeTurn();
    expect(timerRan).toBe(true);
  });
});
