/**
 * The help content in the traveller's language. English ships with the pages; Arabic and
 * French are separate chunks, imported only when asked for, so English pages never
 * download them.
 */
import type { Language } from '@tern/contract/languages';
import { faqCategories } from './faq';
import { androidSteps, iphoneSteps } from './guide-steps';
import type { HelpContent } from './help-content';
import { helpPageTexts } from './page-texts';
import { privacySections } from './privacy';
import { termsSections } from './terms';

export const englishHelpContent: HelpContent = {
  faqCategories,
  iphoneSteps,
  androidSteps,
  termsSections,
  privacySections,
  pageTexts: helpPageTexts,
};

/** The help content of a language: English at once, Arabic and French once their chunk has loaded. */
export async function helpContentFor(language: Language): Promise<HelpContent> {
  switch (language) {
    case 'en':
      return englishHelpContent;
    case 'ar':
      return (await import('./help-content.ar')).arabicHelpContent;
    case 'fr':
      return (await import('./help-content.fr')).frenchHelpContent;
  }
}
