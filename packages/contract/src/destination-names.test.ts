import { describe, expect, it } from 'vitest';
import { regionNames } from './catalog-constants';
import {
  countryAliases,
  countryNames,
  normalizeDestinationName,
  regionAliases,
} from './destination-names';
import { translatedCountryAliases } from './translated-destination-aliases';

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

  it('folds the Arabic letters written interchangeably, and drops vowel marks and tatweel', () => {
    // Hamzated alefs as a bare alef: أمريكا, إنجلترا, آسيا.
    expect(normalizeDestinationName('أمريكا')).toBe('امريكا');
    expect(normalizeDestinationName('إنجلترا')).toBe('انجلترا');
    expect(normalizeDestinationName('آسيا')).toBe('اسيا');
    // Ta marbuta as ha, alif maqsura as ya, alef wasla as alef.
    expect(normalizeDestinationName('السعودية')).toBe('السعوديه');
    expect(normalizeDestinationName('دبى')).toBe('دبي');
    expect(normalizeDestinationName('ٱلمغرب')).toBe('المغرب');
    // Tashkeel (fatha, kasra, shadda, sukun…) and the tatweel that stretches a word.
    expect(normalizeDestinationName('فَرَنْسَا')).toBe('فرنسا');
    expect(normalizeDestinationName('مِصْر')).toBe('مصر');
    expect(normalizeDestinationName('فرنــــسا')).toBe('فرنسا');
  });

  it('folds French accents and apostrophes', () => {
    expect(normalizeDestinationName('Émirats arabes unis')).toBe('emirats arabes unis');
    expect(normalizeDestinationName('Côte d’Ivoire')).toBe('cote d ivoire');
    expect(normalizeDestinationName('Îles Féroé')).toBe('iles feroe');
  });
});

describe('the alias tables', () => {
  it('are keyed by upper-case ISO codes', () => {
    const tables = [countryAliases, countryNames, translatedCountryAliases];
    for (const iso of tables.flatMap((table) => Object.keys(table))) {
      expect(iso).toMatch(/^[A-Z]{2}$/);
    }
  });

  it('give no other name to two countries, so an alias never hides one behind another', () => {
    const owners = new Map<string, string>();
    const isoCodes = new Set([
      ...Object.keys(countryAliases),
      ...Object.keys(translatedCountryAliases),
    ]);
    for (const iso of isoCodes) {
      const aliases = [...(countryAliases[iso] ?? []), ...(translatedCountryAliases[iso] ?? [])];
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
