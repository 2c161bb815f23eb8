/**
 * The help content in the language the shop is shown in. Arabic and French arrive as their
 * own chunk the first time they are needed; until then, and if the chunk cannot load, the
 * pages keep the English text.
 */
import type { Language } from '@tern/contract';
import { useEffect, useState } from 'react';
import { useLanguage } from '../../../lib/i18n';
import { englishHelpContent, helpContentFor } from '../content/content-by-language';
import type { HelpContent } from '../content/help-content';

const loaded = new Map<Language, HelpContent>([['en', englishHelpContent]]);

export function useHelpContent(): { language: Language; content: HelpContent } {
  const { language } = useLanguage();
  const [, setArrived] = useState<Language>();

  useEffect(() => {
    if (loaded.has(language)) return;
    let stillWanted = true;
    helpContentFor(language)
      .then((content) => {
        loaded.set(language, content);
        if (stillWanted) setArrived(language);
      })
      .catch(() => {
        // The chunk did not arrive (offline, a new build): the pages stay in English.
      });
    return () => {
      stillWanted = false;
    };
  }, [language]);

  const content = loaded.get(language);
  return content ? { language, content } : { language: 'en', content: englishHelpContent };
}
