/**
 * English, the source of truth: every message id is `<namespace>.<key>`, one namespace per
 * file here, mirrored by src/locales/{ar,fr}/<namespace>.json.
 */
import { auth } from './auth';
import { checkout } from './checkout';
import { common } from './common';
import { landing } from './landing';
import { plans } from './plans';
import { profile } from './profile';
import { shell } from './shell';

export const englishNamespaces = {
  shell,
  landing,
  common,
  plans,
  auth,
  checkout,
  profile,
} as const;

type Namespaces = typeof englishNamespaces;
export type MessageId = {
  [N in keyof Namespaces]: `${N & string}.${keyof Namespaces[N] & string}`;
}[keyof Namespaces];

export const englishMessages = Object.fromEntries(
  Object.entries(englishNamespaces).flatMap(([namespace, messages]) =>
    Object.entries(messages).map(([key, text]) => [`${namespace}.${key}`, text]),
  ),
) as Record<MessageId, string>;
