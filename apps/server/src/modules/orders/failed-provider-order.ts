/**
 * A provider order eSIM Go left failed: it holds no eSIM and never will, so it bought nothing.
 * The shop lets go of it and buys again, on a new attempt of the order's job: within the job's
 * attempt limit and the pacing of orders, and once the attempts run out with no provider order
 * held, the job gives the buyer's money back (order-jobs.ts) instead of parking a delivery that
 * never happened. eSIM Go's order pages leave `status` a free string
 * (https://docs.esim-go.com/api/v2_4/operations/ordersorderreference); 'failed' is read in any
 * case (integrations/esimgo/orders-since.ts).
 */
import { EsimGoError } from '../../integrations/esimgo/client';
import { isFailed } from '../../integrations/esimgo/orders-since';
import type { JobOutcome } from '../../jobs/engine';
import type { OrdersDependencies } from './dependencies';
import { addOrderEvent, forgetProviderOrder, type OrderRow, updateOrder } from './repository';

/**
 * Whether eSIM Go says the order failed, asked when its eSIM cannot be had: only a refusal
 * (an HTTP answer) is worth the question, and a question that fails answers no.
 */
export async function failedAtProvider(
  deps: OrdersDependencies,
  reference: string,
  error: unknown,
): Promise<boolean> {
  if (error instanceof EsimGoError && error.failure !== 'http') return false;
  try {
    return isFailed(await deps.provider().getOrder(reference));
  } catch (lookupError) {
    deps.log.warn({ err: lookupError, reference }, 'the provider order could not be looked up');
    return false;
  }
}

/** The stored provider order failed: let go of it, and fail this attempt so the job buys again. */
export async function forgetFailedOrder(
  deps: OrdersDependencies,
  order: OrderRow,
  reference: string,
): Promise<{ stop: JobOutcome }> {
  const now = deps.clock();
  await forgetProviderOrder(deps.db, order.id, { reference, now });
  return notBought(deps, order, reference, now);
}

/** POST /orders answered the order failed at once: nothing is stored, the start marks go. */
export async function answeredFailed(
  deps: OrdersDependencies,
  order: OrderRow,
  reference: string,
): Promise<{ stop: JobOutcome }> {
  const now = deps.clock();
  await updateOrder(deps.db, order.id, {
    providerOrderStartedAt: null,
    providerOrderSettlesAt: null,
    providerOrderTurnAt: null,
    updatedAt: now,
  });
  return notBought(deps, order, reference, now);
}

async function notBought(
  deps: OrdersDependencies,
  order: OrderRow,
  reference: string,
  now: Date,
): Promise<{ stop: JobOutcome }> {
  deps.log.warn({ order: order.gatewayOrderId, reference }, 'eSIM Go left the order failed');
  await addOrderEvent(deps.db, order.id, now, 'provider-order-failed', reference);
  const reason = `eSIM Go left order ${reference || '(no reference)'} failed: nothing was bought`;
  return { stop: { kind: 'failed', reason } };
}
