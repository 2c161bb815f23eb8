import type { Country } from '@tern/contract';
import { describe, expect, it } from 'vitest';
import { browsedCountries, flagUrl, isFavouritesOnly, regionImageUrl } from './country-list';

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
  it('shows only favourites until View all', () => {
    expect(names(browsedCountries(countries, false))).toEqual(['France', 'Turkey']);
    expect(isFavouritesOnly({ query: '  ', showAll: false })).toBe(true);
  });

  it('shows every country after View all, favourites first', () => {
    expect(names(browsedCountries(countries, true))).toEqual([
      'France',
      'Turkey',
      'Albania',
      'French Guiana',
      'Spain',
    ]);
    expect(isFavouritesOnly({ query: '', showAll: true })).toBe(false);
  });

  it('stops offering View all once the traveller searches', () => {
    expect(isFavouritesOnly({ query: 'fra', showAll: false })).toBe(false);
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
