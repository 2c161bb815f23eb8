/**
 * The buyer's own country (issue 31): a plan bought for it is a mistake unless the buyer says
 * otherwise, since the shop's plans are for use abroad. The account's mobile number says it;
 * without one, the browser's region (navigator.languages: 'fr-FR' is France).
 */
import { validateMobile } from './phone';

/** The country of a mobile number in international form (+33 6 12 34 56 78 is FR). */
export function mobileCountry(mobile: string | undefined): string | undefined {
  if (!mobile?.trim()) return undefined;
  return validateMobile(mobile).countryIso2 ?? undefined;
}

/** The first region a language tag names ('fr-FR' is FR, 'ar-Latn-LB' LB), or undefined. */
export function regionOfLanguages(languages: readonly string[]): string | undefined {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // Not a language tag: the next one may be.
    }
  }
  return undefined;
}

/** The buyer's home country: the mobile number's, else the browser's region. */
export function homeCountry(
  mobile: string | undefined,
  languages: readonly string[] = [],
): string | undefined {
  return mobileCountry(mobile) ?? regionOfLanguages(languages);
}
