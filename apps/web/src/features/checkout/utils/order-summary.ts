/**
 * The order summary's lines (spec "Plan confirmation", section 9): the plan's price is the
 * total, VAT at 11% and the stamps fee included, so the summary works back from it. The line
 * names the plan as the gateway's page will ("France eSIM · 1 GB · 7 days"), never by the
 * provider's bundle description.
 */
import {
  breakdownFromTotal,
  CURRENCY,
  formatAmount,
  orderDescription,
  type Plan,
  STAMPS_FEE_USD,
  VAT_RATE,
} from '@tern/contract';

export interface OrderLine {
  description: string;
  /** Unit price before VAT and stamps. */
  price: string;
  quantity: number;
  amount: string;
}

export interface OrderSummary {
  line: OrderLine;
  /** Subtotal, VAT and stamps, in that order. */
  charges: { label: string; amount: string }[];
  total: { label: string; amount: string };
}

/** '$ 4.99', as the shop shows prices. */
export function formatUsd(amount: number): string {
  return `$ ${formatAmount(amount)}`;
}

export const vatLabel = `VAT (${Math.round(VAT_RATE * 100)}%)`;

/** One plan, quantity 1. Undefined for a price below the stamps fee (no valid order). */
export function orderSummary(
  plan: Pick<Plan, 'plc_name' | 'pla_data_amount' | 'pla_unlimited' | 'pla_duration' | 'pla_price'>,
): OrderSummary | undefined {
  if (!(plan.pla_price >= STAMPS_FEE_USD)) return undefined;
  const parts = breakdownFromTotal(plan.pla_price);
  return {
    line: {
      description: orderDescription(plan.plc_name, {
        dataMb: plan.pla_data_amount,
        unlimited: plan.pla_unlimited,
        durationDays: plan.pla_duration,
      }),
      price: formatUsd(parts.subtotal),
      quantity: 1,
      amount: formatUsd(parts.subtotal),
    },
    charges: [
      { label: 'Subtotal', amount: formatUsd(parts.subtotal) },
      { label: vatLabel, amount: formatUsd(parts.vat) },
      { label: 'Stamps', amount: formatUsd(parts.stamps) },
    ],
    total: { label: `Total (${CURRENCY})`, amount: formatUsd(parts.total) },
  };
}
