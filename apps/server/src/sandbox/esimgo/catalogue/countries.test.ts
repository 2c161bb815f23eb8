import { describe, expect, it } from 'vitest';
import { countries, countryByIso } from './countries';

describe('countries', () => {
  it('lists the 249 ISO 3166-1 entries plus Netherlands Antilles', () => {
    expect(countries).toHaveLength(250);
    expect(countryByIso('AN')).toEqual({ iso: 'AN', iso3: 'ANT', name: 'Netherlands Antilles' });
  });

  it('has unique, well-formed codes and names', () => {
    expect(new Set(countries.map((country) => country.iso)).size).toBe(countries.length);
    expect(new Set(countries.map((country) => country.iso3)).size).toBe(countries.length);
    expect(new Set(countries.map((country) => country.name)).size).toBe(countries.length);
    for (const country of countries) {
      expect(country.iso).toMatch(/^[A-Z]{2}$/);
      expect(country.iso3).toMatch(/^[A-Z]{3}$/);
      expect(country.name.trim()).toBe(country.name);
      expect(country.name.length).toBeGreaterThan(2);
    }
  });

  it('uses common English names', () => {
    expect(countryByIso('TR')?.name).toBe('Turkey');
    expect(countryByIso('AE')?.name).toBe('United Arab Emirates');
    expect(countryByIso('US')).toEqual({ iso: 'US', iso3: 'USA', name: 'United States' });
    expect(countryByIso('GB')).toEqual({ iso: 'GB', iso3: 'GBR', name: 'United Kingdom' });
    expect(countryByIso('KR')?.name).toBe('South Korea');
    expect(countryByIso('DE')?.iso3).toBe('DEU');
  });

  it('looks codes up in any letter case and returns undefined for unknown ones', () => {
    expect(countryByIso('fr')?.name).toBe('France');
    expect(countryByIso('XX')).toBeUndefined();
    expect(countryByIso('')).toBeUndefined();
  });
});
