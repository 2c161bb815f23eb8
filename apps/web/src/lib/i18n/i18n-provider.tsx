/**
 * Gives every page the current language's messages (react-intl) and re-renders the app when
 * the traveller picks another language, once that language's catalogue has arrived.
 */
import type { Language } from '@tern/contract/languages';
import { type ReactNode, useSyncExternalStore } from 'react';
import { IntlProvider } from 'react-intl';
import { loadMessages, type Messages } from './catalogues';
import { intlLocale } from './format';
import {
  currentLanguage,
  rememberLanguage,
  showLanguage,
  useCurrentLanguage,
} from './language-store';

let messages: Messages | undefined;
const listeners = new Set<() => void>();

/** Loads a language's catalogue, then shows the page in it. */
export async function switchLanguage(language: Language): Promise<void> {
  const next = await loadMessages(language);
  messages = next;
  showLanguage(language);
  for (const listener of listeners) listener();
}

/** The language at start: its catalogue is loaded before React first renders. */
export function startLanguage(language: Language): Promise<void> {
  showLanguage(language);
  // A catalogue that cannot load (offline, a new build) leaves the shop in English.
  return switchLanguage(language).catch(() => switchLanguage('en'));
}

/** The catalogue on screen now (undefined before the first one arrives). */
export function currentMessages(): Messages | undefined {
  return messages;
}

function useMessages(): Messages | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => messages,
    // The landing is also rendered at build time (src/prerender), which needs a server snapshot.
    () => messages,
  );
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const language = useCurrentLanguage();
  const current = useMessages();
  return (
    <IntlProvider locale={intlLocale(language)} defaultLocale="en" messages={current}>
      {children}
    </IntlProvider>
  );
}

/**
 * The current language and a setter that remembers the choice. Signed in, the account takes
 * the new language too (its e-mails and invoices follow it), without waiting or telling.
 */
export function useLanguage(): { language: Language; setLanguage: (next: Language) => void } {
  const language = useCurrentLanguage();
  return {
    language,
    setLanguage: (next) => {
      rememberLanguage(next);
      switchLanguage(next).catch(() => {
        // The catalogue did not arrive: the page stays in the language it is in.
      });
      // Logged and otherwise silent when it fails: the page works the same either way. Loaded
      // when used, so the sign-in calls and their schemas stay out of the landing's scripts.
      void import('../sign-in-api')
        .then(({ saveAccountLanguage }) => saveAccountLanguage(next))
        .catch((error: unknown) => console.warn('The account language could not be saved.', error));
    },
  };
}

export { currentLanguage };
