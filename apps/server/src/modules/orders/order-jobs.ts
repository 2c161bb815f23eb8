/**
 * The orders module's kinds of job on the one engine (jobs/engine.ts): an order's job first
 * delivers the eSIM ('fulfil'); when that cannot be done it turns into giving the money back
 * ('refund'), under the same key. Out of attempts before the eSIM was bought, the order turns
 * to fulfilment_failed and the job gives the money back; with the eSIM already bought, it is
 * parked for an operator instead of refunding a delivery. The reconciler is a periodic job, so
 * one instance at a time asks the gateway about abandoned orders.
 */
import type { Db } from '../../db/client';
import { EsimGoError } from '../../integrations/esimgo/client';
import {
  createJobEngine,
  done,
  enqueueJob,
  type JobKind,
  type JobOutcome,
  type JobRow,
  type Lease,
  reasonOf,
  restartJob,
} from '../../jobs/engine';
import type { OrdersContext } from './context';
import { fulfilOrder } from './fulfilment';
import { giveMoneyBack } from './money-back';
import type { ReconcileReport } from './reconciler';
import { addOrderEvent, findOrderById, type OrderRow, updateOrder } from './repository';

export type OrderJobKind = 'fulfil' | 'refund';

// An order's job runs at most as fulfil then refund; a third claim means nothing is due.
const MAX_CLAIMS_PER_ORDER = 3;

/** The key of an order's one job. */
export const orderJobKey = (orderId: number): string => `order:${orderId}`;

function orderIdOf(job: JobRow): number {
  return Number(job.key.slice('order:'.length));
}

/** A paid order's delivery, due now; a second enqueue (a replayed confirmation) changes nothing. */
export function enqueueFulfilment(tx: Db, orderId: number, now: Date): Promise<void> {
  return enqueueJob(tx, { kind: 'fulfil', key: orderJobKey(orderId), runAfter: now, now });
}

export type OrderJobs = ReturnType<typeof createOrderJobs>;

/** `reconcile` is the reconciler's round, passed in: it enqueues fulfilments itself. */
export function createOrderJobs(ctx: OrdersContext, reconcile: () => Promise<ReconcileReport>) {
  const engine = createJobEngine({
    db: ctx.db,
    clock: ctx.clock,
    log: ctx.log,
    workerId: ctx.workerId,
    leaseMs: ctx.settings.leaseMs,
    kinds: {
      fulfil: fulfilKind(ctx),
      refund: refundKind(ctx),
      reconcile: reconcileKind(ctx, reconcile),
    },
  });
  return {
    ...engine,
    /** Runs this order's job now if it is due and free (fulfil, then refund if it came to that). */
    runJobsForOrder: (orderId: number) => engine.runJob(orderJobKey(orderId), MAX_CLAIMS_PER_ORDER),
  };
}

/** Runs a step on the job's order; a job whose order is gone has nothing left to do. */
async function onOrder(
  ctx: OrdersContext,
  job: JobRow,
  step: (order: OrderRow) => Promise<JobOutcome>,
): Promise<JobOutcome> {
  const order = await findOrderById(ctx.db, orderIdOf(job));
  return order ? step(order) : done;
}

function recordFailure(ctx: OrdersContext) {
  return async (job: JobRow, reason: string): Promise<void> => {
    const at = ctx.clock();
    const detail = `attempt ${job.attempts}: ${reason}`;
    await addOrderEvent(ctx.db, orderIdOf(job), at, `${job.kind}-attempt-failed`, detail);
  };
}

function fulfilKind(ctx: OrdersContext): JobKind {
  return {
    maxAttempts: ctx.settings.maxAttempts,
    retryBaseMs: ctx.settings.retryBaseMs,
    run: (job, lease) =>
      onOrder(ctx, job, async (order) => {
        try {
          return await fulfilOrder(ctx, lease, order);
        } catch (error) {
          return afterThrown(ctx, order, error);
        }
      }),
    failed: recordFailure(ctx),
    exhausted: async (job, lease, reason) => {
      const order = await findOrderById(ctx.db, orderIdOf(job));
      if (!order) return 'park';
      if (order.providerOrderReference === null) {
        await giveUpDelivery(ctx, lease, order, reason);
        return 'handled';
      }
      await parkBought(ctx, order, reason);
      return 'park';
    },
  };
}

/**
 * A fault in a fulfilment step: the provider refusing the order itself (not a fault or a
 * limit) before anything was bought is final, as trying again cannot help.
 */
async function afterThrown(
  ctx: OrdersContext,
  order: OrderRow,
  error: unknown,
): Promise<JobOutcome> {
  const current = (await findOrderById(ctx.db, order.id)) ?? order;
  const final = current.providerOrderReference === null && isPermanentRefusal(error);
  return { kind: 'failed', reason: reasonOf(error), final, cause: error };
}

function isPermanentRefusal(error: unknown): boolean {
  return error instanceof EsimGoError && error.failure === 'http' && !error.transient;
}

/** Out of attempts after the eSIM was bought: an operator looks, nobody refunds a delivery. */
async function parkBought(ctx: OrdersContext, order: OrderRow, reason: string): Promise<void> {
  ctx.log.error(
    { order: order.gatewayOrderId },
    'fulfilment out of attempts after the eSIM was bought; parked for an operator',
  );
  await addOrderEvent(ctx.db, order.id, ctx.clock(), 'parked', reason);
}

/** The eSIM cannot be had: the order fails, and its job turns to giving the money back. */
async function giveUpDelivery(ctx: OrdersContext, lease: Lease, order: OrderRow, reason: string) {
  if (!(await lease.renew())) return;
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const failed = await updateOrder(
      tx,
      order.id,
      { status: 'fulfilment_failed', updatedAt: now },
      ['paid', 'fulfilling'],
    );
    if (!failed) return;
    await addOrderEvent(tx, order.id, now, 'fulfilment-failed', reason);
    await restartJob(tx, { key: orderJobKey(order.id), kind: 'refund', now, error: reason });
  });
}

/** Money goes back however long it takes: past the last attempt it is retried and shouted. */
function refundKind(ctx: OrdersContext): JobKind {
  return {
    maxAttempts: ctx.settings.maxAttempts,
    retryBaseMs: ctx.settings.retryBaseMs,
    run: (job) => onOrder(ctx, job, (order) => giveMoneyBack(ctx, order)),
    failed: recordFailure(ctx),
    exhausted: async (job) => {
      ctx.log.error({ orderId: orderIdOf(job), attempts: job.attempts }, 'money not returned yet');
      return 'retry';
    },
  };
}

function reconcileKind(ctx: OrdersContext, reconcile: () => Promise<ReconcileReport>): JobKind {
  return {
    maxAttempts: Number.POSITIVE_INFINITY,
    retryBaseMs: ctx.settings.retryBaseMs,
    everyMs: ctx.settings.reconcileIntervalMs,
    run: async () => {
      ctx.log.debug(await reconcile(), 'reconciled unpaid orders');
      return done;
    },
  };
}
