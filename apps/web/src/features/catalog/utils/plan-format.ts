// How a plan's allowance, validity and price read on a card.
import { formatAmount, type Plan } from '@tern/contract';

/** '500 MB', '1 GB', '1.5 GB' (1 GB = 1000 MB), or 'Unlimited'. */
export function formatDataAmount(plan: Pick<Plan, 'pla_data_amount' | 'pla_unlimited'>): string {
  if (plan.pla_unlimited || plan.pla_data_amount < 0) return 'Unlimited';
  if (plan.pla_data_amount < 1000) return `${plan.pla_data_amount} MB`;
  return `${Number((plan.pla_data_amount / 1000).toFixed(2))} GB`;
}

/** '1 day', '7 days'. */
export function formatValidity(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

/** '$ 4.99', the shop's way of showing a price. */
export function formatPrice(amount: number): string {
  return `$ ${formatAmount(amount)}`;
}
