/**
 * The plan a visitor chose on plan-details, as the session store keeps it: the plan itself
 * and the page it was chosen on (`#/plan-details?purchase_type=…`). That page's URL says
 * whether this is a new eSIM or a top-up of one the buyer has, and where "back" goes.
 */

import { type Plan, planSchema } from '@tern/contract/catalog';
import type { PurchaseType } from '@tern/contract/catalog-paths';
import { iccidSchema } from '@tern/contract/plan-details';
import { paths } from '@tern/contract/routes';

export type Purchase = { type: 'Regular' } | { type: 'Topup'; iccid: string };

export type StoredPlan =
  | { kind: 'none' }
  /** The plan page asked for a top-up but its ICCID is missing or malformed. */
  | { kind: 'invalid-topup'; planPage: string | undefined }
  | { kind: 'ready'; plan: Plan; purchase: Purchase; planPage: string | undefined };

/** The router location (`/plan-details?…`) of a stored plan-details URL, or undefined. */
export function planPageFromUrl(url: string | undefined): string | undefined {
  const location = splitUrl(url);
  return location?.pathname === paths.planDetails
    ? `${location.pathname}${location.search}`
    : undefined;
}

/**
 * What is being bought, read from the stored plan-details URL: a top-up carries
 * purchase_type=Topup and the eSIM's ICCID. No URL (an older build stored none) means a
 * new eSIM; a top-up without a valid ICCID is refused rather than sold as a new eSIM.
 */
export function purchaseFromPlanUrl(url: string | undefined): Purchase | undefined {
  const location = splitUrl(url);
  if (!location) return { type: 'Regular' };
  const query = new URLSearchParams(location.search);
  if (query.get('purchase_type') !== ('Topup' satisfies PurchaseType)) return { type: 'Regular' };
  const iccid = iccidSchema.safeParse(query.get('iccid') ?? undefined);
  return iccid.success ? { type: 'Topup', iccid: iccid.data } : undefined;
}

/** Reads what `session.pendingPlan()` returned. */
export function readStoredPlan(
  stored: { plan: unknown; url: string | undefined } | undefined,
): StoredPlan {
  if (!stored) return { kind: 'none' };
  const plan = planSchema.safeParse(stored.plan);
  if (!plan.success) return { kind: 'none' };
  const planPage = planPageFromUrl(stored.url);
  const purchase = purchaseFromPlanUrl(stored.url);
  if (!purchase) return { kind: 'invalid-topup', planPage };
  return { kind: 'ready', plan: plan.data, purchase, planPage };
}

function splitUrl(url: string | undefined): { pathname: string; search: string } | undefined {
  if (!url) return undefined;
  const route = url.startsWith('#') ? url.slice(1) : url;
  const queryAt = route.indexOf('?');
  return queryAt === -1
    ? { pathname: route, search: '' }
    : { pathname: route.slice(0, queryAt), search: route.slice(queryAt) };
}
