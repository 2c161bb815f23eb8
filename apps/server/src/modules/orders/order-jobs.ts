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
import type { OrdersDependencies } from './dependencies';
import { fulfilOrder } from './fulfilment';
import { giveMoneyBack } from './money-back';
import { PARKED_EVENT } from './parked';
import { balanceKind } from './provider-balance';
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
export function createOrderJobs(
  deps: OrdersDependencies,
  reconcile: () => Promise<ReconcileReport>,
) {
  const engine = createJobEngine({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    workerId: deps.workerId,
    leaseMs: deps.settings.leaseMs,
    kinds: {
      fulfil: fulfilKind(deps),
      refund: refundKind(deps),
      reconcile: reconcileKind(deps, reconcile),
      'provider-balance': balanceKind(deps, deps.balanceWatch),
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
  deps: OrdersDependencies,
  job: JobRow,
  step: (order: OrderRow) => Promise<JobOutcome>,
): Promise<JobOutcome> {
  const order = await findOrderById(deps.db, orderIdOf(job));
  return order ? step(order) : done;
}

function recordFailure(deps: OrdersDependencies) {
  return async (job: JobRow, reason: string): Promise<void> => {
    const at = deps.clock();
    const detail = `attempt ${job.attempts}: ${reason}`;
    await addOrderEvent(deps.db, orderIdOf(job), at, `${job.kind}-attempt-failed`, detail);
  };
}

function fulfilKind(deps: OrdersDependencies): JobKind {
  return {
    maxAttempts: deps.settings.maxAttempts,
    retryBaseMs: deps.settings.retryBaseMs,
    run: (job, lease) =>
      onOrder(deps, job, async (order) => {
        try {
          return await fulfilOrder(deps, lease, order);
        } catch (error) {
          return afterThrown(deps, order, error);
        }
      }),
    failed: recordFailure(deps),
    exhausted: async (job, lease, reason) => {
      const order = await findOrderById(deps.db, orderIdOf(job));
      if (!order) return 'park';
      if (order.providerOrderReference === null) {
        await giveUpDelivery(deps, lease, order, reason);
        return 'handled';
      }
      await parkBought(deps, order, reason);
      return 'park';
    },
  };
}

/**
 * A fault in a fulfilment step: the provider refusing the order itself (not a fault or a
 * limit) before anything was bought is final, as trying again cannot help.
 */
async function afterThrown(
  deps: OrdersDependencies,
  order: OrderRow,
  error: unknown,
): Promise<JobOutcome> {
  const current = (await findOrderById(deps.db, order.id)) ?? order;
  const final = current.providerOrderReference === null && isPermanentRefusal(error);
  return { kind: 'failed', reason: reasonOf(error), final, cause: error };
}

function isPermanentRefusal(error: unknown): boolean {
  return error instanceof EsimGoError && error.failure === 'http' && !error.transient;
}

/** Out of attempts after the eSIM was bought: an operator looks, nobody refunds a delivery. */
async function parkBought(
  deps: OrdersDependencies,
  order: OrderRow,
  reason: string,
): Promise<void> {
  deps.log.error(
    { order: order.gatewayOrderId },
    'fulfilment out of attempts after the eSIM was bought; parked for an operator',
  );
  await addOrderEvent(deps.db, order.id, deps.clock(), PARKED_EVENT, reason);
}

/** The eSIM cannot be had: the order fails, and its job turns to giving the money back. */
async function giveUpDelivery(
  deps: OrdersDependencies,
  lease: Lease,
  order: OrderRow,
  reason: string,
) {
  if (!(await lease.renew())) return;
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
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
function refundKind(deps: OrdersDependencies): JobKind {
  return {
    maxAttempts: deps.settings.maxAttempts,
    retryBaseMs: deps.settings.retryBaseMs,
    run: (job) => onOrder(deps, job, (order) => giveMoneyBack(deps, order)),
    failed: recordFailure(deps),
    exhausted: async (job) => {
      deps.log.error({ orderId: orderIdOf(job), attempts: job.attempts }, 'money not returned yet');
      return 'retry';
    },
  };
}

function reconcileKind(
  deps: OrdersDependencies,
  reconcile: () => Promise<ReconcileReport>,
): JobKind {
  return {
    maxAttempts: Number.POSITIVE_INFINITY,
    retryBaseMs: deps.settings.retryBaseMs,
    everyMs: deps.settings.reconcileIntervalMs,
    run: async () => {
      deps.log.debug(await reconcile(), 'reconciled unpaid orders');
      return done;
    },
  };
}
