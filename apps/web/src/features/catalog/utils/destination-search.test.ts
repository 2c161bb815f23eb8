import type { Country } from '@tern/contract/catalog';
import { type Language, languages } from '@tern/contract/languages';
import type { RegionCoverage } from '@tern/contract/region-coverage';
import { describe, expect, it } from 'vitest';
import {
  buildDestinationIndex,
  type DestinationIndex,
  type DestinationMatch,
  type SearchCatalogue,
  searchDestinations,
  searchSummary,
} from './destination-search';
import { worldCountries } from './world-countries';

const country = (cou_iso: string, cou_name: string): Country => ({
  cou_id: cou_iso.charCodeAt(0) * 100 + cou_iso.charCodeAt(1),
  cou_name,
  cou_iso,
  cou_region: 'Europe',
  cou_favorit: false,
});

// Names as the simulated provider spells them.
const countries: Country[] = [
  country('AE', 'United Arab Emirates'),
  country('AU', 'Australia'),
  country('AX', 'Åland Islands'),
  country('CI', "Côte d'Ivoire"),
  country('CW', 'Curaçao'),
  country('CZ', 'Czech Republic'),
  country('FR', 'France'),
  country('GB', 'United Kingdom'),
  country('GF', 'French Guiana'),
  country('IL', 'Israel'),
  country('KP', 'North Korea'),
  country('KR', 'South Korea'),
  country('MO', 'Macau'),
  country('MY', 'Malaysia'),
  country('NL', 'Netherlands'),
  country('NZ', 'New Zealand'),
  country('RU', 'Russia'),
  country('TR', 'Turkey'),
  country('UA', 'Ukraine'),
  country('US', 'United States'),
  country('VG', 'British Virgin Islands'),
  country('VI', 'US Virgin Islands'),
  country('VN', 'Vietnam'),
];

const coverage: RegionCoverage[] = [
  { region: 'Asia', countries: ['KR', 'MO', 'MY', 'VN'] },
  { region: 'Middle East', countries: ['AE', 'IL', 'TR'] },
  { region: 'Europe+', countries: ['AX', 'CZ', 'FR', 'GB', 'NL', 'TR'] },
  // A provider whose Balkans bundle roams in Kosovo, which has no bundle of its own.
  { region: 'Balkans', countries: ['XK'] },
  {
    region: 'Global',
    countries: ['AE', 'AU', 'CZ', 'FR', 'GB', 'MO', 'MY', 'NL', 'NZ', 'TR', 'UA', 'US', 'VN'],
  },
];

const catalogue: SearchCatalogue = { countries, coverage, world: worldCountries };
const index = buildDestinationIndex(catalogue);
const search = (query: string) => searchDestinations(index, query);
const label = (match: DestinationMatch | undefined) =>
  match?.kind === 'country' ? match.country.cou_name : match?.name;
const firstResult = (query: string) => label(search(query).matches[0]);
const allResults = (query: string) => search(query).matches.map(label);

