/**
 * Runs fulfilment jobs: claims one (a lease, taken with FOR UPDATE SKIP LOCKED), runs it, and
 * on failure retries it later with exponential back-off. Out of attempts before the eSIM was
 * bought, the order turns to fulfilment_failed and the same job gives the money back; with
 * the eSIM already bought, the job waits for an operator instead of refunding a delivery.
 * The worker, the confirmation call and the operator CLI all run jobs through here.
 */
import { assertNever } from '@tern/contract';
import { EsimGoError } from '../../integrations/esimgo/client';
import type { OrdersContext } from './context';
import { fulfilOrder } from './fulfilment';
import { type JobClaim, JobDeferred, LeaseLost, leaseExpiryFrom } from './job-claim';
import { giveMoneyBack } from './money-back';
import {
  addOrderEvent,
  claimDueJob,
  findOrderById,
  finishJob,
  type JobRow,
  type OrderRow,
  parkJob,
  renewLease,
  rescheduleJob,
  restartJob,
  updateOrder,
} from './repository';
import { retryDelayMs } from './retry-schedule';

// One order's job runs at most as fulfil then refund; a third claim means nothing is due.
const MAX_CLAIMS_PER_ORDER = 3;
const DEFAULT_BATCH = 50;

export type JobRunner = ReturnType<typeof createJobRunner>;

export function createJobRunner(ctx: OrdersContext) {
  /** Claims one due job (of this order, when given) and runs it; false when none was due. */
  async function claimAndRun(orderId?: number): Promise<boolean> {
    const now = ctx.clock();
    const job = await claimDueJob(ctx.db, {
      now,
      leaseUntil: leaseExpiryFrom(ctx, now),
      workerId: ctx.workerId,
      ...(orderId === undefined ? {} : { orderId }),
    });
    if (!job) return false;
    await runClaimed(job);
    return true;
  }

  async function runClaimed(job: JobRow): Promise<void> {
    const claim: JobClaim = { id: job.id, workerId: ctx.workerId };
    const order = await findOrderById(ctx.db, job.orderId);
    if (!order) {
      await finishJob(ctx.db, claim, ctx.clock());
      return;
    }
    try {
      switch (job.kind) {
        case 'fulfil':
          await fulfilOrder(ctx, claim, order);
          return;
        case 'refund':
          await giveMoneyBack(ctx, claim, order);
          return;
        default:
          assertNever(job.kind, 'job kind');
      }
    } catch (error) {
      if (error instanceof LeaseLost) {
        ctx.log.warn({ order: order.gatewayOrderId }, 'lost the lease on a job; left it alone');
        return;
      }
      // Waiting for the provider: the job was put back to run later, no attempt spent.
      if (error instanceof JobDeferred) return;
      await afterFailure(claim, job, error);
    }
  }

  async function afterFailure(claim: JobClaim, job: JobRow, error: unknown): Promise<void> {
    const order = await findOrderById(ctx.db, job.orderId);
    if (!order) return;
    const message = describe(error);
    ctx.log.warn(
      { err: error, order: order.gatewayOrderId, kind: job.kind, attempt: job.attempts },
      'order job attempt failed',
    );
    await addOrderEvent(
      ctx.db,
      order.id,
      ctx.clock(),
      `${job.kind}-attempt-failed`,
      `attempt ${job.attempts}: ${message}`,
    );
    switch (job.kind) {
      case 'fulfil':
        return afterFulfilmentFailure(claim, job, order, error);
      case 'refund':
        return retryLater(claim, job, message);
      default:
        return assertNever(job.kind, 'job kind');
    }
  }

  async function afterFulfilmentFailure(
    claim: JobClaim,
    job: JobRow,
    order: OrderRow,
    error: unknown,
  ): Promise<void> {
    const message = describe(error);
    const bought = order.providerOrderReference !== null;
    const pointless = !bought && isPermanentRefusal(error);
    if (job.attempts < ctx.settings.maxAttempts && !pointless) {
      return retryLater(claim, job, message);
    }
    const now = ctx.clock();
    if (bought) {
      ctx.log.error(
        { order: order.gatewayOrderId },
        'fulfilment out of attempts after the eSIM was bought; parked for an operator',
      );
      await parkJob(ctx.db, claim, { now, error: message });
      await addOrderEvent(ctx.db, order.id, now, 'parked', message);
      return;
    }
    await giveUpDelivery(claim, order, message);
  }

  /** The eSIM cannot be had: the order fails, and its job turns to giving the money back. */
  async function giveUpDelivery(claim: JobClaim, order: OrderRow, message: string) {
    const now = ctx.clock();
    if (!(await renewLease(ctx.db, claim, now, leaseExpiryFrom(ctx, now)))) return;
    await ctx.db.transaction(async (tx) => {
      const failed = await updateOrder(
        tx,
        order.id,
        { status: 'fulfilment_failed', updatedAt: now },
        ['paid', 'fulfilling'],
      );
      if (!failed) return;
      await addOrderEvent(tx, order.id, now, 'fulfilment-failed', message);
      await restartJob(tx, { orderId: order.id, kind: 'refund', now, error: message });
    });
  }

  async function retryLater(claim: JobClaim, job: JobRow, message: string): Promise<void> {
    const delay = retryDelayMs(ctx.settings.retryBaseMs, job.attempts);
    if (job.kind === 'refund' && job.attempts >= ctx.settings.maxAttempts) {
      ctx.log.error({ orderId: job.orderId, attempts: job.attempts }, 'money not returned yet');
    }
    const runAfter = new Date(ctx.clock().getTime() + delay);
    await rescheduleJob(ctx.db, claim, { runAfter, error: message });
  }

  return {
    claimAndRun,
    /** Runs due jobs until none is left or `limit` ran; returns how many ran. */
    async runDueJobs(limit = DEFAULT_BATCH): Promise<number> {
      let ran = 0;
      while (ran < limit && (await claimAndRun())) ran += 1;
      return ran;
    },
    /** Runs this order's job now if it is due and free (fulfil, then refund if it came to that). */
    async runJobsForOrder(orderId: number): Promise<void> {
      for (let claims = 0; claims < MAX_CLAIMS_PER_ORDER; claims += 1) {
        if (!(await claimAndRun(orderId))) return;
      }
    },
  };
}

/** The provider refused the order itself (not a fault or a limit): trying again cannot help. */
function isPermanentRefusal(error: unknown): boolean {
  return error instanceof EsimGoError && error.failure === 'http' && !error.transient;
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}
