/**
 * Gives back a payment no shop order holds, as a kind of job on the one engine: the gateway's
 * own view of its order decides (void a hold, refund what was taken, nothing when it is back
 * already: orders/money-back.ts), so a retry after a crash or a lost answer never voids or
 * refunds twice. A shop order claiming the id meanwhile settles it by its own flow instead.
 */
import { done, type JobKind, type JobOutcome, type JobRow, type Lease } from '../../jobs/engine';
import { awaitingGateway } from '../orders/gateway-verdict';
import type { ReconciliationDependencies } from './service';

export const PAYMENT_RETURN_KIND = 'return-payment';

export const paymentReturnKey = (gatewayOrderId: string): string =>
  `${PAYMENT_RETURN_KIND}:${gatewayOrderId}`;

const orderIdOf = (job: JobRow): string => job.key.slice(PAYMENT_RETURN_KIND.length + 1);

/** Money goes back however long it takes: the kind is retried, never parked. */
export function paymentReturnKind(deps: ReconciliationDependencies): JobKind {
  return {
    maxAttempts: Number.POSITIVE_INFINITY,
    retryBaseMs: deps.jobs.retryBaseMs,
    run: (job, lease) => returnUnownedPayment(deps, orderIdOf(job), lease),
    exhausted: async () => 'retry',
  };
}

async function returnUnownedPayment(
  deps: ReconciliationDependencies,
  gatewayOrderId: string,
  lease: Lease,
): Promise<JobOutcome> {
  if ((await deps.orders.ownedGatewayOrderIds([gatewayOrderId])).size > 0) return done;
  // Fencing: a worker whose lease passed on moves no money.
  if (!(await lease.renew())) return { kind: 'lease-lost' };
  try {
    const how = await deps.orders.returnUnownedPayment(gatewayOrderId);
    deps.log.info({ gatewayOrderId, how }, 'reconciliation: a payment without order given back');
  } catch (error) {
    // An outcome still to come is waited for; any other failure is retried with back-off.
    return awaitingGateway(error, deps.clock);
  }
  return done;
}
