/**
 * An order as the store credit ledger names it (issue 31): the buyer, the order and its
 * reference, for the credit it spends and gets back.
 */
import type { CreditOrder } from '../credit/service';
import type { OrderRow } from './repository';

export function creditOrderOf(order: OrderRow): CreditOrder {
  return { clientId: order.clientId, orderId: order.id, reference: order.gatewayOrderId };
}
