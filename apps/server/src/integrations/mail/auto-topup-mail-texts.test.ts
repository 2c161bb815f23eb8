import { languages } from '@tern/contract';
import { describe, expect, it } from 'vitest';
import { autoTopupMailTexts } from './auto-topup-mail-texts';

describe('the automatic top-up e-mail texts', () => {
  const englishKeys = Object.keys(autoTopupMailTexts.en).sort();
  const others = languages.filter((language) => language !== 'en');

  it.each(others)('give every English text a %s one, translated', (language) => {
    expect(Object.keys(autoTopupMailTexts[language]).sort()).toEqual(englishKeys);
    for (const key of englishKeys) {
      const render = (text: unknown) =>
        typeof text === 'function' ? String(text('A', 'B', 'C', 'D')) : String(text);
      const english = autoTopupMailTexts.en[key as keyof typeof autoTopupMailTexts.en];
      const other = autoTopupMailTexts[language][key as keyof typeof autoTopupMailTexts.en];
      expect(render(other), key).not.toBe(render(english));
    }
  });

  it.each(languages)(
    'keep the plan, the ICCID, the card and the links as given in %s',
    (language) => {
      const texts = autoTopupMailTexts[language];
      const body = texts.declinedBody(
        'Maya',
        'France eSIM · 1 GB',
        '8944000000000000017',
        'VISA •••• 4242',
      );
      for (const given of ['Maya', 'France eSIM · 1 GB', '8944000000000000017', 'VISA •••• 4242']) {
        expect(body).toContain(given);
      }
      expect(texts.stopLink('https://shop.example/#/auto-topup-stop?token=x')).toContain(
        'https://shop.example/#/auto-topup-stop?token=x',
      );
      expect(texts.receiptCap(1, 2)).toMatch(/1.*2/);
    },
  );
});
