/**
 * The order summary's lines (spec "Plan confirmation", section 9): the plan's price is the
 * total, VAT at 11% and the stamps fee included, so the summary works back from it. The line
 * names the plan as the gateway's page will ("France eSIM · 1 GB · 7 days"), never by the
 * provider's bundle description. English keeps the shop's own words ('$ 4.99'); Arabic and
 * French say them through the `checkout` catalogue and Intl (decision 0018), the destination
 * named in the language, prices and data amounts held left to right in Arabic.
 */

import type { Plan } from '@tern/contract/catalog';
import type { Language } from '@tern/contract/languages';
import {
  breakdownFromTotal,
  CURRENCY,
  formatAmount,
  STAMPS_FEE_USD,
  VAT_RATE,
} from '@tern/contract/pricing';
import { currentLanguage, formatPrice, type Translate, translate } from '../../../lib/i18n';
import { type DescribedPlan, describeOrder } from '../../../lib/order-description';

export interface OrderLine {
  description: string;
  /** Unit price before VAT and stamps. */
  price: string;
  quantity: number;
  amount: string;
}

export interface OrderCharge {
  label: string;
  amount: string;
  /** What the line is, where its name alone does not say (the stamps: a fiscal duty). */
  note?: string;
}

export interface OrderSummary {
  line: OrderLine;
  /** Subtotal, VAT and stamps, in that order; they add up to the total to the cent. */
  charges: OrderCharge[];
  total: { label: string; amount: string };
}

/** What the summary's words need: the messages and the language they are in. */
export interface SummaryWords {
  t: Translate;
  language: Language;
}

/** '$ 4.99', as the shop shows prices. */
export function formatUsd(amount: number): string {
  return `$ ${formatAmount(amount)}`;
}

/** '$ 4.99' in English; 'US$ 4.99' (left to right) in Arabic, '4,99 $US' in French. */
export function formatOrderPrice(amount: number, language: Language): string {
  return language === 'en' ? formatUsd(amount) : formatPrice(amount, language);
}

type SummaryPlan = DescribedPlan & Pick<Plan, 'pla_price'>;

/**
 * One plan, quantity 1, in the language of `words` (by default the one on screen). Undefined
 * for a price below the stamps fee (no valid order).
 */
export function orderSummary(
  plan: SummaryPlan,
  words: SummaryWords = { t: translate, language: currentLanguage() },
): OrderSummary | undefined {
  if (!(plan.pla_price >= STAMPS_FEE_USD)) return undefined;
  const { t, language } = words;
  const parts = breakdownFromTotal(plan.pla_price);
  const price = (amount: number) => formatOrderPrice(amount, language);
  return {
    line: {
      description: describeOrder(plan, words),
      price: price(parts.subtotal),
      quantity: 1,
      amount: price(parts.subtotal),
    },
    charges: [
      { label: t('checkout.summary.subtotal'), amount: price(parts.subtotal) },
      {
        label: t('checkout.summary.vat', { rate: Math.round(VAT_RATE * 100) }),
        amount: price(parts.vat),
      },
      {
        label: t('checkout.summary.stamps'),
        amount: price(parts.stamps),
        note: t('checkout.summary.stampsNote'),
      },
    ],
    total: {
      label: t('checkout.summary.total', { currency: CURRENCY }),
      amount: price(parts.total),
    },
  };
}
