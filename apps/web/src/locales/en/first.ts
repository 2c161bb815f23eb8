/**
 * The English the shell and the landing say, in the first script; the rest (later.ts) is
 * fetched with the first page that says it (app/lazy-page.ts, lib/i18n completeEnglish).
 */
import { auth } from './auth';
import { common } from './common';
import { landing } from './landing';
import { shell } from './shell';
import { trip } from './trip';

/** `{ namespace: { key: text } }` as `{ 'namespace.key': text }`. */
export function flattenNamespaces(namespaces: Record<string, Record<string, string>>) {
  return Object.fromEntries(
    Object.entries(namespaces).flatMap(([namespace, messages]) =>
      Object.entries(messages).map(([key, text]) => [`${namespace}.${key}`, text]),
    ),
  );
}

export const firstEnglishNamespaces = { shell, landing, common, auth, trip } as const;
export const firstEnglishMessages = flattenNamespaces(firstEnglishNamespaces);
