/**
 * The in-process background worker: every few seconds it runs the fulfilment jobs that are
 * due, and now and then the reconciler. Every instance may run one; claims keep them from
 * doing the same work twice. Its timer never keeps the process alive, and stopping it
 * waits for the round in progress.
 */
import type { OrdersContext } from './context';
import type { JobRunner } from './job-runner';
import { reconcileUnpaidOrders } from './reconciler';

export interface OrderWorker {
  stop(): Promise<void>;
}

export function startOrderWorker(ctx: OrdersContext, runner: JobRunner): OrderWorker {
  const { workerIntervalMs, reconcileIntervalMs } = ctx.settings;
  let round: Promise<void> | undefined;
  let stopped = false;
  let reconciledAt = 0;

  const tick = async () => {
    await runner.runDueJobs();
    if (Date.now() - reconciledAt >= reconcileIntervalMs) {
      reconciledAt = Date.now();
      await reconcileUnpaidOrders(ctx);
    }
  };
  const timer = setInterval(() => {
    // A slow round (a provider timing out) is not overlapped by the next one.
    if (stopped || round) return;
    round = tick()
      .catch((error: unknown) => ctx.log.error({ err: error }, 'order worker round failed'))
      .finally(() => {
        round = undefined;
      });
  }, workerIntervalMs);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round;
    },
  };
}
