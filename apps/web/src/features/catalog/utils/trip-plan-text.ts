/**
 * What the trip planner says about each plan of an option, in the page's language (issue 26):
 * the plan's name (the country or region it is sold for, and how many countries it works in,
 * "Europe+ · 41 countries") and what its data is for ("5 GB shared by 3 countries", "1 GB for
 * France"). French agrees the shared allowance with its amount ("1 Go partagé", "5 Go
 * partagés") through the message's plural, and no language puts a country's name right after
 * a preposition that would need its article ("pour Allemagne", "لـالولايات المتحدة").
 */
import type { Plan } from '@tern/contract/catalog';
import { formatDataAmount, type PlanWords, placeName } from './plan-format';

type NamedPlan = Pick<Plan, 'plc_iso' | 'plc_name' | 'coverage'>;

/** 'Europe+ · 41 countries', 'Monde · 121 pays'; a plan for one country: its name alone. */
export function tripPlanName(plan: NamedPlan, words: PlanWords): string {
  return words.t('trip.plan.name', {
    name: placeName(plan.plc_iso, plan.plc_name, words.language),
    count: plan.coverage,
  });
}

/** One plan of a trip option: the plan, the trip's countries it is bought for. */
export interface TripPlanEntry {
  plan: Pick<Plan, 'pla_data_amount' | 'pla_unlimited' | 'plc_iso'>;
  countries: readonly string[];
  shared: boolean;
}

/**
 * '5 GB shared by 3 countries', 'Unlimited data shared by 2 countries', or '1 GB for France'
 * for a regional plan bought for one stop; nothing for a country's own plan, whose name
 * already says where its data is for.
 */
export function tripPlanData(
  entry: TripPlanEntry,
  words: PlanWords,
  nameOf: (iso: string) => string,
): string | undefined {
  const allowance = { dataMb: entry.plan.pla_data_amount, unlimited: entry.plan.pla_unlimited };
  const data = formatDataAmount(allowance, words);
  const [only = ''] = entry.countries;
  if (!entry.shared) {
    return entry.plan.plc_iso === only
      ? undefined
      : words.t('trip.plan.single', { data, name: nameOf(only) });
  }
  const count = entry.countries.length;
  if (isUnlimited(allowance)) return words.t('trip.plan.sharedUnlimited', { count });
  return words.t('trip.plan.shared', { data, amount: writtenAmount(allowance.dataMb), count });
}

/** As formatDataAmount reads it: unlimited, or a provider's negative amount. */
function isUnlimited(allowance: { dataMb: number; unlimited: boolean }): boolean {
  return allowance.unlimited || allowance.dataMb < 0;
}

/**
 * The number the amount is written with (500 for '500 MB', 1.5 for '1.5 GB'): what the words
 * after it agree with.
 */
function writtenAmount(dataMb: number): number {
  return dataMb < 1000 ? dataMb : dataMb / 1000;
}
