/**
 * How a plan reads on a card, in the chosen language: its title, its price, and what it
 * tells before buying (decision 0015). English keeps the shop's own words ('$ 4.99',
 * '1 GB · 7 days'); Arabic and French say them through the `plans` catalogue and Intl
 * (decision 0018), with prices, data amounts and network names held left to right in Arabic.
 */

import type { Plan } from '@tern/contract/catalog';
import { isRegionName } from '@tern/contract/catalog-constants';
import type { Language } from '@tern/contract/languages';
import type { PlanDestination } from '@tern/contract/plan-details-link';
import { describeNetwork, fastestSpeed, type PlanNetwork } from '@tern/contract/plan-facts';
import { formatAmount } from '@tern/contract/pricing';
import {
  countryName,
  formatNumber,
  formatPrice as formatPriceIn,
  regionName,
  type Translate,
} from '../../../lib/i18n';
import { leftToRight } from '../../../lib/left-to-right';

/** What every text here needs: the messages and the language they are in. */
export interface PlanWords {
  t: Translate;
  language: Language;
}

// One helper for every feature (lib/left-to-right.ts), kept importable from here.
export { leftToRight };

/** '$ 4.99', the shop's way of showing a price; 'US$ 4.99' in Arabic, '4,99 $US' in French. */
export function formatPrice(amount: number, language: Language = 'en'): string {
  return language === 'en' ? `$ ${formatAmount(amount)}` : formatPriceIn(amount, language);
}

/**
 * A country's or region's name in the language: CLDR's for a country, the shop's for its
 * regions; English and anything unknown keep the catalogue's name.
 */
export function placeName(iso: string | undefined, name: string, language: Language): string {
  if (isRegionName(name)) return regionName(name, language);
  return iso ? countryName(iso, name, language) : name;
}

/** The plan page's destination in the language. */
export function destinationName(destination: PlanDestination, language: Language): string {
  return destination.kind === 'country'
    ? countryName(destination.iso, destination.name, language)
    : placeName(undefined, destination.name, language);
}

/**
 * A decimal as the language writes it, at most two places: '1.25', '1,25' in French. Arabic
 * writes it as its prices are ('US$ 4.99'), with a point.
 */
function decimal(value: number, language: Language): string {
  const rounded = Number(value.toFixed(2));
  return language === 'fr' ? formatNumber(rounded, language) : String(rounded);
}

/** '500 MB', '1 GB', '1.5 GB' or 'Unlimited'; '1,5 Go' in French. */
export function formatDataAmount(
  allowance: { dataMb: number; unlimited: boolean },
  { t, language }: PlanWords,
): string {
  if (allowance.unlimited || allowance.dataMb < 0) return t('plans.data.unlimited');
  const text =
    allowance.dataMb < 1000
      ? t('plans.data.mb', { amount: decimal(allowance.dataMb, language) })
      : t('plans.data.gb', { amount: decimal(allowance.dataMb / 1000, language) });
  return leftToRight(text, language);
}

/** '7 days', '1 day'; '7 jours', '7 أيام'. */
export function formatValidity(days: number, { t }: PlanWords): string {
  return t('plans.validity', { count: days });
}

type TitleOf = Pick<Plan, 'pla_title' | 'pla_data_amount' | 'pla_unlimited' | 'pla_duration'>;

/**
 * '1 GB · 7 days'. English is the catalogue's own title; the other languages build it from
 * the plan's data and days.
 */
export function planTitleText(plan: TitleOf, words: PlanWords): string {
  if (words.language === 'en') return plan.pla_title;
  return words.t('plans.title.pattern', {
    data: formatDataAmount({ dataMb: plan.pla_data_amount, unlimited: plan.pla_unlimited }, words),
    validity: formatValidity(plan.pla_duration, words),
  });
}

/** '512 kbps', '1.25 Mbps'; '1,25 Mbit/s' in French. */
export function formatSpeedLimit(kbps: number, { t, language }: PlanWords): string {
  const text =
    kbps < 1000
      ? t('plans.speed.kbps', { amount: decimal(kbps, language) })
      : t('plans.speed.mbps', { amount: decimal(kbps / 1000, language) });
  return leftToRight(text, language);
}

/** 'Orange (5G), SFR (5G), Bouygues Telecom (4G)'; each name held left to right in Arabic. */
export function formatNetworks(
  networks: readonly PlanNetwork[],
  language: Language = 'en',
): string {
  const separator = language === 'ar' ? '، ' : ', ';
  return networks.map((network) => leftToRight(describeNetwork(network), language)).join(separator);
}

export type PlanFactKind = 'networks' | 'speed' | 'coverage' | 'fair-use' | 'start';

export interface PlanFact {
  kind: PlanFactKind;
  text: string;
}

type FactsOf = Pick<
  Plan,
  'plc_name' | 'coverage' | 'pla_networks' | 'pla_speeds' | 'pla_fair_use' | 'pla_autostart'
> & { plc_iso?: string };

/**
 * What a card says about a plan, only from what the provider says: the networks in its
 * country (a regional plan: how many countries, the networks being in its coverage list), the
 * fastest speed when no network names it, the fair-use rule of an unlimited plan, and that it
 * starts on first connection. Nothing about hotspot use: the provider does not say.
 */
export function planFacts(plan: FactsOf, words: PlanWords): PlanFact[] {
  const { t, language } = words;
  const facts: PlanFact[] = [];
  if (plan.coverage > 1) {
    facts.push({ kind: 'coverage', text: t('plans.fact.coverage', { count: plan.coverage }) });
  }
  if (plan.pla_networks.length > 0) {
    facts.push({
      kind: 'networks',
      text: t('plans.fact.networks', {
        country: placeName(plan.plc_iso, plan.plc_name, language),
        networks: formatNetworks(plan.pla_networks, language),
      }),
    });
  } else {
    const fastest = fastestSpeed(plan.pla_speeds);
    if (fastest) {
      facts.push({
        kind: 'speed',
        text: t('plans.fact.speed', { speed: leftToRight(fastest, language) }),
      });
    }
  }
  if (plan.pla_fair_use) {
    const fairUse = plan.pla_fair_use;
    facts.push({
      kind: 'fair-use',
      text: t('plans.fact.fairUse', {
        data: formatDataAmount({ dataMb: fairUse.daily_full_speed_mb, unlimited: false }, words),
        speed: formatSpeedLimit(fairUse.reduced_speed_kbps, words),
      }),
    });
  }
  if (plan.pla_autostart) facts.push({ kind: 'start', text: t('plans.fact.start') });
  return facts;
}
