/**
 * Messages for code outside React (stores, API helpers, toasts raised after a request):
 * the same catalogue and ICU formatting as `useT()`, in the language on screen now.
 */
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import type { MessageId } from '../../locales/en';
import { englishMessagesSoFar } from './catalogues';
import { intlLocale } from './format';
import { currentMessages } from './i18n-provider';
import { currentLanguage } from './language-store';
import type { Translate } from './use-t';

const cache = createIntlCache();
let intl: IntlShape | undefined;

export const translate: Translate = (id: MessageId, values) => {
  const messages = currentMessages() ?? englishMessagesSoFar();
  const locale = intlLocale(currentLanguage());
  if (intl?.messages !== messages || intl.locale !== locale) {
    intl = createIntl({ locale, defaultLocale: 'en', messages }, cache);
  }
  return intl.formatMessage({ id }, values);
};
