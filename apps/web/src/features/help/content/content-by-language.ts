/**
 * The help content in the traveller's language. English ships with the pages; Arabic and
 * French are separate chunks, imported only when asked for, so English pages never
 * download them.
 */
import type { Language } from '@tern/contract/languages';
import type { HelpContent } from './help-content';
import * as english from './help-content.en';

export const englishHelpContent: HelpContent = english;

/** The help content of a language: English at once, Arabic and French once their chunk has loaded. */
export async function helpContentFor(language: Language): Promise<HelpContent> {
  switch (language) {
    case 'en':
      return englishHelpContent;
    case 'ar':
      return await import('./help-content.ar');
    case 'fr':
      return await import('./help-content.fr');
  }
}
