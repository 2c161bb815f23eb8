/**
 * A plan named as the buyer is told what they buy: 'France eSIM · 1 GB · 7 days'. The order
 * summary's line, and the sign-in page's reminder of the plan waiting for the sign-in (so it
 * lives here, below both features). English is the contract's wording, the one the gateway's
 * page shows; Arabic and French build it from the `checkout` catalogue, the destination named
 * in the language and the data amount held left to right in Arabic.
 */

import type { Plan } from '@tern/contract/catalog';
import { isRegionName } from '@tern/contract/catalog-constants';
import type { Language } from '@tern/contract/languages';
import { orderDescription } from '@tern/contract/plan-title';
import { countryName, formatNumber, regionName, type Translate } from './i18n';

export type DescribedPlan = Pick<
  Plan,
  'plc_name' | 'pla_data_amount' | 'pla_unlimited' | 'pla_duration'
> &
  Partial<Pick<Plan, 'plc_iso'>>;

/** What the description's words need: the messages and the language they are in. */
export interface OrderWords {
  t: Translate;
  language: Language;
}

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
function destinationName(plan: DescribedPlan, language: Language): string {
  if (isRegionName(plan.plc_name)) return regionName(plan.plc_name, language);
  return plan.plc_iso ? countryName(plan.plc_iso, plan.plc_name, language) : plan.plc_name;
}

/** 'France eSIM · 1 GB · 7 days', 'eSIM France · 1 Go · 7 jours'. */
export function describeOrder(plan: DescribedPlan, { t, language }: OrderWords): string {
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
