import type { Country } from '@tern/contract/catalog';
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
    expect(names(browsedCountries(countries, false, 'en'))).toEqual(['France', 'Turkey']);
    expect(isFavouritesOnly({ query: '  ', showAll: false })).toBe(true);
  });

  it('shows every country after View all, favourites first', () => {
    expect(names(browsedCountries(countries, true, 'en'))).toEqual([
      'France',
      'Turkey',
      'Albania',
      'French Guiana',
      'Spain',
    ]);
    expect(isFavouritesOnly({ query: '', showAll: true })).toBe(false);
  });

  it('orders the favourites by the names the page shows, in its alphabetical order', () => {
    const favourites = [
      country('Germany', 'DE', true),
      country('United Arab Emirates', 'AE', true),
      country('Spain', 'ES', true),
      country('Japan', 'JP', true),
      country('Egypt', 'EG', true),
      country('United Kingdom', 'GB', true),
    ];
    const shown = (language: 'en' | 'fr' | 'ar') =>
      browsedCountries(favourites, false, language).map((entry) => entry.cou_iso);
    expect(shown('en')).toEqual(['EG', 'DE', 'JP', 'ES', 'AE', 'GB']);
    // Allemagne, Égypte (É sorted with E), Émirats arabes unis, Espagne, Japon, Royaume-Uni.
    expect(shown('fr')).toEqual(['DE', 'EG', 'AE', 'ES', 'JP', 'GB']);
    // إسبانيا، الإمارات العربية المتحدة، ألمانيا، المملكة المتحدة، اليابان، مصر: a hamza on an
    // alef only breaks ties, so الإمارات (al-Imarat) comes before ألمانيا (Almania).
    expect(shown('ar')).toEqual(['ES', 'AE', 'DE', 'GB', 'JP', 'EG']);
  });

  it('keeps favourites first after View all, each part in the alphabetical order', () => {
    const list = [...countries, country('Germany', 'DE')];
    expect(names(browsedCountries(list, true, 'fr'))).toEqual([
      'France',
      'Turkey',
      'Albania',
      'Germany',
      'Spain',
      'French Guiana',
    ]);
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
