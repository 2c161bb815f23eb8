/**
 * Numbers, prices and places in the chosen language through Intl. Prices stay US dollars
 * with Western digits in every language (decision 0018): `US$ 4.99` in Arabic as Lebanese
 * shops write it, `4,99 $US` in French, `$4.99` in English.
 */

import type { Language } from '@tern/contract/languages';
import { cldrCountryName } from '@tern/contract/place-names';

// The shop's names of places, shared with the server's e-mails and invoices.
export { cldrCountryName, regionNameIn as regionName } from '@tern/contract/place-names';

/** Intl locale per language: Arabic with Latin digits (the `-u-nu-latn` extension). */
export function intlLocale(language: Language): string {
  return language === 'ar' ? 'ar-LB-u-nu-latn' : language;
}

export function formatPrice(amount: number, language: Language): string {
  if (language === 'ar') {
    const number = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(amount);
    // Isolated left to right (LRI … PDI), so the sign stays before the number in Arabic text.
    return `\u2066US$ ${number}\u2069`;
  }
  return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: 'USD' }).format(
    amount,
  );
}

export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}

export function formatDate(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(date);
}

/**
 * A country's name in the language (CLDR through Intl.DisplayNames); English keeps the
 * shop's own name, the one the spec and the catalogue use.
 */
export function countryName(iso: string, shopName: string, language: Language): string {
  if (language === 'en') return shopName;
  return cldrCountryName(iso, language) ?? shopName;
}
