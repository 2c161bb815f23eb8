import type { Country } from '@tern/contract';
import { describe, expect, it } from 'vitest';
import { flagUrl, isFavouritesOnly, regionImageUrl, visibleCountries } from './country-list';

const country = (cou_name: string, cou_iso: string, cou_favorit = false): Country => ({
  cou_id: cou_iso.charCodeAt(0),
  cou_name,
  cou_iso,
  cou_region: 'Europe',
  cou_favorit,
});

const countries = [
  country('Spain', 'ES'),
  country('France', 'FR', true),
  country('Turkey', 'TR', true),
  country('French Guiana', 'GF'),
  country('Albania', 'AL'),
];
const names = (list: Country[]) => list.map((entry) => entry.cou_name);

describe('the landing country list', () => {
  it('shows only favourites while the search is empty', () => {
    expect(names(visibleCountries(countries, { query: '', showAll: false }))).toEqual([
      'France',
      'Turkey',
    ]);
    expect(isFavouritesOnly({ query: '  ', showAll: false })).toBe(true);
  });

  it('shows every country after View all, favourites first', () => {
    expect(names(visibleCountries(countries, { query: '', showAll: true }))).toEqual([
      'France',
      'Turkey',
      'Albania',
      'French Guiana',
      'Spain',
    ]);
    expect(isFavouritesOnly({ query: '', showAll: true })).toBe(false);
  });

  it('searches all countries by any part of the name, ignoring case and spaces around', () => {
    expect(names(visibleCountries(countries, { query: ' FRA ', showAll: false }))).toEqual([
      'France',
    ]);
    expect(names(visibleCountries(countries, { query: 'an', showAll: false }))).toEqual([
      'France',
      'Albania',
      'French Guiana',
    ]);
    expect(isFavouritesOnly({ query: 'fra', showAll: false })).toBe(false);
  });

  it('finds nothing for text no name contains', () => {
    expect(visibleCountries(countries, { query: 'xyz', showAll: true })).toEqual([]);
  });
});

describe('destination pictures', () => {
  it('serves flags locally by lower-case code, with the substitute for cyp', () => {
    expect(flagUrl('FR')).toBe('/flags/fr.svg');
    expect(flagUrl('ic')).toBe('/flags/ic.svg');
    expect(flagUrl('CYP')).toBe('/flags/cy.svg');
  });

  it('names region pictures after the region', () => {
    expect(regionImageUrl('Europe+')).toBe('/regions/europe-plus.svg');
    expect(regionImageUrl('North America')).toBe('/regions/north-america.svg');
    expect(regionImageUrl('LATAM')).toBe('/regions/latam.svg');
    expect(regionImageUrl('Atlantis')).toBe('/regions/global.svg');
  });
});
