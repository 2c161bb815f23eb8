// Orders parked for an operator: what parks one, what marks it dealt with, and whether it waits.
import type { OrderStatus } from '@tern/contract';

/** The events that park an order for an operator (order-jobs.ts) and mark it dealt with. */
export const PARKED_EVENT = 'parked';
export const HANDLED_EVENT = 'operator-marked-handled';

/**
 * Parked: its delivery ran out of attempts after the eSIM was bought, so nobody refunds it and
 * the worker stops; it waits for an operator, until one marks it handled.
 */
export function isParked(status: OrderStatus, events: readonly { event: string }[]): boolean {
  if (status !== 'fulfilling') return false;
  const last = events.findLast(({ event }) => event === PARKED_EVENT || event === HANDLED_EVENT);
  return last?.event === PARKED_EVENT;
}
