import { dialCountries } from '@tern/contract/phone';
import { describe, expect, it } from 'vitest';
import { localDialCountries } from './dial-countries';
import { findTypeAheadMatch } from './type-ahead';

describe('the dial-code list in each language', () => {
  it('keeps the list as it is in English', () => {
    expect(localDialCountries('en')).toBe(dialCountries);
  });

  it('names the countries in Arabic and French, with their calling codes', () => {
    const arabic = localDialCountries('ar');
    const french = localDialCountries('fr');
    expect(arabic.find((country) => country.iso2 === 'LB')).toMatchObject({
      name: 'لبنان',
      dialCode: '+961',
    });
    expect(french.find((country) => country.iso2 === 'DE')?.name).toBe('Allemagne');
    expect(arabic).toHaveLength(dialCountries.length);
  });

  it('sorts by the names shown', () => {
    const names = localDialCountries('fr').map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('fr').compare));
    expect(names.indexOf('Allemagne')).toBeLessThan(names.indexOf('Belgique'));
  });

  it('lets type-ahead find a country by its name in the language', () => {
    const arabic = localDialCountries('ar');
    const lebanon = findTypeAheadMatch(arabic, 'لبن', 0);
    expect(lebanon === undefined ? undefined : arabic[lebanon]?.iso2).toBe('LB');
    const french = localDialCountries('fr');
    const germany = findTypeAheadMatch(french, 'allem', 0);
    expect(germany === undefined ? undefined : french[germany]?.iso2).toBe('DE');
  });
});
