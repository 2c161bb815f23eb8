import { languages } from '@tern/contract';
import { describe, expect, it } from 'vitest';
import { invoiceDate, invoiceTexts } from './invoice-texts';

describe('the invoice texts', () => {
  it.each(languages.filter((language) => language !== 'en'))(
    'give every English label a %s one',
    (language) => {
      expect(Object.keys(invoiceTexts[language]).sort()).toEqual(
        Object.keys(invoiceTexts.en).sort(),
      );
    },
  );

  it('keep Arabic labels free of Latin letters, so each draws as one right-to-left run', () => {
    for (const [key, text] of Object.entries(invoiceTexts.ar)) {
      const drawn = typeof text === 'function' ? text(11 as never) : text;
      expect(drawn, key).not.toMatch(/[A-Za-z]/);
    }
  });

  it('spell the date in the buyer’s language', () => {
    const date = new Date('2026-11-22T10:00:00Z');
    expect(invoiceDate(date, 'en')).toBe('2026-11-22');
    expect(invoiceDate(date, 'fr')).toBe('22 novembre 2026');
    expect(invoiceDate(date, 'ar')).toBe('22 تشرين الثاني 2026');
  });
});
