import { describe, expect, it } from 'vitest';
import { regionNames } from './catalog-constants';
import {
  countryAliases,
  countryNames,
  normalizeDestinationName,
  regionAliases,
} from './destination-names';

describe('destination names as the search compares them', () => {
  it('drops accents and case, in names and in what is typed', () => {
    expect(normalizeDestinationName('Curaçao')).toBe('curacao');
    expect(normalizeDestinationName('Åland Islands')).toBe('aland islands');
    expect(normalizeDestinationName('TÜRKIYE')).toBe('turkiye');
    expect(normalizeDestinationName('São Tomé and Príncipe')).toBe('sao tome and principe');
    expect(normalizeDestinationName('Færøerne')).toBe('faeroerne');
  });

  it('reads punctuation as a space and "&" as "and"', () => {
    expect(normalizeDestinationName("Côte d'Ivoire")).toBe('cote d ivoire');
    expect(normalizeDestinationName('  Europe+ ')).toBe('europe');
    expect(normalizeDestinationName('Turks & Caicos')).toBe('turks and caicos');
    expect(normalizeDestinationName('U.S.A.')).toBe('u s a');
  });
});

describe('the alias tables', () => {
  it('are keyed by upper-case ISO codes', () => {
    for (const iso of [...Object.keys(countryAliases), ...Object.keys(countryNames)]) {
      expect(iso).toMatch(/^[A-Z]{2}$/);
    }
  });

  it('give no other name to two countries, so an alias never hides one behind another', () => {
    const owners = new Map<string, string>();
    for (const [iso, aliases] of Object.entries(countryAliases)) {
      for (const alias of [...aliases, countryNames[iso] ?? '']) {
        const key = normalizeDestinationName(alias);
        if (!key) continue;
        expect(owners.get(key) ?? iso, `"${alias}"`).toBe(iso);
        owners.set(key, iso);
      }
    }
  });

  it('cover every region of the shop', () => {
    expect(Object.keys(regionAliases).sort()).toEqual([...regionNames].sort());
  });
});
