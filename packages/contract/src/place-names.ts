/**
 * Places in the buyer's language, the same on the web, in e-mails and on invoices: the spec's
 * regions by the shop's own names (CLDR has none for the shop's groupings), countries by
 * CLDR's (Intl.DisplayNames).
 */
import type { RegionName } from './catalog-constants';
import type { Language } from './languages';

const regionTranslations: Record<Exclude<Language, 'en'>, Record<RegionName, string>> = {
  ar: {
    Caribbean: 'الكاريبي',
    Global: 'العالم',
    Asia: 'آسيا',
    'North America': 'أمريكا الشمالية',
    Oceania: 'أوقيانوسيا',
    Africa: 'أفريقيا',
    'Middle East': 'الشرق الأوسط',
    'Europe+': 'أوروبا+',
    Balkans: 'البلقان',
    LATAM: 'أمريكا اللاتينية',
  },
  fr: {
    Caribbean: 'Caraïbes',
    Global: 'Monde',
    Asia: 'Asie',
    'North America': 'Amérique du Nord',
    Oceania: 'Océanie',
    Africa: 'Afrique',
    'Middle East': 'Moyen-Orient',
    'Europe+': 'Europe+',
    Balkans: 'Balkans',
    LATAM: 'Amérique latine',
  },
};

/** 'Middle East', 'Moyen-Orient', 'الشرق الأوسط': English keeps the spec's name. */
export function regionNameIn(name: RegionName, language: Language): string {
  return language === 'en' ? name : regionTranslations[language][name];
}

const displayNames = new Map<Language, Intl.DisplayNames>();

/**
 * CLDR's name of a country in the language (English included: "Czechia", "Côte d’Ivoire"),
 * undefined for a code it does not know or anything that is not a code.
 */
export function cldrCountryName(iso: string, language: Language): string | undefined {
  let names = displayNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    displayNames.set(language, names);
  }
  try {
    return names.of(iso.toUpperCase());
  } catch {
    return undefined;
  }
}
