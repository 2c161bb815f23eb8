// How a plan's allowance, validity and price read on a card.
import { formatAmount, formatDataAmount, type Plan } from '@tern/contract';

export { formatValidity } from '@tern/contract';

/** '500 MB', '1 GB', '1.5 GB' (1 GB = 1000 MB), or 'Unlimited', for a catalogue plan. */
export function formatPlanData(plan: Pick<Plan, 'pla_data_amount' | 'pla_unlimited'>): string {
  return formatDataAmount({ dataMb: plan.pla_data_amount, unlimited: plan.pla_unlimited });
}

/** '$ 4.99', the shop's way of showing a price. */
export function formatPrice(amount: number): string {
  return `$ ${formatAmount(amount)}`;
}