describe('the destination search', () => {
  it.each([
    ['UAE', 'United Arab Emirates'],
    ['USA', 'United States'],
    ['US', 'United States'],
    ['UK', 'United Kingdom'],
    ['Britain', 'United Kingdom'],
    ['Great Britain', 'United Kingdom'],
    ['England', 'United Kingdom'],
    ['Turkiye', 'Turkey'],
    ['Türkiye', 'Turkey'],
    ['Holland', 'Netherlands'],
    ['Czechia', 'Czech Republic'],
    ['Ivory Coast', "Côte d'Ivoire"],
    ["Cote d'Ivoire", "Côte d'Ivoire"],
    ['cote', "Côte d'Ivoire"],
    ['ivoire', "Côte d'Ivoire"],
    ['South Korea', 'South Korea'],
    ['Korea', 'South Korea'],
    ['Russia', 'Russia'],
    ['Russian Federation', 'Russia'],
    ['Vietnam', 'Vietnam'],
    ['Viet Nam', 'Vietnam'],
    ['Macau', 'Macau'],
    ['Macao', 'Macau'],
    ['Curacao', 'Curaçao'],
    ['aland', 'Åland Islands'],
    ['AE', 'United Arab Emirates'],
    ['GB', 'United Kingdom'],
    ['Dubai', 'United Arab Emirates'],
    ['europe', 'Europe+'],
    ['asia', 'Asia'],
  ])('offers %s first as %s', (query, expected) => {
    expect(firstResult(query)).toBe(expected);
  });

  it('ignores case, accents and spaces around, in the text and in the names', () => {
    expect(firstResult('  CÔTE ')).toBe("Côte d'Ivoire");
    expect(firstResult('ÅLAND')).toBe('Åland Islands');
    expect(firstResult('curaçao')).toBe('Curaçao');
    expect(firstResult('uae')).toBe('United Arab Emirates');
  });

  it('ranks a name starting with the text above one containing it inside a word', () => {
    expect(allResults('aland')).toEqual(['Åland Islands', 'New Zealand']);
    expect(allResults('UK')).toEqual(['United Kingdom', 'Ukraine']);
    expect(allResults('korea')).toEqual(['South Korea', 'North Korea']);
  });

  it('still finds any part of a listed name, as the spec asks', () => {
    expect(allResults('an')).toEqual(
      expect.arrayContaining(['France', 'French Guiana', 'Åland Islands']),
    );
    expect(allResults('rael')).toEqual(['Israel']);
  });

  it('matches other names only from the start of a word, so "olland" finds no Holland', () => {
    expect(allResults('olland')).toEqual([]);
    expect(allResults('ritain')).toEqual([]);
  });

  it('matches an ISO code only whole', () => {
    expect(allResults('GB')).toEqual(['United Kingdom']);
    expect(firstResult('us')).toBe('United States');
    expect(allResults('us')).toContain('US Virgin Islands');
  });

  it('says where a country is also covered, the nearest region first', () => {
    const [turkey] = search('turkey').matches;
    expect(turkey).toMatchObject({ kind: 'country', alsoIn: ['Middle East', 'Europe+', 'Global'] });
    const [france] = search('france').matches;
    expect(france).toMatchObject({ alsoIn: ['Europe+', 'Global'] });
  });

  it('offers regions with how many countries they cover', () => {
    expect(search('europe').matches[0]).toEqual({
      kind: 'region',
      name: 'Europe+',
      countryCount: 6,
    });
    expect(firstResult('worldwide')).toBe('Global');
  });

  it('names a real country it has no plan for, with the regions that cover it', () => {
    expect(search('Kosovo')).toEqual({
      matches: [],
      unsold: [{ iso: 'XK', name: 'Kosovo', regions: ['Balkans'] }],
    });
    expect(search('Greenland').unsold).toEqual([{ iso: 'GL', name: 'Greenland', regions: [] }]);
    expect(searchSummary(search('Kosovo'))).toBe('No destinations. We have no plan for Kosovo yet');
  });

  it("uses the shop's name of an unsold country, not the dial-code list's formal one", () => {
    expect(search('Iran').unsold.map((entry) => entry.name)).toEqual(['Iran']);
    expect(search('Persia').unsold.map((entry) => entry.name)).toEqual(['Iran']);
  });

  it('names an unsold country beside matches only when the text is one of its names', () => {
    // "new" starts New Zealand; New Caledonia, unsold here, is not pushed in beside it.
    expect(search('new').unsold).toEqual([]);
    expect(search('Nepal').unsold.map((entry) => entry.name)).toEqual(['Nepal']);
  });

  it('finds a country the provider names formally by its everyday name', () => {
    const formal = buildDestinationIndex({
      countries: [country('KR', 'Korea, Republic of'), country('RU', 'Russian Federation')],
    });
    expect(searchDestinations(formal, 'South Korea').matches).toHaveLength(1);
    expect(searchDestinations(formal, 'Russia').matches).toHaveLength(1);
  });

  it('offers countries alone until the region coverage and world list arrive', () => {
    const early = buildDestinationIndex({ countries });
    expect(searchDestinations(early, 'europe')).toEqual({ matches: [], unsold: [] });
    expect(searchDestinations(early, 'uae').matches[0]).toMatchObject({ alsoIn: [] });
  });

  it('counts what it found for a screen reader', () => {
    expect(searchSummary(search('UK'))).toBe('2 destinations');
    expect(searchSummary(search('Holland'))).toBe('1 destination');
    expect(searchSummary(search('   '))).toBe('No destinations');
  });
});

