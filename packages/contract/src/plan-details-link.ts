/**
 * A plan-details URL's parameters and query string, apart from their parsing (plan-details.ts)
 * so the landing and the footer can link to a plan without carrying zod (issue 18).
 */

import type { RegionName } from './catalog-constants';
import type { PurchaseType } from './catalog-paths';

export type PlanDestination =
  | { kind: 'country'; iso: string; name: string }
  | { kind: 'region'; name: RegionName };

export interface PlanDetailsParams {
  purchaseType: PurchaseType;
  destination: PlanDestination;
  /** The eSIM to top up; only with purchase type Topup. */
  iccid?: string;
}

/** The query string of a plan-details URL: use with `hrefTo(paths.planDetails, …)`. */
export function planDetailsQuery(
  destination: PlanDestination,
  purchase: { purchaseType: 'Regular' } | { purchaseType: 'Topup'; iccid: string } = {
    purchaseType: 'Regular',
  },
): Record<string, string> {
  const query: Record<string, string> =
    destination.kind === 'country'
      ? {
          purchase_type: purchase.purchaseType,
          planType: 'Countries',
          data: JSON.stringify({ cou_iso: destination.iso, cou_name: destination.name }),
        }
      : { purchase_type: purchase.purchaseType, planType: 'Regions', data: destination.name };
  if (purchase.purchaseType === 'Topup') query.iccid = purchase.iccid;
  return query;
}
