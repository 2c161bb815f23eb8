/**
 * The in-process background worker: every few seconds it runs the order jobs that are due,
 * the reconciler's periodic round among them. Every instance may run one; leases keep them
 * from doing the same work twice. Timing, overlap and stopping as lib/background-rounds.ts says.
 */
import { type BackgroundRounds, repeatInBackground } from '../../lib/background-rounds';
import type { OrdersDependencies } from './dependencies';
import type { OrderJobs } from './order-jobs';

export type OrderWorker = BackgroundRounds;

export function startOrderWorker(deps: OrdersDependencies, jobs: OrderJobs): OrderWorker {
  const tick = async () => {
    await jobs.runBackgroundRound();
  };
  return repeatInBackground(deps.settings.workerIntervalMs, tick, (error) =>
    deps.log.error({ err: error }, 'order worker round failed'),
  );
}
