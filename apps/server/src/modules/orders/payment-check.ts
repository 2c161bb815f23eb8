/**
 * Asks the gateway whether an order was paid and moves ours accordingly. Moving to paid and
 * enqueueing the fulfilment job happen in one transaction under the order's row lock, so
 * however many confirmations, notifications and reconcilers ask at once, the order is
 * paid once and has one job.
 */
import type { OrdersContext } from './context';
import { reread } from './fulfilment';
import { type GatewayVerdict, judgeGatewayOrder } from './gateway-verdict';
import {
  addOrderEvent,
  countPaymentCheck,
  enqueueJob,
  lockOrder,
  type OrderRow,
  updateOrder,
} from './repository';
import { acceptsPayment } from './status';

export interface PaymentCheck {
  order: OrderRow;
  verdict: GatewayVerdict;
}

/** Throws when the gateway cannot be asked; the caller decides what that means. */
export async function checkPayment(ctx: OrdersContext, order: OrderRow): Promise<PaymentCheck> {
  const gatewayOrder = await ctx.gateway().retrieveOrder(order.gatewayOrderId);
  const verdict = judgeGatewayOrder(gatewayOrder, order);
  await countPaymentCheck(ctx.db, order.id, ctx.clock());
  switch (verdict.kind) {
    case 'paid':
      return { order: await markPaid(ctx, order.id, verdict.paymentTransactionId), verdict };
    case 'failed':
      return { order: await markPaymentFailed(ctx, order), verdict };
    case 'mismatch':
      ctx.log.error({ order: order.gatewayOrderId, reason: verdict.reason }, 'payment mismatch');
      await addOrderEvent(ctx.db, order.id, ctx.clock(), 'payment-mismatch', verdict.reason);
      return { order: await reread(ctx.db, order.id), verdict };
    case 'unpaid':
      return { order: await reread(ctx.db, order.id), verdict };
  }
}

async function markPaid(
  ctx: OrdersContext,
  orderId: number,
  paymentTransactionId: string | undefined,
): Promise<OrderRow> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new Error(`Order ${orderId} disappeared`);
    if (!acceptsPayment(order.status)) return order;
    const now = ctx.clock();
    const paid = await updateOrder(tx, orderId, {
      status: 'paid',
      paidAt: now,
      paymentTransactionId: paymentTransactionId ?? null,
      updatedAt: now,
    });
    await enqueueJob(tx, { orderId, kind: 'fulfil', now });
    await addOrderEvent(tx, orderId, now, 'paid', `was ${order.status}`);
    return paid ?? order;
  });
}

async function markPaymentFailed(ctx: OrdersContext, order: OrderRow): Promise<OrderRow> {
  const now = ctx.clock();
  const failed = await updateOrder(ctx.db, order.id, { status: 'payment_failed', updatedAt: now }, [
    'created',
    'awaiting_payment',
  ]);
  if (failed) await addOrderEvent(ctx.db, order.id, now, 'payment-failed');
  return failed ?? reread(ctx.db, order.id);
}

/** Gives up on an order nobody paid: its gateway session has expired by now. */
export async function cancelUnpaid(ctx: OrdersContext, order: OrderRow): Promise<OrderRow> {
  const now = ctx.clock();
  const cancelled = await updateOrder(
    ctx.db,
    order.id,
    { status: 'cancelled', cancelledAt: now, updatedAt: now },
    ['created', 'awaiting_payment'],
  );
  if (cancelled) await addOrderEvent(ctx.db, order.id, now, 'cancelled', 'abandoned unpaid');
  return cancelled ?? reread(ctx.db, order.id);
}
