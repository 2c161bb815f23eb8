/**
 * What an operator can do about an order (the `npm run orders` CLI): look at it, push it on
 * again after an outage, or give the buyer's money back. Same jobs and claims as the worker,
 * so an operator running beside live instances never doubles their work.
 */
import { assertNever, type LedgerEntry, type OrderStatus } from '@tern/contract';
import { findJob, type JobRow, jobIsLeased, restartJob } from '../../jobs/engine';
import type { OrdersDependencies } from './dependencies';
import { sendDeliveryMail } from './fulfilment';
import { type OrderJobKind, type OrderJobs, orderJobKey } from './order-jobs';
import { HANDLED_EVENT, isParked } from './parked';
import { checkPayment } from './payment-check';
import {
  addOrderEvent,
  type ClientOrderRow,
  countClientOrders,
  findOrderByReference,
  listClientOrders,
  listOrderEvents,
  listRecentOrders,
  type OrderEventRow,
  type OrderRow,
  type RecentOrderRow,
  searchOrders,
} from './repository';
import { confirmationStep, mayBeRefunded } from './status';

/** Why an operator's action did nothing: the console answers each in its own words. */
export type OperatorRefusal =
  | 'usage'
  | 'not-found'
  | 'busy'
  | 'not-refundable'
  | 'not-delivered'
  | 'not-parked';

/**
 * An operator dealt with a parked order outside the shop (the eSIM given to the buyer by hand,
 * or the buyer helped otherwise): noted in its history with why, and no longer listed as paid
 * but not fulfilled. Refused for an order that is not parked, and while a worker holds it.
 */
export async function markHandled(
  deps: OrdersDependencies,
  reference: string,
  note: string,
): Promise<OrderStatus> {
  const order = await mustFind(deps, reference);
  if (await jobIsLeased(deps.db, orderJobKey(order.id), deps.clock())) {
    throw new OperatorError(
      `A worker is on ${order.gatewayOrderId} right now; try again when its lease ends`,
      'busy',
    );
  }
  if (!isParked(order.status, await listOrderEvents(deps.db, order.id))) {
    throw new OperatorError(`${reference} is not waiting for an operator`, 'not-parked');
  }
  await addOrderEvent(deps.db, order.id, deps.clock(), HANDLED_EVENT, note);
  return order.status;
}

export class OperatorError extends Error {
  override name = 'OperatorError';
  constructor(
    message: string,
    readonly refusal: OperatorRefusal = 'usage',
  ) {
    super(message);
  }
}

export interface OrderDetails {
  order: OrderRow;
  job: JobRow | undefined;
  ledger: LedgerEntry | undefined;
  events: OrderEventRow[];
  /** A worker holds the order's job now: an operator's action would be refused. */
  busy: boolean;
}

/** An order in the operator's list: who bought what, when, and where it stands. */
export interface OrderListRow extends Omit<RecentOrderRow, 'clientId'> {
  clientEmail: string;
}

export async function listOrders(deps: OrdersDependencies, limit: number): Promise<OrderListRow[]> {
  return withEmails(deps, await listRecentOrders(deps.db, limit));
}

async function withEmails(
  deps: OrdersDependencies,
  rows: readonly RecentOrderRow[],
): Promise<OrderListRow[]> {
  const emails = await deps.clients.emailsOf(rows.map((row) => row.clientId));
  return rows.map(({ clientId, ...row }) => ({
    ...row,
    clientEmail: emails.get(clientId) ?? `(client ${clientId} is gone)`,
  }));
}

/** The console's search: words to match, a status, and the days (UTC) the order was made in. */
export interface OperatorOrderSearch {
  text?: string | undefined;
  status?: OrderStatus | undefined;
  /** YYYY-MM-DD, both days included. */
  fromDay?: string | undefined;
  toDay?: string | undefined;
}

const DAY_MS = 86_400_000;

/**
 * Orders an operator's search names: by any reference, ICCID or buyer's e-mail, within the
 * status and days asked for; the most recent ones when nothing is asked.
 */
export async function findOrders(
  deps: OrdersDependencies,
  search: OperatorOrderSearch,
  limit: number,
): Promise<OrderListRow[]> {
  const text = search.text?.trim() || undefined;
  const clientId = text?.includes('@') ? await deps.clients.idOfEmail(text) : undefined;
  const rows = await searchOrders(
    deps.db,
    {
      reference: text,
      clientId,
      status: search.status,
      createdFrom: search.fromDay ? new Date(`${search.fromDay}T00:00:00Z`) : undefined,
      createdBefore: search.toDay
        ? new Date(Date.parse(`${search.toDay}T00:00:00Z`) + DAY_MS)
        : undefined,
    },
    limit,
  );
  return withEmails(deps, rows);
}

/** Sends the eSIM (or top-up) e-mail of a delivered order again, as the buyer lost it. */
export async function resendEsimMail(
  deps: OrdersDependencies,
  reference: string,
): Promise<OrderStatus> {
  const order = await mustFind(deps, reference);
  if (order.status !== 'fulfilled') {
    throw new OperatorError(
      `${reference} is ${order.status}: no eSIM was delivered`,
      'not-delivered',
    );
  }
  await sendDeliveryMail(deps, order);
  await addOrderEvent(deps.db, order.id, deps.clock(), 'operator-resent-esim-mail');
  return order.status;
}

