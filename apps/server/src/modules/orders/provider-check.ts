/**
 * Checks a purchase with eSIM Go before the buyer pays, so nothing is charged for an order the
 * provider would refuse: a top-up's bundle must suit the eSIM (GET /esims/{iccid}/compatible/
 * {bundle}), and the order is validated (POST /orders, type validate: "runs all the same checks
 * as a real order but does not charge your balance", https://www.docs.esim-go.com/quick_start/)
 * at no more than the price the catalogue was synced at. A check that gets no answer lets the
 * purchase go on: paid orders are delivered durably, and refunded if the provider then refuses.
 */

import { conflict } from '../../errors';
import { EsimGoError } from '../../integrations/esimgo/client';
import type { PlanForSale } from '../catalog/service';
import type { OrdersDependencies } from './dependencies';
import { providerOrderOf } from './provider-order';

// The buyer waits for these in the request that opens the payment: one retry, no more.
const CHECK_POLICY = { retries: 1 };

export async function checkWithProvider(
  deps: OrdersDependencies,
  plan: CheckedPlan,
  targetIccid: string | null,
): Promise<void> {
  try {
    if (targetIccid) await requireCompatible(deps, targetIccid, plan.name);
    await requireValidOrder(deps, plan, targetIccid);
  } catch (error) {
    if (!(error instanceof ProviderRefusal)) throw error;
    deps.log.warn(
      { err: error.cause, plan: plan.name },
      'eSIM Go refused a purchase before payment',
    );
    throw conflict(error.messageKey);
  }
}

type CheckedPlan = Pick<PlanForSale, 'name' | 'providerPriceCents'>;
type RefusalKey =
  | 'orderMessages.esimUnavailable'
  | 'orderMessages.planUnavailable'
  | 'orderMessages.cannotSellNow';

/** A definite no from eSIM Go, with what the buyer is told. */
class ProviderRefusal extends Error {
  constructor(
    readonly messageKey: RefusalKey,
    override readonly cause: EsimGoError,
  ) {
    super(cause.message);
  }
}

/**
 * Runs one check; an answer that is not a refusal (no answer, 429, 5xx) is logged and the
 * purchase goes on. 400 and 403 are refusals, read as `refusal` tells.
 */
async function asked<T>(
  deps: OrdersDependencies,
  check: () => Promise<T>,
  refusal: (error: EsimGoError) => RefusalKey,
): Promise<T | undefined> {
  try {
    return await check();
  } catch (error) {
    if (!(error instanceof EsimGoError)) throw error;
    if (error.status === 400 || error.status === 403) {
      throw new ProviderRefusal(refusal(error), error);
    }
    deps.log.warn({ err: error }, 'eSIM Go could not check a purchase; it goes on unchecked');
    return undefined;
  }
}

/**
 * 400 and 403 name an eSIM the account does not hold ("the given ICCID is not found and/or
 * permission to view this ICCID is not granted": v2.3's page of this call), e.g. one returned.
 */
async function requireCompatible(deps: OrdersDependencies, iccid: string, bundle: string) {
  const compatible = await asked(
    deps,
    () => deps.provider().checkCompatibility(iccid, bundle, CHECK_POLICY),
    () => 'orderMessages.esimUnavailable',
  );
  if (compatible === false) throw conflict('orderMessages.topUpIncompatible');
}

async function requireValidOrder(
  deps: OrdersDependencies,
  plan: CheckedPlan,
  targetIccid: string | null,
) {
  const validation = await asked(
    deps,
    () => deps.provider().validateOrder(providerOrderOf(plan.name, targetIccid), CHECK_POLICY),
    // Only the message tells a balance too low from a bundle withdrawn.
    (error) =>
      /balance|credit|funds/i.test(error.message)
        ? 'orderMessages.cannotSellNow'
        : 'orderMessages.planUnavailable',
  );
  if (!validation) return;
  if (validation.valid === false) throw conflict('orderMessages.planUnavailable');
  // Dearer than at the last sync: the shop's price may no longer cover it. Cheaper does no harm.
  if (Math.round(validation.total * 100) > plan.providerPriceCents) {
    deps.log.warn(
      { plan: plan.name, synced: plan.providerPriceCents, now: validation.total },
      'eSIM Go charges more for a plan than at the last catalogue sync',
    );
    throw conflict('orderMessages.priceChanged');
  }
}
