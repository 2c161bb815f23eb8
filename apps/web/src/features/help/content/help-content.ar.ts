// The Arabic help content: a module whose exports are a HelpContent, loaded only when a traveller
// reads the shop in Arabic.
export { faqCategories } from './faq.ar';
export { androidSteps, iphoneSteps } from './guide-steps.ar';
export { helpPageTexts as pageTexts } from './page-texts.ar';
export { privacySections } from './privacy.ar';
export { termsSections } from './terms.ar';
