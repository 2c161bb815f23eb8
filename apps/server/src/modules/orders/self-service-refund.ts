/**
 * What a self-service refund (the refunds module) needs of orders: the orders that put bundles
 * on an eSIM, their money back through money-back's `returnPayment` (which reads the gateway's
 * view first, so a repeat or a concurrent twin never voids or refunds twice), and the order
 * marked refunded with its event. The orders table stays this module's own.
 */
import type { Db } from '../../db/client';
import { creditOrderOf } from './credit-order';
import type { OrdersDependencies } from './dependencies';
import type { MoneyReturn } from './money-back';
import { returnPayment } from './money-back';

import { addOrderEvent, findOrdersByIds, type OrderRow, updateOrder } from './repository';

export type { MoneyReturn, OrderRow };

export type OrderRefunds = ReturnType<typeof createOrderRefunds>;

export function createOrderRefunds(deps: OrdersDependencies) {
  return {
    /** The orders, by id. */
    findOrders: (ids: readonly number[]): Promise<OrderRow[]> => findOrdersByIds(deps.db, ids),

    /** Voids the hold or refunds the capture, as the gateway's view of the order says. */
    returnPayment: (order: OrderRow): Promise<MoneyReturn> => returnPayment(deps.gateway(), order),

    /**
     * A delivered order whose money went back: refunded, with its event (who asked, and how the
     * money went). Only from fulfilled, so a second mark (a retry, another instance) changes
     * nothing; true when this one did it.
     */
    async markRefunded(orderId: number, detail: string, at: Date, tx: Db): Promise<boolean> {
      const changed = await updateOrder(
        tx,
        orderId,
        { status: 'refunded', refundedAt: at, updatedAt: at },
        ['fulfilled'],
      );
      if (!changed) return false;
      await addOrderEvent(tx, orderId, at, 'refunded', detail);
      // The card part went back to the card; the store credit part goes back as credit.
      if (changed.creditCents > 0) {
        await deps.credit.returnFromOrder(tx, creditOrderOf(changed), 'order-refund');
      }
      return true;
    },
  };
}
