/**
 * A clock the test moves forward instead of waiting: the shop's services read the time from
 * it (BuildOptions.clock), so a cache period or an expiry passes at once.
 */
import type { Clock } from '../../src/lib/clock';

export interface MovableClock {
  readonly now: Clock;
  /** Moves the time forward by `milliseconds`, for every later reading. */
  advance(milliseconds: number): void;
}

export function movableClock(): MovableClock {
  let aheadMs = 0;
  return {
    now: () => new Date(Date.now() + aheadMs),
    advance(milliseconds) {
      aheadMs += milliseconds;
    },
  };
}
