/**
 * Spaces the calls to an outside service so that at most `perSecond` start in any second, in
 * the order they asked: a burst (a usage poll, a refund revoking several bundles) waits its
 * turns here instead of being refused by the service's rate limit and waiting out 429s. One
 * pacer per process and service; instances that share an address still meet the service's
 * limit together, which the clients' Retry-After retries absorb.
 */
import { setTimeout as sleep } from 'node:timers/promises';

const WINDOW_MS = 1000;

export interface CallPacer {
  /** Resolves when this call may start. */
  turn(): Promise<void>;
}

/** Real time, which the service counts in whatever the shop's clock says; tests pass their own. */
export interface PacerTime {
  now(): number;
  wait(ms: number): Promise<void>;
}

const realTime: PacerTime = { now: Date.now, wait: (ms) => sleep(ms) };

export function createCallPacer(perSecond: number, time: PacerTime = realTime): CallPacer {
  // The start times given out, ascending; only the last `perSecond` matter.
  const starts: number[] = [];
  return {
    async turn() {
      const at = time.now();
      // The call `perSecond` places back must have left the window before this one starts.
      const blocking = starts.length >= perSecond ? starts[starts.length - perSecond] : undefined;
      const start = blocking === undefined ? at : Math.max(at, blocking + WINDOW_MS);
      starts.push(start);
      if (starts.length > perSecond) starts.splice(0, starts.length - perSecond);
      if (start > at) await time.wait(start - at);
    },
  };
}
