import { describe, expect, it } from 'vitest';
import { countries } from './countries';
import { networksFor } from './networks';

describe('networksFor', () => {
  it('names the real main operators of well-known countries', () => {
    expect(networksFor('FR')).toEqual(['Orange', 'SFR', 'Bouygues Telecom']);
    expect(networksFor('us')).toContain('T-Mobile');
    expect(networksFor('TR')).toContain('Turkcell');
  });

  it('gives every country two or three distinct names, the same on every call', () => {
    for (const country of countries) {
      const networks = networksFor(country.iso);
      expect(networks.length, country.iso).toBeGreaterThanOrEqual(2);
      expect(networks.length, country.iso).toBeLessThanOrEqual(3);
      expect(new Set(networks).size, country.iso).toBe(networks.length);
      expect(networksFor(country.iso)).toEqual(networks);
    }
  });

  it('makes up plausible names for lesser-known countries', () => {
    const names = networksFor('TV');
    expect(
      names.every((name) => name.startsWith('Tuvalu') || ['Digicel', 'Vodafone'].includes(name)),
    ).toBe(true);
  });

  it('returns a copy the caller may change', () => {
    networksFor('FR').push('Free');
    expect(networksFor('FR')).toHaveLength(3);
  });
});
