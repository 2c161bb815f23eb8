/**
 * The dial-code list in the language on screen: each country named as the reader names it
 * (CLDR through Intl.DisplayNames; English keeps the list's own names) and sorted by that
 * name, so the list reads in order and type-ahead finds what is shown ("لبنان", "Liban").
 */

import type { Language } from '@tern/contract/languages';
import { type DialCountry, dialCountries } from '@tern/contract/phone';
import { countryName } from '../../../lib/i18n';

const cache = new Map<Language, readonly DialCountry[]>();

export function localDialCountries(
  language: Language,
  countries: readonly DialCountry[] = dialCountries,
): readonly DialCountry[] {
  if (language === 'en') return countries;
  const cached = countries === dialCountries ? cache.get(language) : undefined;
  if (cached) return cached;
  const collator = new Intl.Collator(language);
  const local = countries
    .map((country) => ({ ...country, name: countryName(country.iso2, country.name, language) }))
    .sort((a, b) => collator.compare(a.name, b.name));
  if (countries === dialCountries) cache.set(language, local);
  return local;
}
