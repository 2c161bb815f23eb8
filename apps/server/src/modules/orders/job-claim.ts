/**
 * A worker's hold on a fulfilment job (a lease) and the two ways a step stops a job without
 * failing it: the lease was lost, or the job waits for the provider and runs again later.
 */
import type { OrdersContext } from './context';

/** Our hold on a claimed job. */
export interface JobClaim {
  id: number;
  workerId: string;
}

/** The lease ran out and another worker may have the job: stop without touching anything. */
export class LeaseLost extends Error {
  override name = 'LeaseLost';
}

/** The job was put back to run later (no attempt spent): the runner leaves it as it is. */
export class JobDeferred extends Error {
  override name = 'JobDeferred';
}

/** When a lease taken (or renewed) at `now` runs out. */
export function leaseExpiryFrom(ctx: OrdersContext, now: Date): Date {
  return new Date(now.getTime() + ctx.settings.leaseMs);
}
