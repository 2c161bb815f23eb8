// The console's words in the language on screen, formatted as the shop's own (react-intl).

import type { PrimitiveType } from 'react-intl';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { intlLocale, useLanguage } from '../../../lib/i18n';
import { type OpsWordId, opsWords } from '../ops-words';

export type OpsTranslate = (id: OpsWordId, values?: Record<string, PrimitiveType>) => string;

const cache = createIntlCache();
const intls = new Map<string, IntlShape>();

function intlFor(language: keyof typeof opsWords): IntlShape {
  let intl = intls.get(language);
  if (!intl) {
    intl = createIntl(
      { locale: intlLocale(language), defaultLocale: 'en', messages: opsWords[language] },
      cache,
    );
    intls.set(language, intl);
  }
  return intl;
}

export function useOpsT(): OpsTranslate {
  const { language } = useLanguage();
  const intl = intlFor(language);
  return (id, values) => intl.formatMessage({ id }, values);
}
