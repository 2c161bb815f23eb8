// The shop's languages for the web: the hook, the non-React reader, formatting and messages.

export { completeEnglish } from './catalogues';
export {
  countryName,
  formatDate,
  formatNumber,
  formatPrice,
  intlLocale,
  regionName,
} from './format';
export { I18nProvider, startLanguage, switchLanguage, useLanguage } from './i18n-provider';
export { currentLanguage, initialLanguage, LANGUAGE_STORAGE_KEY } from './language-store';
export { translate } from './translate';
export { type Translate, useT } from './use-t';
