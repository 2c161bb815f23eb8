/**
 * Numbers, prices and places in the chosen language through Intl. Prices stay US dollars
 * with Western digits in every language (decision 0018): `US$ 4.99` in Arabic as Lebanese
 * shops write it, `4,99 $US` in French, `$4.99` in English.
 */
import type { Language, RegionName } from '@tern/contract';

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

const displayNames = new Map<Language, Intl.DisplayNames>();

/**
 * A country's name in the language (CLDR through Intl.DisplayNames); English keeps the
 * shop's own name, the one the spec and the catalogue use.
 */
export function countryName(iso: string, shopName: string, language: Language): string {
  if (language === 'en') return shopName;
  return cldrCountryName(iso, language) ?? shopName;
}

/**
 * CLDR's name of a country in the language (English included: "Czechia", "Côte d’Ivoire"),
 * undefined for a code it does not know. The search matches these in every language.
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

/** The spec's regions in Arabic and French; CLDR has no names for the shop's groupings. */
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

export function regionName(name: RegionName, language: Language): string {
  return language === 'en' ? name : regionTranslations[language][name];
}
