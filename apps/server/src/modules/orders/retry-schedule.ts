// When a failed fulfilment or refund job runs again: exponential back-off with a ceiling.

/** Base, 2 x base, 4 x base… capped, so a long outage still retries now and then. */
export function retryDelayMs(baseMs: number, attempt: number, capMs = 60 * 60 * 1000): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), capMs);
}
