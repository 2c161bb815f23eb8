import { describe, expect, it } from 'vitest';
import { languages } from './languages';
import { cldrCountryName, regionNameIn } from './place-names';

describe('the spec’s regions in each language', () => {
  it('keep the spec’s names in English and take the shop’s in Arabic and French', () => {
    expect(languages.map((language) => regionNameIn('Middle East', language))).toEqual([
      'Middle East',
      'الشرق الأوسط',
      'Moyen-Orient',
    ]);
    expect(regionNameIn('LATAM', 'fr')).toBe('Amérique latine');
    expect(regionNameIn('Europe+', 'ar')).toBe('أوروبا+');
  });
});

describe('countries by CLDR’s names', () => {
  it('name a country in each language, whatever the case of its code', () => {
    const germany = Object.fromEntries(languages.map((l) => [l, cldrCountryName('de', l)]));
    expect(germany).toEqual({ en: 'Germany', ar: 'ألمانيا', fr: 'Allemagne' });
    expect(cldrCountryName('CZ', 'en')).toBe('Czechia');
  });

  it('know nothing of what is not a country code', () => {
    expect(cldrCountryName('XY', 'fr')).toBeUndefined();
    expect(cldrCountryName('not-a-code', 'fr')).toBeUndefined();
  });
});
