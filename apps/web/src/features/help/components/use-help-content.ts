/**
 * The help content in the language the shop is shown in. Arabic and French arrive as their
 * own chunk the first time they are needed: with the pages' code when they open in that
 * language, else on switching; until then, and if the chunk cannot load, the pages keep the
 * English text.
 */
import type { Language } from '@tern/contract/languages';
import { useEffect, useState } from 'react';
import { currentLanguage, useLanguage } from '../../../lib/i18n';
import { englishHelpContent, helpContentFor } from '../content/content-by-language';
import type { HelpContent } from '../content/help-content';

const loaded = new Map<Language, HelpContent>([['en', englishHelpContent]]);

/**
 * Fetches a language's content once; one that cannot load leaves the pages in English. The
 * build's prerender (src/prerender/pages.tsx) calls it for each language it renders.
 */
export async function preloadHelpContent(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  try {
    loaded.set(language, await helpContentFor(language));
  } catch {
    // The chunk did not arrive (offline, a new build): the pages stay in English.
  }
}

// The help pages' code arrives together with the content of the language they open in, so an
// Arabic or French reader never sees the English text first and then the page jump as theirs
// replaces it (a layout shift as tall as the page). Only a switch made on the page waits below.
await preloadHelpContent(currentLanguage());

export function useHelpContent(): { language: Language; content: HelpContent } {
  const { language } = useLanguage();
  const [, setArrived] = useState<Language>();

  useEffect(() => {
    if (loaded.has(language)) return;
    let stillWanted = true;
    void preloadHelpContent(language).then(() => {
      if (stillWanted) setArrived(language);
    });
    return () => {
      stillWanted = false;
    };
  }, [language]);

  const content = loaded.get(language);
  return content ? { language, content } : { language: 'en', content: englishHelpContent };
}