describe('the destination search in Arabic and French', () => {
  const arabic = buildDestinationIndex({ ...catalogue, language: 'ar' });
  const french = buildDestinationIndex({ ...catalogue, language: 'fr' });
  const first = (inLanguage: typeof arabic, query: string) =>
    label(searchDestinations(inLanguage, query).matches[0]);

  it('finds a country by its Arabic name', () => {
    expect(first(arabic, 'فرنسا')).toBe('France');
    expect(first(arabic, 'تركيا')).toBe('Turkey');
  });

  it('finds a country by its French name, accents or not', () => {
    expect(first(french, 'Royaume-Uni')).toBe('United Kingdom');
    expect(first(french, 'etats unis')).toBe('United States');
  });

  it('finds a region by its name in the language', () => {
    expect(first(arabic, 'آسيا')).toBe('Asia');
    expect(first(french, 'Asie')).toBe('Asia');
  });

  it('still finds English names while the page is in another language', () => {
    expect(first(french, 'Netherlands')).toBe('Netherlands');
    expect(first(arabic, 'UAE')).toBe('United Arab Emirates');
  });

  it('names a country without a plan in the language', () => {
    const result = searchDestinations(french, 'Kosovo');
    expect(result.unsold[0]).toMatchObject({ iso: 'XK', name: 'Kosovo' });
    expect(searchDestinations(arabic, 'كوسوفو').unsold[0]).toMatchObject({ name: 'كوسوفو' });
  });

  it('finds the Arabic and French names while the page is in English (issue 26)', () => {
    expect(firstResult('فرنسا')).toBe('France');
    expect(firstResult('Royaume-Uni')).toBe('United Kingdom');
  });
});

/** Every country of the world on sale, as the simulated provider sells: the most rivals. */
const worldCatalogue: SearchCatalogue = {
  countries: worldCountries.map((entry) => country(entry.iso, entry.name)),
  coverage: [
    ...coverage,
    { region: 'North America', countries: ['US', 'CA', 'MX'] },
    { region: 'LATAM', countries: ['BR', 'AR', 'MX'] },
  ],
  world: worldCountries,
};
const inEveryLanguage = languages.map((language) => ({
  language,
  index: buildDestinationIndex({ ...worldCatalogue, language }),
}));
const firstIso = (inLanguage: DestinationIndex, query: string) => {
  const [first] = searchDestinations(inLanguage, query).matches;
  return first?.kind === 'country' ? first.country.cou_iso : first?.name;
};

describe('the destination search in every language of the page (issue 26)', () => {
  // The names travellers type, in any of the three languages, with what must come first:
  // the same whatever the page's language (docs/search-terms.md lists them).
  it.each([
    ['Allemagne', 'DE'],
    ['Germany', 'DE'],
    ['Deutschland', 'DE'],
    ['ألمانيا', 'DE'],
    ['Angleterre', 'GB'],
    ['England', 'GB'],
    ['إنجلترا', 'GB'],
    ['انجلترا', 'GB'],
    ['Hollande', 'NL'],
    ['Holland', 'NL'],
    ['Pays-Bas', 'NL'],
    ['السعوديه', 'SA'],
    ['السعودية', 'SA'],
    ['سعودية', 'SA'],
    ['دبي', 'AE'],
    ['Dubai', 'AE'],
    ['Dubaï', 'AE'],
    ['امريكا', 'US'],
    ['أمريكا', 'US'],
    ['America', 'US'],
    ['Amérique', 'US'],
    ['États-Unis', 'US'],
    ['Japon', 'JP'],
    ['اليابان', 'JP'],
    ['Japan', 'JP'],
    ['Égypte', 'EG'],
    ['مصر', 'EG'],
    ['Corée', 'KR'],
    ['كوريا', 'KR'],
    ['فَرَنْسَا', 'FR'],
    ['Moyen-Orient', 'Middle East'],
    ['الشرق الأوسط', 'Middle East'],
  ])('offers %s first as %s in English, Arabic and French', (query, expected) => {
    for (const { language, index: inLanguage } of inEveryLanguage) {
      expect(firstIso(inLanguage, query), `${query} in ${language}`).toBe(expected);
    }
  });
});

