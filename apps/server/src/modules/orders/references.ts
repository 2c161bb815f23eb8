/**
 * Names the orders module makes up: the order reference the buyer and the gateway see, the
 * gateway transaction ids of our follow-up operations, and the retry schedule.
 */
import { randomBytes } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * `TRN-` and 16 base32 letters (80 random bits): unguessable, so knowing one reference says
 * nothing about another buyer's, and short enough for a support call.
 */
export function newOrderReference(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let letters = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      letters += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `TRN-${letters}`;
}

/**
 * Our transaction ids at the gateway are fixed per order and operation: a replayed capture,
 * void or refund (after a crash, or by a second worker) is the same PUT, which the gateway
 * answers once and repeats, instead of a second movement of money.
 */
export const gatewayTransactionIds = {
  capture: 'capture-1',
  void: 'void-1',
  refund: 'refund-1',
} as const;

/** Exponential back-off: base, 2 x base, 4 x base… capped, so a long outage still retries. */
export function retryDelayMs(baseMs: number, attempt: number, capMs = 60 * 60 * 1000): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), capMs);
}
