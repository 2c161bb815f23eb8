/**
 * What an operator can do about an order (the `npm run orders` CLI): look at it, push it on
 * again after an outage, or give the buyer's money back. Same jobs and claims as the worker,
 * so an operator running beside live instances never doubles their work.
 */
import { assertNever, type LedgerEntry, type OrderStatus } from '@tern/contract';
import type { OrdersContext } from './context';
import type { JobRunner } from './job-runner';
import { toLedgerEntry } from './mappers';
import { checkPayment } from './payment-check';
import {
  addOrderEvent,
  findJobForOrder,
  findLedgerEntryForOrder,
  findOrderByReference,
  type JobRow,
  jobIsLeased,
  listOrderEvents,
  listRecentOrders,
  type OrderEventRow,
  type OrderListRow,
  type OrderRow,
  restartJob,
} from './repository';
import { confirmationStep, mayBeRefunded } from './status';

export class OperatorError extends Error {
  override name = 'OperatorError';
}

export interface OrderDetails {
  order: OrderRow;
  job: JobRow | undefined;
  ledger: LedgerEntry | undefined;
  events: OrderEventRow[];
}

export function listOrders(ctx: OrdersContext, limit: number): Promise<OrderListRow[]> {
  return listRecentOrders(ctx.db, limit);
}

export async function orderDetails(ctx: OrdersContext, reference: string): Promise<OrderDetails> {
  const order = await mustFind(ctx, reference);
  const ledger = await findLedgerEntryForOrder(ctx.db, order.id);
  return {
    order,
    job: await findJobForOrder(ctx.db, order.id),
    ledger: ledger ? toLedgerEntry(ledger) : undefined,
    events: await listOrderEvents(ctx.db, order.id),
  };
}

/**
 * Moves an order on: asks the gateway again when it is not known to be paid, restarts a
 * stuck or parked delivery with a fresh attempt budget, retries a pending refund.
 */
export async function retryOrder(
  ctx: OrdersContext,
  runner: JobRunner,
  reference: string,
): Promise<OrderStatus> {
  let order = await mustFind(ctx, reference);
  const now = ctx.clock();
  await refuseWhileLeased(ctx, order, now);
  switch (confirmationStep(order.status)) {
    case 'ask-gateway':
      order = (await checkPayment(ctx, order)).order;
      break;
    case 'fulfil':
      await restartJob(ctx.db, { orderId: order.id, kind: 'fulfil', now });
      await addOrderEvent(ctx.db, order.id, now, 'operator-retry');
      break;
    case 'answer':
      if (order.status !== 'fulfilment_failed') return order.status;
      await restartJob(ctx.db, { orderId: order.id, kind: 'refund', now });
      await addOrderEvent(ctx.db, order.id, now, 'operator-retry');
      break;
  }
  await runner.runJobsForOrder(order.id);
  return (await mustFind(ctx, reference)).status;
}

/** Gives the money back (void or refund at the gateway) and tells the buyer. */
export async function refundOrder(
  ctx: OrdersContext,
  runner: JobRunner,
  reference: string,
): Promise<OrderStatus> {
  const order = await mustFind(ctx, reference);
  if (!mayBeRefunded(order.status)) {
    throw new OperatorError(`${reference} is ${order.status}: ${whyNoRefund(order.status)}`);
  }
  const now = ctx.clock();
  await refuseWhileLeased(ctx, order, now);
  await restartJob(ctx.db, { orderId: order.id, kind: 'refund', now });
  await addOrderEvent(ctx.db, order.id, now, 'operator-refund');
  await runner.runJobsForOrder(order.id);
  return (await mustFind(ctx, reference)).status;
}

function whyNoRefund(status: OrderStatus): string {
  switch (status) {
    case 'created':
    case 'awaiting_payment':
      return 'nothing was paid yet (try "retry" to ask the gateway)';
    case 'payment_failed':
    case 'cancelled':
      return 'nothing was paid';
    case 'refunded':
      return 'the money was already given back';
    case 'paid':
    case 'fulfilling':
    case 'fulfilled':
    case 'fulfilment_failed':
      return 'it can be refunded';
    default:
      return assertNever(status, 'order status');
  }
}

/** Restarting a job a live worker holds could let two runs buy at once. */
async function refuseWhileLeased(ctx: OrdersContext, order: OrderRow, now: Date): Promise<void> {
  if (await jobIsLeased(ctx.db, order.id, now)) {
    throw new OperatorError(
      `A worker is on ${order.gatewayOrderId} right now; try again when its lease ends`,
    );
  }
}

async function mustFind(ctx: OrdersContext, reference: string): Promise<OrderRow> {
  const order = await findOrderByReference(ctx.db, reference);
  if (!order) throw new OperatorError(`No order ${reference}`);
  return order;
}
