/**
 * The in-process background worker: every few seconds it runs the order jobs that are due,
 * the reconciler's periodic round among them. Every instance may run one; leases keep them
 * from doing the same work twice. Timing, overlap and stopping as lib/background-rounds.ts says.
 */
import { type BackgroundRounds, repeatInBackground } from '../../lib/background-rounds';
import type { OrdersContext } from './context';
import type { OrderJobs } from './order-jobs';

export type OrderWorker = BackgroundRounds;

export function startOrderWorker(ctx: OrdersContext, jobs: OrderJobs): OrderWorker {
  const tick = async () => {
    await jobs.runBackgroundRound();
  };
  return repeatInBackground(ctx.settings.workerIntervalMs, tick, (error) =>
    ctx.log.error({ err: error }, 'order worker round failed'),
  );
}
