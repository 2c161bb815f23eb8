import { regionNames } from '@tern/contract';
import { describe, expect, it } from 'vitest';
import { countries, countryByIso } from './countries';
import { homeRegionNames, homeRegionOf, regionByName, regions } from './regions';

describe('regions', () => {
  it('are exactly the ten provider regions, each with a unique bundle code', () => {
    expect(regions.map((region) => region.name)).toEqual([...regionNames]);
    expect(regions).toHaveLength(10);
    expect(new Set(regions.map((region) => region.code)).size).toBe(10);
    expect(regionByName('Europe+')?.code).toBe('REUP');
    expect(regionByName('Narnia')).toBeUndefined();
  });

  it('only list known countries, each once', () => {
    for (const region of regions) {
      expect(new Set(region.members).size, region.name).toBe(region.members.length);
      for (const iso of region.members)
        expect(countryByIso(iso), `${region.name}: ${iso}`).toBeDefined();
    }
  });

  it('have realistic members', () => {
    const europePlus = regionByName('Europe+')?.members ?? [];
    expect(europePlus).toEqual(expect.arrayContaining(['FR', 'DE', 'NO', 'GB', 'CH', 'TR']));
    expect(regionByName('North America')?.members).toEqual(['US', 'CA', 'MX']);
    expect(regionByName('Caribbean')?.members).toContain('AN');
    expect(regionByName('Middle East')?.members).toContain('AE');
    expect(regionByName('Global')?.members.length).toBeGreaterThanOrEqual(100);
  });
});

describe('homeRegionOf', () => {
  it('gives every country exactly one continental region', () => {
    for (const country of countries) {
      expect(homeRegionNames, country.iso).toContain(homeRegionOf(country.iso));
    }
  });

  it('places well-known countries as the provider does', () => {
    expect(homeRegionOf('TR')).toBe('Europe');
    expect(homeRegionOf('AE')).toBe('Middle East');
    expect(homeRegionOf('fr')).toBe('Europe');
    expect(homeRegionOf('BR')).toBe('South America');
    expect(homeRegionOf('CR')).toBe('Central America');
    expect(homeRegionOf('JM')).toBe('Caribbean');
    expect(homeRegionOf('AU')).toBe('Oceania');
    expect(homeRegionOf('XX')).toBeUndefined();
  });
});
