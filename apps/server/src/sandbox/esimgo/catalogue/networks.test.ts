import { describe, expect, it } from 'vitest';
import { countries } from './countries';
import { networksFor, roamingNetworksFor } from './networks';

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

describe('roamingNetworksFor', () => {
  it('gives the main networks of a 5G roaming market 5G, and the third one 4G', () => {
    expect(roamingNetworksFor('FR')).toEqual([
      { name: 'Orange', speeds: ['3G', '4G', '5G'] },
      { name: 'SFR', speeds: ['3G', '4G', '5G'] },
      { name: 'Bouygues Telecom', speeds: ['3G', '4G'] },
    ]);
  });

  it("names the operator and its brand where they differ, as eSIM Go's brandName does", () => {
    expect(roamingNetworksFor('JP')).toContainEqual({
      name: 'KDDI',
      brandName: 'au',
      speeds: ['3G', '4G'],
    });
    expect(roamingNetworksFor('US').map((network) => network.brandName)).toEqual([
      'AT&T',
      'T-Mobile',
      'Verizon',
    ]);
  });

  it('stops at 4G where roamers get no 5G, and gives every country at least 4G', () => {
    expect(roamingNetworksFor('LA').flatMap((network) => network.speeds)).not.toContain('5G');
    for (const country of countries) {
      const speeds = roamingNetworksFor(country.iso).flatMap((network) => network.speeds);
      expect(speeds, country.iso).toContain('4G');
    }
  });
});
