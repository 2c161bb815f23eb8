/**
 * The console's own words in the shop's three languages, JSON files in its own folder: they ride
 * in the console's chunk, not in the buyer's catalogues, so no traveller downloads a word of the
 * back office (issue 30). The build parses them into ICU ASTs as it does the shop's catalogues
 * (scripts/precompiled-messages.ts); Arabic and French must say every English message.
 */
import type { Language } from '@tern/contract/languages';
import catalogueAr from './words/catalogue.ar.json';
import catalogueEn from './words/catalogue.en.json';
import catalogueFr from './words/catalogue.fr.json';
import consoleAr from './words/console.ar.json';
import consoleEn from './words/console.en.json';
import consoleFr from './words/console.fr.json';
import customersAr from './words/customers.ar.json';
import customersEn from './words/customers.en.json';
import customersFr from './words/customers.fr.json';
import healthAr from './words/health.ar.json';
import healthEn from './words/health.en.json';
import healthFr from './words/health.fr.json';
import moneyAr from './words/money.ar.json';
import moneyEn from './words/money.en.json';
import moneyFr from './words/money.fr.json';
import promoAr from './words/promo.ar.json';
import promoEn from './words/promo.en.json';
import promoFr from './words/promo.fr.json';

// A file per part of the console and language (words/<part>.<language>.json), put together here.
const english = {
  ...consoleEn,
  ...customersEn,
  ...catalogueEn,
  ...moneyEn,
  ...healthEn,
  ...promoEn,
};

export type OpsWordId = keyof typeof english;
type Words = Record<OpsWordId, string>;

export const opsWords: Record<Language, Words> = {
  en: english,
  ar: { ...consoleAr, ...customersAr, ...catalogueAr, ...moneyAr, ...healthAr, ...promoAr },
  fr: { ...consoleFr, ...customersFr, ...catalogueFr, ...moneyFr, ...healthFr, ...promoFr },
};
