/**
 * The in-process background worker: every few seconds it runs the fulfilment jobs that are
 * due, and now and then the reconciler. Every instance may run one; claims keep them from
 * doing the same work twice. Timing, overlap and stopping as lib/background-rounds.ts says.
 */
import { type BackgroundRounds, repeatInBackground } from '../../lib/background-rounds';
import type { OrdersContext } from './context';
import type { JobRunner } from './job-runner';
import { reconcileUnpaidOrders } from './reconciler';

export type OrderWorker = BackgroundRounds;

export function startOrderWorker(ctx: OrdersContext, runner: JobRunner): OrderWorker {
  const { workerIntervalMs, reconcileIntervalMs } = ctx.settings;
  let reconciledAt = 0;

  const tick = async () => {
    await runner.runDueJobs();
    if (Date.now() - reconciledAt >= reconcileIntervalMs) {
      reconciledAt = Date.now();
      await reconcileUnpaidOrders(ctx);
    }
  };
  return repeatInBackground(workerIntervalMs, tick, (error) =>
    ctx.log.error({ err: error }, 'order worker round failed'),
  );
}
