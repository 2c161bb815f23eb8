/**
 * The message catalogues. English is written in code (src/locales/en) and bundled with the
 * pages that use it; Arabic and French are JSON files per namespace, each fetched as a
 * script of its own only when that language is chosen.
 */
import type { Language } from '@tern/contract';
import { englishMessages, type MessageId } from '../../locales/en';

export type Messages = Record<MessageId, string>;

const translated = import.meta.glob<{ default: Record<string, string> }>(
  '../../locales/{ar,fr}/*.json',
);

/** Message ids are `<namespace>.<key>`: a JSON file's keys get its file name in front. */
function namespaced(path: string, messages: Record<string, string>): Record<string, string> {
  const namespace = path.replace(/^.*\//, '').replace(/\.json$/, '');
  return Object.fromEntries(
    Object.entries(messages).map(([key, text]) => [`${namespace}.${key}`, text]),
  );
}

const loaded = new Map<Language, Messages>([['en', englishMessages]]);

/** A language's messages; English fills any gap so a page never shows a bare id. */
export async function loadMessages(language: Language): Promise<Messages> {
  const cached = loaded.get(language);
  if (cached) return cached;
  const files = Object.entries(translated).filter(([path]) => path.includes(`/${language}/`));
  const parts = await Promise.all(
    files.map(async ([path, load]) => namespaced(path, (await load()).default)),
  );
  const messages = Object.assign({}, englishMessages, ...parts) as Messages;
  loaded.set(language, messages);
  return messages;
}
