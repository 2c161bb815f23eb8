/**
 * Asks the gateway whether an order was paid and moves ours accordingly. Moving to paid and
 * enqueueing the fulfilment job happen in one transaction under the order's row lock, so
 * however many confirmations, notifications and reconcilers ask at once, the order is
 * paid once and has one job.
 */
import type { OrdersDependencies } from './dependencies';
import { type GatewayVerdict, judgeGatewayOrder } from './gateway-verdict';
import { returnPayment } from './money-back';
import { enqueueFulfilment } from './order-jobs';
import {
  addOrderEvent,
  countPaymentCheck,
  lockOrder,
  type OrderRow,
  reloadOrder,
  updateOrder,
} from './repository';
import { acceptsPayment } from './status';

export interface PaymentCheck {
  order: OrderRow;
  verdict: GatewayVerdict;
}

/** Throws when the gateway cannot be asked; the caller decides what that means. */
export async function checkPayment(
  deps: OrdersDependencies,
  order: OrderRow,
): Promise<PaymentCheck> {
  const gatewayOrder = await deps.gateway().retrieveOrder(order.gatewayOrderId);
  const verdict = judgeGatewayOrder(gatewayOrder, order);
  await countPaymentCheck(deps.db, order.id, deps.clock());
  switch (verdict.kind) {
    case 'paid':
      return { order: await markPaid(deps, order.id, verdict.paymentTransactionId), verdict };
    case 'failed':
      return { order: await markPaymentFailed(deps, order), verdict };
    case 'mismatch':
      return { order: await refuseMismatchedPayment(deps, order, verdict.reason), verdict };
    case 'unpaid':
      return { order: await reloadOrder(deps.db, order.id), verdict };
  }
}

async function markPaid(
  deps: OrdersDependencies,
  orderId: number,
  paymentTransactionId: string | undefined,
): Promise<OrderRow> {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new Error(`Order ${orderId} disappeared`);
    if (!acceptsPayment(order.status)) return order;
    const now = deps.clock();
    const paid = await updateOrder(tx, orderId, {
      status: 'paid',
      paidAt: now,
      paymentTransactionId: paymentTransactionId ?? null,
      updatedAt: now,
    });
    await enqueueFulfilment(tx, orderId, now);
    await addOrderEvent(tx, orderId, now, 'paid', `was ${order.status}`);
    return paid ?? order;
  });
}

async function markPaymentFailed(deps: OrdersDependencies, order: OrderRow): Promise<OrderRow> {
  const now = deps.clock();
  const failed = await updateOrder(
    deps.db,
    order.id,
    { status: 'payment_failed', updatedAt: now },
    ['created', 'awaiting_payment'],
  );
  if (failed) await addOrderEvent(deps.db, order.id, now, 'payment-failed');
  return failed ?? reloadOrder(deps.db, order.id);
}

/**
 * A payment for another amount or currency is never accepted, nor left hanging: the hold is
 * voided (or the capture refunded) first, then the order fails, so the buyer sees "Your
 * payment did not go through" and may buy again. A crash between the two is harmless: the
 * next check finds the gateway order voided, which the reconciler closes as unpaid.
 */
async function refuseMismatchedPayment(
  deps: OrdersDependencies,
  order: OrderRow,
  reason: string,
): Promise<OrderRow> {
  deps.log.error({ order: order.gatewayOrderId, reason }, 'payment mismatch');
  const how = await returnPayment(deps.gateway(), order);
  const now = deps.clock();
  const failed = await updateOrder(
    deps.db,
    order.id,
    { status: 'payment_failed', updatedAt: now },
    ['created', 'awaiting_payment', 'payment_failed', 'cancelled'],
  );
  if (failed) await addOrderEvent(deps.db, order.id, now, 'payment-mismatch', `${reason}; ${how}`);
  return failed ?? reloadOrder(deps.db, order.id);
}

/** Gives up on an order nobody paid: its gateway session has expired by now. */
export async function cancelUnpaid(deps: OrdersDependencies, order: OrderRow): Promise<OrderRow> {
  const now = deps.clock();
  const cancelled = await updateOrder(
    deps.db,
    order.id,
    { status: 'cancelled', cancelledAt: now, updatedAt: now },
    ['created', 'awaiting_payment'],
  );
  if (cancelled) await addOrderEvent(deps.db, order.id, now, 'cancelled', 'abandoned unpaid');
  return cancelled ?? reloadOrder(deps.db, order.id);
}
