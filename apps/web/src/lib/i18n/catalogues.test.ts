// Arabic and French must say everything English says, with the same placeholders.
import {
  isArgumentElement,
  isPluralElement,
  isSelectElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { englishNamespaces } from '../../locales/en';

const translations = import.meta.glob<Record<string, string>>('../../locales/{ar,fr}/*.json', {
  eager: true,
  import: 'default',
});

function catalogue(language: string, namespace: string): Record<string, string> | undefined {
  return translations[`../../locales/${language}/${namespace}.json`];
}

/** The names of a message's placeholders, plural and select arguments included. */
function placeholdersOf(message: string): string[] {
  const names = new Set<string>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (isArgumentElement(element)) names.add(element.value);
      if (isPluralElement(element) || isSelectElement(element)) {
        names.add(element.value);
        for (const option of Object.values(element.options)) visit(option.value);
      }
    }
  };
  visit(parse(message));
  return [...names].sort();
}

describe.each(['ar', 'fr'])('the %s catalogue', (language) => {
  for (const [namespace, english] of Object.entries(englishNamespaces)) {
    it(`has a file for every English namespace (${namespace})`, () => {
      expect(catalogue(language, namespace)).toBeDefined();
    });

    it(`translates every English key of ${namespace}, and nothing else`, () => {
      const translated = catalogue(language, namespace) ?? {};
      expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
    });

    it(`keeps the English placeholders in ${namespace}`, () => {
      const translated = catalogue(language, namespace) ?? {};
      for (const [key, text] of Object.entries(english)) {
        const translation = translated[key];
        if (translation === undefined) continue;
        expect(placeholdersOf(translation), `${namespace}.${key}`).toEqual(placeholdersOf(text));
      }
    });
  }
});

describe('placeholders as the catalogue test reads them', () => {
  it('finds arguments inside plural branches', () => {
    expect(placeholdersOf('{count, plural, one {# in {query}} other {#}}')).toEqual([
      'count',
      'query',
    ]);
  });

  it('tells a missing placeholder apart', () => {
    expect(placeholdersOf('Slide {index}')).not.toEqual(placeholdersOf('Slide {index}: {title}'));
  });
});
