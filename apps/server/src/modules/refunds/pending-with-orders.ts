import type { OrderRow } from '../orders/self-service-refund';
import type { RefundRow } from './repository';

/** The refunds a step still has to do, each with its order; an order gone is an error. */
export function pendingWithOrders(
  rows: readonly RefundRow[],
  orders: readonly OrderRow[],
  pending: (row: RefundRow) => boolean,
): [RefundRow, OrderRow][] {
  const byId = new Map(orders.map((order) => [order.id, order]));
  return rows.filter(pending).map((row) => {
    const order = byId.get(row.orderId);
    if (!order) throw new Error(`Refund ${row.id} names order ${row.orderId}, which is gone`);
    return [row, order];
  });
}
