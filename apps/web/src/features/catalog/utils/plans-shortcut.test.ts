import type { Country } from '@tern/contract/catalog';
import { describe, expect, it } from 'vitest';
import { parsePlansShortcut, resolvePlansShortcut } from './plans-shortcut';

const countries: Country[] = [
  { cou_id: 1, cou_name: 'France', cou_iso: 'FR', cou_region: 'Europe', cou_favorit: true },
  {
    cou_id: 4,
    cou_name: 'United Arab Emirates',
    cou_iso: 'AE',
    cou_region: 'Middle East',
    cou_favorit: true,
  },
];
const resolve = (query: string) => {
  const shortcut = parsePlansShortcut(new URLSearchParams(query));
  return shortcut && resolvePlansShortcut(shortcut, countries);
};

describe('the /plans shortcut', () => {
  it('opens a country by its code, with the name the catalogue gives it', () => {
    expect(resolve('iso=AE')).toEqual({ kind: 'country', iso: 'AE', name: 'United Arab Emirates' });
    expect(resolve('iso=fr')).toEqual({ kind: 'country', iso: 'FR', name: 'France' });
  });

  it('opens a region by name, however the plus sign arrived', () => {
    const europe = { kind: 'region', name: 'Europe+' };
    expect(resolve('region=Europe%2B')).toEqual(europe);
    expect(resolve('region=Europe+')).toEqual(europe);
    expect(resolve('region=europe')).toEqual(europe);
    expect(resolve('region=Middle%20East')).toEqual({ kind: 'region', name: 'Middle East' });
  });

  it('names nothing for unknown or missing destinations', () => {
    expect(resolve('iso=ZZ')).toBeUndefined();
    expect(resolve('iso=FRA')).toBeUndefined();
    expect(resolve('region=Atlantis')).toBeUndefined();
    expect(resolve('')).toBeUndefined();
  });
});
