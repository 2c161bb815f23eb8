// The Arabic help content as one set, loaded only when a traveller reads the shop in Arabic.
import { faqCategories } from './faq.ar';
import { androidSteps, iphoneSteps } from './guide-steps.ar';
import type { HelpContent } from './help-content';
import { helpPageTexts } from './page-texts.ar';
import { privacySections } from './privacy.ar';
import { termsSections } from './terms.ar';

export const arabicHelpContent: HelpContent = {
  faqCategories,
  iphoneSteps,
  androidSteps,
  termsSections,
  privacySections,
  pageTexts: helpPageTexts,
};
