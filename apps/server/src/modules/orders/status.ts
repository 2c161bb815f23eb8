/**
 * What may happen to an order in each status. Every decision on the status is an exhaustive
 * switch, so a new status cannot be added without deciding it everywhere.
 */
import { assertNever, type OrderStatus } from '@tern/contract';

/** What a confirmation call does for an order in this status. */
export type ConfirmationStep = 'ask-gateway' | 'fulfil' | 'answer';

export function confirmationStep(status: OrderStatus): ConfirmationStep {
  switch (status) {
    case 'created':
    case 'awaiting_payment':
    // A declined card can be followed by a good one on the same hosted page, and a payment
    // can land just after the reconciler gave up on it: the gateway decides.
    case 'payment_failed':
    case 'cancelled':
      return 'ask-gateway';
    case 'paid':
    case 'fulfilling':
      return 'fulfil';
    case 'fulfilled':
    case 'fulfilment_failed':
    case 'refunded':
      return 'answer';
    default:
      return assertNever(status, 'order status');
  }
}

/** A payment confirmed by the gateway moves the order to paid only from these. */
export function acceptsPayment(status: OrderStatus): boolean {
  return confirmationStep(status) === 'ask-gateway';
}

/** Statuses in which the buyer's money may be held or taken, so an operator may give it back. */
export function mayBeRefunded(status: OrderStatus): boolean {
  switch (status) {
    case 'paid':
    case 'fulfilling':
    case 'fulfilled':
    case 'fulfilment_failed':
      return true;
    case 'created':
    case 'awaiting_payment':
    case 'payment_failed':
    case 'cancelled':
    case 'refunded':
      return false;
    default:
      return assertNever(status, 'order status');
  }
}

/** Statuses in which the fulfilment job still has work to do. */
export function awaitsFulfilment(status: OrderStatus): boolean {
  return confirmationStep(status) === 'fulfil';
}