export async function orderDetails(
  deps: OrdersDependencies,
  reference: string,
): Promise<OrderDetails> {
  const order = await mustFind(deps, reference);
  return {
    order,
    job: await findJob(deps.db, orderJobKey(order.id)),
    ledger: await deps.ledger.entryOfOrder(order.id),
    events: await listOrderEvents(deps.db, order.id),
    busy: await jobIsLeased(deps.db, orderJobKey(order.id), deps.clock()),
  };
}

/**
 * Moves an order on: retries a pending refund, asks the gateway again when the order is not
 * known to be paid, restarts a stuck or parked delivery with a fresh attempt budget.
 */
export async function retryOrder(
  deps: OrdersDependencies,
  runner: OrderJobs,
  delivered: DeliveredOrderRefunds,
  reference: string,
): Promise<OrderStatus> {
  let order = await mustFind(deps, reference);
  // A delivered order's refund (the buyer's or an operator's) is the refunds module's job.
  if (await delivered.carryOnRefund(order)) return (await mustFind(deps, reference)).status;
  const step = retryStep(order.status, await findJob(deps.db, orderJobKey(order.id)));
  if (!step) return order.status;
  if (step === 'ask-gateway') {
    order = (await checkPayment(deps, order)).order;
  } else {
    await restartIdleJob(deps, order, step, 'operator-retry');
  }
  await runner.runJobsForOrder(order.id);
  return (await mustFind(deps, reference)).status;
}

/** What a retry does: ask the gateway, restart a job of this kind, or nothing (settled). */
function retryStep(
  status: OrderStatus,
  job: JobRow | undefined,
): 'ask-gateway' | OrderJobKind | undefined {
  // A refund someone asked for stays a refund, whatever the status: never deliver instead.
  if (job?.kind === 'refund' && job.doneAt === null) return 'refund';
  switch (confirmationStep(status)) {
    case 'ask-gateway':
      return 'ask-gateway';
    case 'fulfil':
      return 'fulfil';
    case 'answer':
      return status === 'fulfilment_failed' ? 'refund' : undefined;
  }
}

/**
 * The refunds module's refund of a delivered order, handed in by the caller (the refunds module
 * builds on orders, so orders cannot import it): the buyer's own refund job, which revokes the
 * order's bundles at eSIM Go and refunds them from its inventory besides giving the money back.
 */
export interface DeliveredOrderRefunds {
  refundDelivered(order: { id: number; clientId: number; iccid: string }): Promise<void>;
  /** Carries on the order's refund when one is under way; false when there is none. */
  carryOnRefund(order: { id: number }): Promise<boolean>;
}

/**
 * Gives the money back (void or refund at the gateway) and tells the buyer. A delivered order's
 * eSIM Go side goes back too (its bundles revoked, refunded from the inventory), through the
 * refunds module; an order with nothing delivered only has money to return.
 */
export async function refundOrder(
  deps: OrdersDependencies,
  runner: OrderJobs,
  delivered: DeliveredOrderRefunds,
  reference: string,
  /** Kept in the order's history beside the refund. */
  reason?: string,
): Promise<OrderStatus> {
  const order = await mustFind(deps, reference);
  if (!mayBeRefunded(order.status)) {
    throw new OperatorError(
      `${reference} is ${order.status}: ${whyNoRefund(order.status)}`,
      'not-refundable',
    );
  }
  if (order.status === 'fulfilled' && order.iccid) {
    await refundDeliveredOrder(deps, delivered, { ...order, iccid: order.iccid }, reason);
  } else {
    await restartIdleJob(deps, order, 'refund', 'operator-refund', reason);
    await runner.runJobsForOrder(order.id);
  }
  return (await mustFind(deps, reference)).status;
}

async function refundDeliveredOrder(
  deps: OrdersDependencies,
  delivered: DeliveredOrderRefunds,
  order: OrderRow & { iccid: string },
  reason: string | undefined,
): Promise<void> {
  // The order's own job must not run beside it (its money-back would mail the buyer twice).
  if (await jobIsLeased(deps.db, orderJobKey(order.id), deps.clock())) {
    throw new OperatorError(
      `A worker is on ${order.gatewayOrderId} right now; try again when its lease ends`,
      'busy',
    );
  }
  await addOrderEvent(deps.db, order.id, deps.clock(), 'operator-refund', reason);
  await delivered.refundDelivered(order);
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

/** Restarts the order's job, noting why; refused while a live worker holds it. */
async function restartIdleJob(
  deps: OrdersDependencies,
  order: OrderRow,
  kind: OrderJobKind,
  event: string,
  detail?: string,
): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    // Restarting a job a live worker holds could let two runs buy at once.
    if (!(await restartJob(tx, { key: orderJobKey(order.id), kind, now, unlessLeased: true }))) {
      throw new OperatorError(
        `A worker is on ${order.gatewayOrderId} right now; try again when its lease ends`,
        'busy',
      );
    }
    await addOrderEvent(tx, order.id, now, event, detail);
  });
}

async function mustFind(deps: OrdersDependencies, reference: string): Promise<OrderRow> {
  const order = await findOrderByReference(deps.db, reference);
  if (!order) throw new OperatorError(`No order ${reference}`, 'not-found');
  return order;
}

export type { ClientOrderRow };

/** An account's orders, newest first, for the operator's page of that account. */
export function ordersOfClient(
  deps: OrdersDependencies,
  clientId: number,
): Promise<ClientOrderRow[]> {
  return listClientOrders(deps.db, clientId);
}

/** How many orders each of these accounts made, for the operator's list of accounts. */
export function orderCountsOfClients(
  deps: OrdersDependencies,
  clientIds: readonly number[],
): Promise<Map<number, number>> {
  return countClientOrders(deps.db, clientIds);
}
