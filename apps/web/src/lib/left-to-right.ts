import type { Language } from '@tern/contract/languages';

/**
 * Left to right inside Arabic text (LRI … PDI), as lib/i18n's prices are: a card, an ICCID or
 * a price keeps its order inside a right-to-left sentence. The same text in other languages.
 */
export function leftToRight(text: string, language: Language): string {
  return language === 'ar' ? `\u2066${text}\u2069` : text;
}
