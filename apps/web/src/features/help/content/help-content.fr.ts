// The French help content as one set, loaded only when a traveller reads the shop in French.
import { faqCategories } from './faq.fr';
import { androidSteps, iphoneSteps } from './guide-steps.fr';
import type { HelpContent } from './help-content';
import { helpPageTexts } from './page-texts.fr';
import { privacySections } from './privacy.fr';
import { termsSections } from './terms.fr';

export const frenchHelpContent: HelpContent = {
  faqCategories,
  iphoneSteps,
  androidSteps,
  termsSections,
  privacySections,
  pageTexts: helpPageTexts,
};
