/**
 * What the one-tap and automatic top-up dialogs start from (issue 32): where the eSIM's top-up
 * plans are listed, and the plan chosen before the buyer chooses one.
 */
import type { Plan } from '@tern/contract/catalog';
import type { MyEsim } from '@tern/contract/profile';
import { esimDestination } from '@tern/contract/topup-link';

/** The top-up plans' destination (an ISO code or a region's name), or undefined when unknown. */
export function topupDestination(esim: Pick<MyEsim, 'destination'>): string | undefined {
  const destination = esimDestination(esim.destination.iso, esim.destination.name);
  if (!destination) return undefined;
  return destination.kind === 'country' ? destination.iso : destination.name;
}

/** The plan bought last for the eSIM (bundles come the newest first), if it is still on sale. */
export function latestPlanOnSale(
  esim: Pick<MyEsim, 'bundles' | 'planName'>,
  plans: readonly Plan[],
): Plan | undefined {
  const latest = esim.bundles[0]?.planName ?? esim.planName;
  return plans.find((plan) => plan.pla_name === latest);
}
