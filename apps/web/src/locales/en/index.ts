/**
 * English, the source of truth: every message id is `<namespace>.<key>`, one namespace per
 * file here, mirrored by src/locales/{ar,fr}/<namespace>.json.
 */
import { firstEnglishNamespaces, flattenNamespaces } from './first';
import { laterEnglishNamespaces } from './later';

/** All of English, for tests and the build; the app loads it in two parts (first.ts, later.ts). */
export const englishNamespaces = { ...firstEnglishNamespaces, ...laterEnglishNamespaces } as const;

type Namespaces = typeof englishNamespaces;
export type MessageId = {
  [N in keyof Namespaces]: `${N & string}.${keyof Namespaces[N] & string}`;
}[keyof Namespaces];

export const englishMessages = flattenNamespaces(englishNamespaces) as Record<MessageId, string>;
