/**
 * The message catalogues. English is written in code (src/locales/en): what the shell and
 * the landing say rides in the first script; the rest is fetched with the first other page
 * (app/router), or with Arabic or French. Arabic and French are JSON files per namespace, each
 * fetched as a script of its own only when that language is chosen.
 */
import type { Language } from '@tern/contract/languages';
import type { MessageId } from '../../locales/en';
import { firstEnglishMessages } from '../../locales/en/first';

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

/**
 * English as far as it has arrived. The rest is added to this same object, so the messages
 * on screen need no new render: nothing shown before it arrives says any of it.
 */
const english = { ...firstEnglishMessages } as Messages;
let restOfEnglish: Promise<void> | undefined;

/** Fetches the rest of English once (again after a failure); resolves when it is in. */
export function completeEnglish(): Promise<void> {
  restOfEnglish ??= import('../../locales/en/later').then(
    ({ laterEnglishMessages }) => {
      Object.assign(english, laterEnglishMessages);
    },
    (error: unknown) => {
      restOfEnglish = undefined;
      throw error;
    },
  );
  return restOfEnglish;
}

/** English now: code outside React falls back on it before any catalogue is on screen. */
export function englishMessagesSoFar(): Messages {
  return english;
}

const loaded = new Map<Language, Messages>([['en', english]]);

/** A language's messages; English fills any gap so a page never shows a bare id. */
export async function loadMessages(language: Language): Promise<Messages> {
  const cached = loaded.get(language);
  if (cached) return cached;
  const files = Object.entries(translated).filter(([path]) => path.includes(`/${language}/`));
  const [, ...parts] = await Promise.all([
    completeEnglish(),
    ...files.map(async ([path, load]) => namespaced(path, (await load()).default)),
  ]);
  const messages = Object.assign({}, english, ...parts) as Messages;
  loaded.set(language, messages);
  return messages;
}
