import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { opsWords } from './ops-words';

/** The arguments a message takes, e.g. {email} and {role}. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const visit = (elements: ReturnType<typeof parse>) => {
    for (const element of elements) {
      if ('value' in element && typeof element.value === 'string' && element.type !== 0)
        names.add(element.value);
      if ('options' in element)
        for (const option of Object.values(element.options)) visit(option.value);
    }
  };
  visit(parse(message));
  return [...names].sort();
}

describe('the console’s words', () => {
  const english = opsWords.en;

  it.each(['ar', 'fr'] as const)(
    '%s says every English message, with the same arguments',
    (language) => {
      const words = opsWords[language];
      expect(Object.keys(words).sort()).toEqual(Object.keys(english).sort());
      for (const [id, message] of Object.entries(english))
        expect(argumentsOf(words[id as keyof typeof english]), id).toEqual(argumentsOf(message));
    },
  );

  it('are never the English words in Arabic', () => {
    const same = Object.entries(opsWords.ar).filter(
      ([id, message]) =>
        english[id as keyof typeof english] === message && /[a-z]{4}/.test(message),
    );
    // Redis is a product's name, the same in every language.
    expect(same.map(([id]) => id)).toEqual(['health.redis']);
  });
});
