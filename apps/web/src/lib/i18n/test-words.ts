/**
 * For unit tests: the words of a language as the shop loads them, English under the Arabic or
 * French catalogues of the namespaces a test names, with the same ICU formatting the pages use.
 */
import type { Language } from '@tern/contract/languages';
import { createIntl } from 'react-intl';
import { englishMessages } from '../../locales/en';
import { intlLocale } from './format';
import type { Translate } from './use-t';

type Catalogue = Record<string, string>;
export type TranslatedNamespaces = Record<string, { ar: Catalogue; fr: Catalogue }>;

export function wordsIn(
  language: Language,
  namespaces: TranslatedNamespaces,
): { t: Translate; language: Language } {
  const translated =
    language === 'en'
      ? []
      : Object.entries(namespaces).flatMap(([namespace, catalogues]) =>
          Object.entries(catalogues[language]).map(([key, text]) => [`${namespace}.${key}`, text]),
        );
  const messages = { ...englishMessages, ...Object.fromEntries(translated) };
  const intl = createIntl({ locale: intlLocale(language), defaultLocale: 'en', messages });
  const t: Translate = (id, values) => intl.formatMessage({ id }, values);
  return { t, language };
}
