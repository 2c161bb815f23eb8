/**
 * What the order summary checks before payment (issue 31): which country a plan is for, the
 * buyer's home country and where the shop learnt it, and the plan page of a look-alike
 * country to switch to, with the same purchase type.
 */

import type { Plan } from '@tern/contract/catalog';
import { isRegionName } from '@tern/contract/catalog-constants';
import { countryNames } from '@tern/contract/destination-names';
import { mobileCountry, regionOfLanguages } from '@tern/contract/home-country';
import type { Language } from '@tern/contract/languages';
import { cldrCountryName } from '@tern/contract/place-names';
import { planDetailsQuery } from '@tern/contract/plan-details-link';
import { paths } from '@tern/contract/routes';
import type { Purchase } from './stored-plan';

/** The country a plan is for (ISO code), or undefined for a regional or global plan. */
export function planCountry(plan: Pick<Plan, 'plc_iso' | 'plc_name'>): string | undefined {
  if (isRegionName(plan.plc_name)) return undefined;
  return /^[A-Za-z]{2}$/.test(plan.plc_iso) ? plan.plc_iso.toUpperCase() : undefined;
}

export interface HomeCountry {
  iso: string;
  /** Where the shop learnt it: the account's mobile number, else the browser's region. */
  from: 'mobile' | 'browser';
}

/** The buyer's home country: the account's mobile number's, else the browser's region. */
export function homeCountryOf(
  mobile: string | undefined,
  languages: readonly string[],
): HomeCountry | undefined {
  const fromMobile = mobileCountry(mobile);
  if (fromMobile) return { iso: fromMobile, from: 'mobile' };
  const fromBrowser = regionOfLanguages(languages);
  return fromBrowser ? { iso: fromBrowser, from: 'browser' } : undefined;
}

/** The browser's languages, as navigator gives them; none outside a browser. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language ?? ''];
}

/** The shop's English name of a country: "Australia", "Democratic Republic of the Congo". */
export function englishCountryName(iso: string): string {
  return countryNames[iso] ?? cldrCountryName(iso, 'en') ?? iso;
}

/** A country in the language: the shop's English name, CLDR's in Arabic and French. */
export function countryNameIn(iso: string, language: Language): string {
  const english = englishCountryName(iso);
  return language === 'en' ? english : (cldrCountryName(iso, language) ?? english);
}

/** The router location of a country's plan page, buying as `purchase` does. */
export function countryPlansLocation(iso: string, purchase: Purchase): string {
  const destination = { kind: 'country', iso, name: englishCountryName(iso) } as const;
  const query = planDetailsQuery(
    destination,
    purchase.type === 'Topup'
      ? { purchaseType: 'Topup', iccid: purchase.iccid }
      : { purchaseType: 'Regular' },
  );
  return `${paths.planDetails}?${new URLSearchParams(query).toString()}`;
}
