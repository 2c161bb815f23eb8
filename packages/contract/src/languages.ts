/**
 * The languages the shop speaks. English is the source of truth: the spec's wording stays
 * verbatim in English, and Arabic and French say the same thing. Web, e-mails and invoices
 * choose among these; anything else falls back to English.
 */
export const languages = ['en', 'ar', 'fr'] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Whether a value names one of the languages (the schema, language-schema.ts, without zod). */
export function isLanguage(value: unknown): value is Language {
  return languages.some((language) => language === value);
}

/** Each language named in itself, for the switcher. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  ar: 'العربية',
  fr: 'Français',
};

/** Arabic is written right to left. */
export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The first supported language among preferences such as `navigator.languages` or an
 * `Accept-Language` header's tags (the server reads them), by primary subtag ('fr-CA' → 'fr'); English otherwise.
 */
export function pickLanguage(preferences: readonly string[]): Language {
  for (const tag of preferences) {
    const primary = tag.trim().split(/[-_;]/)[0]?.toLowerCase();
    const found = languages.find((language) => language === primary);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}
