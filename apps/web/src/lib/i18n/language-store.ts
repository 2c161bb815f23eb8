/**
 * The shop's current language, outside React so any code can read it (currentLanguage()).
 * The traveller's choice is remembered in local storage under `lang` (kept across logout);
 * a first visit follows navigator.languages. `<html lang>` and `dir` follow the language,
 * set before React first renders so an Arabic page never flashes left to right.
 */
import { directionOf, isLanguage, type Language, pickLanguage } from '@tern/contract/languages';
import { createExternalStore, useExternalStore } from '../external-store';
import { storageKeys } from '../session-store';

/** The local-storage key of the chosen language; logout keeps it. */
export const LANGUAGE_STORAGE_KEY = storageKeys.language;

function storedLanguage(): Language | undefined {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The remembered choice, else the browser's preferences, else English. A remembered choice is
 * told to the server again (its cookie renewed), so the next visit's first page comes in it.
 */
export function initialLanguage(): Language {
  const stored = storedLanguage();
  if (stored) writeLanguageCookie(stored);
  return stored ?? pickLanguage(navigator.languages ?? [navigator.language]);
}

/**
 * The `lang` cookie: the server sends the first page prerendered in this language
 * (apps/server/src/plugins/web-app.ts); local storage stays the app's own record. A year, as
 * long as a traveller might stay away between trips.
 */
function writeLanguageCookie(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop serves
  document.cookie = `lang=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

const store = createExternalStore<Language>('en');

/** The language pages are shown in now, for code outside React (API calls, formatting). */
export function currentLanguage(): Language {
  return store.get();
}

/** Makes a language current: the document's lang and dir, then everything reading the store. */
export function showLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  store.set(language);
}

/** Remembers the traveller's choice for the next visit. */
export function rememberLanguage(language: Language): void {
  writeLanguageCookie(language);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts this visit only
  }
}

export function useCurrentLanguage(): Language {
  return useExternalStore(store);
}
