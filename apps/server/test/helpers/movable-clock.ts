/**
 * A clock the test moves forward instead of waiting: the shop's services read the time from
 * it (BuildOptions.clock), so a lease, a settling time or a cache period passes at once.
 */
import type { Clock } from '../../src/lib/clock';

export interface MovableClock {
  readonly clock: Clock;
  /** Moves the time forward by `milliseconds` more. */
  advance(milliseconds: number): void;
  /** Sets how far ahead of real time the clock reads (0: real time again). */
  setAhead(milliseconds: number): void;
}

export function movableClock(): MovableClock {
  let aheadMs = 0;
  return {
    clock: () => new Date(Date.now() + aheadMs),
    advance(milliseconds) {
      aheadMs += milliseconds;
    },
    setAhead(milliseconds) {
      aheadMs = milliseconds;
    },
  };
}
