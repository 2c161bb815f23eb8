/**
 * An order as the store credit ledger and the referrals name it (issue 31): the buyer, the
 * order and its reference, for the credit it spends and gets back and the referral it decides.
 */
import type { CreditOrder } from '../credit/service';
import type { OrderRow } from './repository';

export function creditOrderOf(order: OrderRow): CreditOrder {
  return { clientId: order.clientId, orderId: order.id, reference: order.gatewayOrderId };
}

/** The order as the referrals module names it (issue 31). */
export function referralOrderOf(order: OrderRow) {
  return { id: order.id, clientId: order.clientId, reference: order.gatewayOrderId };
}
