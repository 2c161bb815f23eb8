// The French help content: a module whose exports are a HelpContent, loaded only when a traveller
// reads the shop in French.
export { faqCategories } from './faq.fr';
export { androidSteps, iphoneSteps } from './guide-steps.fr';
export { helpPageTexts as pageTexts } from './page-texts.fr';
export { privacySections } from './privacy.fr';
export { termsSections } from './terms.fr';
