import { languages } from '@tern/contract';
import { describe, expect, it } from 'vitest';
import { alertMailTexts } from './alert-mail-texts';

describe('the usage alert e-mail texts', () => {
  const englishKeys = Object.keys(alertMailTexts.en).sort();
  const others = languages.filter((language) => language !== 'en');

  it.each(others)('give every English text a %s one', (language) => {
    expect(Object.keys(alertMailTexts[language]).sort()).toEqual(englishKeys);
  });

  it.each(others)('translate every English text into %s rather than copy it', (language) => {
    for (const key of englishKeys) {
      const english = alertMailTexts.en[key as keyof typeof alertMailTexts.en];
      const other = alertMailTexts[language][key as keyof typeof alertMailTexts.en];
      const render = (text: unknown) =>
        typeof text === 'function' ? String(text('A', 'B', 'C')) : String(text);
      expect(typeof other, key).toBe(typeof english);
      expect(render(other), key).not.toBe(render(english));
    }
  });

  it.each(languages)('keep the plan, the ICCID and the link as given in %s', (language) => {
    const texts = alertMailTexts[language];
    const body = texts.used80Body('Maya', 'France eSIM · 1 GB · 7 days', '8944000000000000017');
    expect(body).toContain('France eSIM · 1 GB · 7 days');
    expect(body).toContain('8944000000000000017');
    expect(texts.topupLink('https://shop.example/#/plan-details?x=1')).toContain(
      'https://shop.example/#/plan-details?x=1',
    );
  });
});
