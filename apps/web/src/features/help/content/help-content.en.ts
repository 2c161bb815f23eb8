// The English help content: a module whose exports are a HelpContent, shipped with the pages.
export { faqCategories } from './faq';
export { androidSteps, iphoneSteps } from './guide-steps';
export { helpPageTexts as pageTexts } from './page-texts';
export { privacySections } from './privacy';
export { termsSections } from './terms';
