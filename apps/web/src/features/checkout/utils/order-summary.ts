/**
 * The order summary's lines (spec "Plan confirmation", section 9): the plan's price is the
 * total, VAT at 11% and the stamps fee included, so the summary works back from it. The line
 * names the plan as the gateway's page will ("France eSIM · 1 GB · 7 days"), never by the
 * provider's bundle description. English keeps the shop's own words ('$ 4.99'); Arabic and
 * French say them through the `checkout` catalogue and Intl (decision 0018), the destination
 * named in the language, prices and data amounts held left to right in Arabic.
 */
import {
  breakdownFromTotal,
  CURRENCY,
  formatAmount,
  isRegionName,
  type Language,
  orderDescription,
  type Plan,
  STAMPS_FEE_USD,
  VAT_RATE,
} from '@tern/contract';
import {
  countryName,
  currentLanguage,
  formatNumber,
  formatPrice,
  regionName,
  type Translate,
  translate,
} from '../../../lib/i18n';

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

type SummaryPlan = Pick<
  Plan,
  'plc_name' | 'pla_data_amount' | 'pla_unlimited' | 'pla_duration' | 'pla_price'
> &
  Partial<Pick<Plan, 'plc_iso'>>;

/** Left to right inside Arabic text (LRI … PDI), as lib/i18n's prices are. */
function leftToRight(text: string, language: Language): string {
  return language === 'ar' ? `\u2066${text}\u2069` : text;
}

/** A decimal as the language writes it, at most two places: '1.5', '1,5' in French. */
function decimal(value: number, language: Language): string {
  const rounded = Number(value.toFixed(2));
  return language === 'fr' ? formatNumber(rounded, language) : String(rounded);
}

/** The destination in the language: CLDR's name for a country, the shop's for a region. */
function destinationName(plan: SummaryPlan, language: Language): string {
  if (isRegionName(plan.plc_name)) return regionName(plan.plc_name, language);
  return plan.plc_iso ? countryName(plan.plc_iso, plan.plc_name, language) : plan.plc_name;
}

/**
 * 'France eSIM · 1 GB · 7 days'. English is the contract's wording, the one the gateway's
 * page shows; Arabic and French build it from the catalogue.
 */
export function describeOrder(plan: SummaryPlan, { t, language }: SummaryWords): string {
  const allowance = {
    dataMb: plan.pla_data_amount,
    unlimited: plan.pla_unlimited,
    durationDays: plan.pla_duration,
  };
  if (language === 'en') return orderDescription(plan.plc_name, allowance);
  const data =
    allowance.unlimited || allowance.dataMb < 0
      ? t('checkout.plan.unlimited')
      : leftToRight(
          allowance.dataMb < 1000
            ? t('checkout.plan.mb', { amount: decimal(allowance.dataMb, language) })
            : t('checkout.plan.gb', { amount: decimal(allowance.dataMb / 1000, language) }),
          language,
        );
  return t('checkout.summary.line', {
    destination: destinationName(plan, language),
    plan: t('checkout.plan.title', {
      data,
      validity: t('checkout.plan.validity', { count: allowance.durationDays }),
    }),
  });
}

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