describe('names in the page’s other languages', () => {
  it('are matched from their start only, so a few letters do not fill the list', () => {
    // "Guyane française" (French Guiana) is found by its French name, but "fra" on the
    // English page finds only what the spec's search finds in the English names.
    expect(allResults('Guyane')).toEqual(['French Guiana']);
    expect(allResults('fra')).toEqual(['France']);
    const [arabic] = inEveryLanguage.filter((entry) => entry.language === 'ar');
    if (!arabic) throw new Error('no Arabic index');
    // The page's own language is searched word by word, the article aside: سعوديه.
    expect(firstIso(arabic.index, 'سعوديه')).toBe('SA');
    expect(firstIso(arabic.index, 'عربيه')).toBe('AE');
  });
});

describe('the near-miss suggestion (issue 26)', () => {
  const suggestion = (language: Language, query: string) => {
    const found = inEveryLanguage.find((entry) => entry.language === language);
    return found ? searchDestinations(found.index, query).suggestion : undefined;
  };

  it('offers "Did you mean France?" for Frnace, named in the page’s language', () => {
    expect(suggestion('en', 'Frnace')).toBe('France');
    expect(suggestion('ar', 'Frnace')).toBe('فرنسا');
    expect(suggestion('fr', 'Frnace')).toBe('France');
    expect(searchSummary(search('Frnace'))).toBe('No destinations. Did you mean France?');
  });

  it.each([
    ['Grmany', 'Germany'],
    ['Germny', 'Germany'],
    ['Spian', 'Spain'],
    ['Itlay', 'Italy'],
    ['Japn', 'Japan'],
    ['Tailand', 'Thailand'],
    ['Swtzerland', 'Switzerland'],
    ['Untied Kingdom', 'United Kingdom'],
    ['Hollnad', 'Netherlands'],
    ['Kosvo', 'Kosovo'],
  ])('suggests %s → %s in English', (query, expected) => {
    expect(suggestion('en', query)).toBe(expected);
  });

  it('suggests from names in every language, in the page’s language', () => {
    // Allemagen (French, transposed) → Germany; فرنصا (ص for س) → France.
    expect(suggestion('en', 'Allemagen')).toBe('Germany');
    expect(suggestion('fr', 'Allemagen')).toBe('Allemagne');
    expect(suggestion('ar', 'فرنصا')).toBe('فرنسا');
    expect(suggestion('fr', 'Espagen')).toBe('Espagne');
  });

  it('allows one slip in a name under six letters, two in a longer one', () => {
    // Japan (5 letters): Japn is one slip, Jpn two. Germany (7): Grmny is two.
    expect(suggestion('en', 'Japn')).toBe('Japan');
    expect(suggestion('en', 'Jpn')).toBeUndefined();
    expect(suggestion('en', 'Grmny')).toBe('Germany');
    expect(suggestion('en', 'Grmnyy')).toBeUndefined();
  });

  it('suggests nothing when something is found, or for too short a text', () => {
    expect(search('France').suggestion).toBeUndefined();
    expect(search('Kosovo').suggestion).toBeUndefined();
    expect(suggestion('en', 'xq')).toBeUndefined();
    expect(suggestion('en', 'zzzzzz')).toBeUndefined();
  });

  it('waits for the world list before guessing, since the text may be a name it knows', () => {
    const early = buildDestinationIndex({ countries });
    expect(searchDestinations(early, 'Frnace').suggestion).toBeUndefined();
  });

  it('answers a slip fast enough to run on each key press', () => {
    const [english] = inEveryLanguage;
    if (!english) throw new Error('no English index');
    const started = performance.now();
    for (let press = 0; press < 20; press++) searchDestinations(english.index, 'Swtzerlnd');
    // 20 searches of the whole world with no match (the slowest case), well within a frame each.
    expect((performance.now() - started) / 20).toBeLessThan(16);
  });
});
