import { describe, expect, it } from 'vitest';
import { searchDialCountries } from './country-search';
import { localDialCountries } from './dial-countries';

const isoOf = (query: string, language: 'en' | 'fr' | 'ar' = 'en') =>
  searchDialCountries(localDialCountries(language), query).map((country) => country.iso2);

describe('searchDialCountries', () => {
  it('keeps the whole list for an empty search', () => {
    expect(isoOf('  ')).toHaveLength(localDialCountries('en').length);
  });

  it('finds countries whose name starts with the letters, then those with a word that does', () => {
    expect(isoOf('united')).toEqual(['AE', 'GB', 'US', 'TZ']); // Tanzania, United Republic of
    expect(isoOf('king')[0]).toBe('GB');
    expect(isoOf('leb')).toEqual(['LB']);
  });

  it('ignores case and accents, and finds a name holding the letters', () => {
    expect(isoOf('COTE')).toContain('CI');
    expect(isoOf('ance')).toEqual(expect.arrayContaining(['FR']));
  });

  it('finds a calling code from its digits, with a plus or 00', () => {
    expect(isoOf('+44')).toEqual(['GB']);
    expect(isoOf('44')).toEqual(['GB']);
    expect(isoOf('00 961')).toEqual(['LB']);
    expect(isoOf('+1')).toEqual(expect.arrayContaining(['US', 'CA', 'AG']));
  });

  it('finds names in the language shown, and in English', () => {
    expect(isoOf('allem', 'fr')).toEqual(['DE']);
    expect(isoOf('germany', 'fr')).toEqual(['DE']);
    expect(isoOf('royaume', 'fr')).toEqual(['GB']);
    expect(isoOf('لبنان', 'ar')).toEqual(['LB']);
    expect(isoOf('lebanon', 'ar')).toEqual(['LB']);
  });

  it('finds nothing for letters no name has', () => {
    expect(isoOf('xyzq')).toEqual([]);
  });
});
