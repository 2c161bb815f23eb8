/**
 * A plan in the shop's words: "1 GB · 7 days", "Unlimited · 1 day". The provider's own name
 * ("eSIM, 1GB, 7 Days, France, V2") stays with the provider (orders, the gateway reference);
 * every place a buyer reads a plan (cards, the summary, the gateway page, invoices, the eSIM
 * card) uses these.
 */

/** What a title is made of, as the catalogue stores it. */
export interface PlanAllowance {
  /** Data in MB (1 GB = 1000 MB); -1 or any negative amount for unlimited. */
  dataMb: number;
  unlimited: boolean;
  durationDays: number;
}

/** '500 MB', '1 GB', '1.5 GB', or 'Unlimited'. */
export function formatDataAmount({
  dataMb,
  unlimited,
}: Pick<PlanAllowance, 'dataMb' | 'unlimited'>) {
  if (unlimited || dataMb < 0) return 'Unlimited';
  if (dataMb < 1000) return `${dataMb} MB`;
  return `${Number((dataMb / 1000).toFixed(2))} GB`;
}

/** '1 day', '7 days'. */
export function formatValidity(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

/** '1 GB · 7 days', 'Unlimited · 1 day'. */
export function planTitle(allowance: PlanAllowance): string {
  return `${formatDataAmount(allowance)} · ${formatValidity(allowance.durationDays)}`;
}

/**
 * 'France eSIM · 1 GB · 7 days': what an order buys, named where the plan's page is not in
 * sight (the order summary, the gateway's payment page).
 */
export function orderDescription(destinationName: string, allowance: PlanAllowance): string {
  return `${destinationName} eSIM · ${planTitle(allowance)}`;
}
