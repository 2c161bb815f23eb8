import { regionNames } from '@tern/contract';
import { describe, expect, it } from 'vitest';
import {
  costTierOf,
  countryRates,
  fixedPrice,
  regionRates,
  toCents,
  unlimitedPrice,
} from './prices';
import { regions } from './regions';

describe('cost tiers', () => {
  it('make Turkey and Europe cheap and remote islands dear', () => {
    expect(costTierOf('TR')).toBe('budget');
    expect(costTierOf('FR')).toBe('budget');
    expect(costTierOf('KI')).toBe('premium');
    expect(costTierOf('CF')).toBe('premium');
    expect(costTierOf('XX')).toBe('premium');
    expect(countryRates('TR').perGb).toBeLessThan(countryRates('NG').perGb);
    expect(countryRates('NG').perGb).toBeLessThan(countryRates('TV').perGb);
  });

  it('are stable between calls', () => {
    expect(countryRates('JP')).toEqual(countryRates('jp'));
  });
});

describe('price curves', () => {
  it('cost less per GB and per day as bundles grow', () => {
    const sizes = [1, 2, 3, 5, 8, 10, 20, 25, 50];
    const perGb = sizes.map((size) => fixedPrice(3, size) / size);
    expect(perGb).toEqual([...perGb].sort((a, b) => b - a));
    const days = [1, 3, 5, 7, 10, 15];
    const perDay = days.map((count) => unlimitedPrice(4, count) / count);
    expect(perDay).toEqual([...perDay].sort((a, b) => b - a));
  });

  it('round to the cent', () => {
    expect(toCents(2.3456)).toBe(2.35);
    for (const price of [fixedPrice(1.37, 7), unlimitedPrice(2.71, 9)]) {
      expect(toCents(price)).toBe(price);
    }
  });
});

describe('region rates', () => {
  it('sit above every member country', () => {
    for (const region of regions) {
      const rates = regionRates(region.name);
      for (const iso of region.members) {
        expect(rates.perGb, `${region.name} vs ${iso}`).toBeGreaterThan(countryRates(iso).perGb);
        expect(rates.perDay, `${region.name} vs ${iso}`).toBeGreaterThan(countryRates(iso).perDay);
      }
    }
  });

  it('make Global the dearest region', () => {
    const global = regionRates('Global');
    for (const name of regionNames.filter((name) => name !== 'Global')) {
      expect(global.perGb, name).toBeGreaterThan(regionRates(name).perGb);
    }
  });
});
