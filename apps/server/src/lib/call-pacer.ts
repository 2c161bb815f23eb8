/**
 * Spaces the calls to an outside service evenly, a 1/N second apart, in the order they asked:
 * a burst (a usage poll, a refund revoking several bundles) waits its turns here instead of
 * being refused by the service's rate limit and waiting out 429s. Even spacing rather than N at
 * once and then a pause: calls reach the service a little later than they start, each by its own
 * delay, and a burst a second after a late burst would meet it in the service's window; spaced,
 * a call must arrive a whole step late before the service counts N + 1 in one second. One
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
  const stepMs = Math.ceil(WINDOW_MS / perSecond);
  let lastStart = Number.NEGATIVE_INFINITY;
  return {
    async turn() {
      const at = time.now();
      const start = Math.max(at, lastStart + stepMs);
      lastStart = start;
      if (start > at) await time.wait(start - at);
    },
  };
}
