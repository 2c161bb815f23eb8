// What one language's help pages say: the FAQ, the setup guide, the legal pages and the pages' own words.
import type { FaqCategory } from './faq';
import type { GuideStep } from './guide-steps';
import type { LegalSection } from './legal';
import type { HelpPageTexts } from './page-texts';

export type HelpContent = {
  faqCategories: (brand: string) => FaqCategory[];
  iphoneSteps: GuideStep[];
  androidSteps: GuideStep[];
  termsSections: (brand: string) => LegalSection[];
  privacySections: (brand: string) => LegalSection[];
  pageTexts: (brand: string) => HelpPageTexts;
};
