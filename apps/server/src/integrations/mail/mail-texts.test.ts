import { languages } from '@tern/contract';
import { describe, expect, it } from 'vitest';
import { mailTexts } from './mail-texts';

describe('the e-mail texts', () => {
  const englishKeys = Object.keys(mailTexts.en).sort();

  it.each(languages.filter((language) => language !== 'en'))(
    'give every English text a %s one',
    (language) => {
      expect(Object.keys(mailTexts[language]).sort()).toEqual(englishKeys);
    },
  );

  it.each(languages.filter((language) => language !== 'en'))(
    'translate every English text into %s rather than copy it',
    (language) => {
      for (const key of englishKeys) {
        const english = mailTexts.en[key as keyof typeof mailTexts.en];
        const other = mailTexts[language][key as keyof typeof mailTexts.en];
        const render = (text: unknown) =>
          typeof text === 'function' ? String(text('A', 'B', 'C', 'D')) : String(text);
        expect(typeof other, key).toBe(typeof english);
        expect(render(other), key).not.toBe(render(english));
      }
    },
  );
});
