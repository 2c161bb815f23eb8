/**
 * How the profile says things in the chosen language (decision 0018): the messages and their
 * language travel together as `ProfileWords`, and the helpers here default to English, the
 * shop's source of truth, whose output stays word for word what the profile always showed.
 * ICCIDs, codes, amounts and data quantities are held left to right inside Arabic text.
 */

import type { Language } from '@tern/contract/languages';
import { formatAmount } from '@tern/contract/pricing';
import { esimDestination } from '@tern/contract/topup-link';
import { createIntl } from 'react-intl';
import {
  countryName,
  formatNumber,
  formatPrice,
  intlLocale,
  regionName,
  type Translate,
} from '../../../lib/i18n';
import { leftToRight } from '../../../lib/left-to-right';
import { englishMessages } from '../../../locales/en';

/** What every profile text needs: the messages and the language they are in. */
export interface ProfileWords {
  t: Translate;
  language: Language;
}

const english = createIntl({ locale: 'en', defaultLocale: 'en', messages: englishMessages });

/** English, for code and tests that name no language. */
export const englishWords: ProfileWords = {
  t: (id, values) => english.formatMessage({ id }, values),
  language: 'en',
};

// One helper for every feature (lib/left-to-right.ts), kept importable from here.
export { leftToRight };

/**
 * The locale dates are written in: in English the browser's own (its order of day and month,
 * its clock), as the profile always did; otherwise the chosen language's, Arabic with
 * Western digits.
 */
export function dateLocale(language: Language): string | undefined {
  return language === 'en' ? undefined : intlLocale(language);
}

/**
 * The locale of a decimal quantity (MB, GB): French writes '1 000,5'; Arabic writes it as its
 * prices are ('US$ 4.99'), Western digits with a point, and so does English.
 */
export function quantityLocale(language: Language): string {
  return language === 'fr' ? intlLocale('fr') : 'en-US';
}

/** The shop's title rule (contract planTitle): '1 GB · 7 days', 'Unlimited · 1 day'. */
const shopTitle = /^(?:Unlimited|(\d+(?:\.\d+)?) (MB|GB)) · (\d+) days?$/;

/**
 * A plan's title in the language. English is the title as the server wrote it; the other
 * languages rebuild a shop title ('1 GB · 7 days') from its data and days. A provider's
 * description (a plan no longer sold) is left as the provider wrote it.
 */
export function planTitleIn(title: string, words: ProfileWords = englishWords): string {
  const { t, language } = words;
  if (language === 'en') return title;
  const match = shopTitle.exec(title);
  if (!match) return title;
  const [, amount, unit, days] = match;
  const data =
    amount === undefined
      ? t('profile.plan.unlimited')
      : leftToRight(
          t(unit === 'MB' ? 'profile.plan.mb' : 'profile.plan.gb', {
            amount: language === 'fr' ? formatNumber(Number(amount), language) : amount,
          }),
          language,
        );
  return t('profile.plan.title', {
    data,
    validity: t('profile.plan.validity', { count: Number(days) }),
  });
}

/**
 * An eSIM's destination in the language: CLDR's name for a country, the shop's for a region;
 * English, and a destination the shop does not know, keep the name the server gave.
 */
export function destinationNameIn(
  destination: { iso: string; name: string },
  language: Language,
): string {
  const known = esimDestination(destination.iso, destination.name);
  if (!known) return destination.name;
  return known.kind === 'country'
    ? countryName(known.iso, destination.name, language)
    : regionName(known.name, language);
}

/**
 * What an invoice cost: '4.99 USD' in English, as the invoice prints it; in Arabic and French
 * the shop's price in the language ('US$ 4.99', '4,99 $US'). Another currency keeps its code.
 */
export function invoiceAmount(amount: number, currency: string, language: Language): string {
  if (language !== 'en' && currency === 'USD') return formatPrice(amount, language);
  return leftToRight(`${formatAmount(amount)} ${currency}`, language);
}
