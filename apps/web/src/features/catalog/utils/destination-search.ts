// The landing's destination search, forgiving the way travellers type: accents and case
// ignored, ISO codes (AE, US, GB), common names and aliases (UAE, UK, Holland, Türkiye),
// regions by name ("europe"). A name that starts a word ranks above one found inside a
// word, so "aland" offers Åland Islands before New Zealand. A real country the shop has
// no plan for is named, with the regions that cover it. Names are matched in English,
// Arabic and French whatever the page's language (CLDR for countries, ours for regions,
// and aliases in each: "Allemagne", "Angleterre", "دبي"), and a slip of the keyboard
// ("Frnace") is answered with the nearest name: "Did you mean France?".
import type { Country } from '@tern/contract/catalog';
import { isRegionName, type RegionName } from '@tern/contract/catalog-constants';
import {
  countryAliases,
  countryNames,
  normalizeDestinationName,
  regionAliases,
} from '@tern/contract/destination-names';
import { type Language, languages } from '@tern/contract/languages';
import type { RegionCoverage } from '@tern/contract/region-coverage';
import { cldrCountryName, countryName, regionName } from '../../../lib/i18n/format';
import { editDistance } from './edit-distance';
import type { WorldCountry } from './world-countries';

/** How well a name fits the search text; lower is better. */
const Fit = {
  /** The whole name, or the ISO code. */
  exact: 0,
  /** The name starts with the text. */
  nameStart: 1,
  /** A later word of the name starts with the text. */
  wordStart: 2,
  /** The text is inside a word of the listed name (the spec's substring search). */
  inside: 3,
} as const;
type Fit = (typeof Fit)[keyof typeof Fit];

export type DestinationMatch =
  | {
      kind: 'country';
      country: Country;
      /** Regions whose plans also cover it, the smallest (nearest) first. */
      alsoIn: RegionName[];
    }
  | { kind: 'region'; name: RegionName; countryCount: number };

/** A real country the catalogue has no plan of its own for. */
export interface UnsoldCountry {
  iso: string;
  name: string;
  /** Regions whose plans cover it, the smallest (nearest) first. */
  regions: RegionName[];
}

export interface DestinationSearchResult {
  matches: DestinationMatch[];
  unsold: UnsoldCountry[];
  /**
   * When nothing is found, the name in the page's language of the destination the text
   * nearly spells ("France" for "Frnace"): searching it finds that destination.
   */
  suggestion?: string | undefined;
}

interface Entry<T> {
  value: T;
  /** The listed name, searched also inside words. */
  name: string;
  /**
   * Aliases and the name in the page's language, searched from the start of a word only
   * ("land" must not find Holland).
   */
  otherNames: string[];
  /**
   * CLDR's names in the page's other languages, searched from the start of the name only:
   * "Allemagne" finds Germany on the English page, but "fra" does not find "Guyane française".
   */
  foreignNames: string[];
  /** Lower-case ISO code, matched whole. */
  iso?: string | undefined;
  /** The name the page shows, in its language: what a near miss suggests. */
  label: string;
}

type CountryMatch = Extract<DestinationMatch, { kind: 'country' }>;

export interface DestinationIndex {
  countries: Entry<CountryMatch>[];
  regions: Entry<{ name: RegionName; countryCount: number }>[];
  unsold: Entry<UnsoldCountry>[];
  /** Orders results of equal fit by their names in the page's language. */
  collator: Intl.Collator;
  /**
   * Whether the world's names are in: until then a near miss is not suggested, since the
   * text may be a name the world list alone knows.
   */
  complete: boolean;
}

export interface SearchCatalogue {
  countries: readonly Country[];
  /** Unknown until the answer comes: the search then offers countries only. */
  coverage?: readonly RegionCoverage[];
  /** Unknown until the world list loads: no "no plan" sentence until then. */
  world?: readonly WorldCountry[];
  /** The page's language: results are named and ordered in it. */
  language?: Language;
}

/** The searchable names of the catalogue, normalised once (the catalogue changes rarely). */
export function buildDestinationIndex(catalogue: SearchCatalogue): DestinationIndex {
  const coverage = (catalogue.coverage ?? []).filter(
    (entry): entry is RegionCoverage & { region: RegionName } => isRegionName(entry.region),
  );
  // Nearest first: the region covering fewest countries is the closest fit to a trip.
  const bySize = [...coverage].sort((a, b) => a.countries.length - b.countries.length);
  const regionsCovering = (iso: string) =>
    bySize.filter((entry) => entry.countries.includes(iso)).map((entry) => entry.region);

  const language = catalogue.language ?? 'en';
  const world = catalogue.world ?? [];
  const worldNames = new Map(world.map((country) => [country.iso, country.otherNames]));
  const sold = new Set(catalogue.countries.map((country) => country.cou_iso));
  return {
    countries: catalogue.countries.map((country) =>
      entry(
        { kind: 'country', country, alsoIn: regionsCovering(country.cou_iso) },
        {
          name: country.cou_name,
          ...countryNamesBeside(country.cou_iso, language, worldNames.get(country.cou_iso)),
          label: countryName(country.cou_iso, country.cou_name, language),
          iso: country.cou_iso,
        },
      ),
    ),
    regions: coverage.map((region) =>
      entry(
        { name: region.region, countryCount: region.countries.length },
        {
          name: region.region,
          otherNames: [...regionAliases[region.region], regionName(region.region, language)],
          foreignNames: otherLanguages(language).map((other) => regionName(region.region, other)),
          label: regionName(region.region, language),
        },
      ),
    ),
    unsold: world
      .filter((country) => !sold.has(country.iso))
      .map((country) => {
        const name = countryName(country.iso, country.name, language);
        return entry(
          { iso: country.iso, name, regions: regionsCovering(country.iso) },
          {
            name: country.name,
            ...countryNamesBeside(country.iso, language, country.otherNames),
            label: name,
            iso: country.iso,
          },
        );
      }),
    collator: new Intl.Collator(language),
    complete: catalogue.world !== undefined,
  };
}

/**
 * A country's names beside its listed one: the shop's, its aliases (the world list's too,
 * once loaded: Arabic and French ones), CLDR's in the page's language, and in the others.
 */
function countryNamesBeside(iso: string, language: Language, worldNames: readonly string[] = []) {
  return {
    otherNames: [
      countryNames[iso],
      ...(countryAliases[iso] ?? []),
      ...worldNames,
      cldrCountryName(iso, language),
    ],
    foreignNames: otherLanguages(language).map((other) => cldrCountryName(iso, other)),
  };
}

function otherLanguages(language: Language): Language[] {
  return languages.filter((other) => other !== language);
}

interface EntryNames {
  name: string;
  otherNames: readonly (string | undefined)[];
  foreignNames: readonly (string | undefined)[];
  label: string;
  iso?: string;
}

function entry<T>(value: T, names: EntryNames): Entry<T> {
  const name = normalizeDestinationName(names.name);
  const otherNames = normalizedApart(names.otherNames, [name]);
  const foreignNames = normalizedApart(names.foreignNames, [name, ...otherNames]);
  return {
    value,
    name,
    otherNames,
    foreignNames,
    iso: names.iso?.toLowerCase(),
    label: names.label,
  };
}

/** The names normalised, each once, without those already searched some better way. */
function normalizedApart(names: readonly (string | undefined)[], known: string[]): string[] {
  const normalized = new Set(names.map((other) => (other ? normalizeDestinationName(other) : '')));
  for (const name of ['', ...known]) normalized.delete(name);
  return [...normalized];
}

/**
 * The destinations for the search text, best first: by fit, then countries before regions,
 * then by name. Unsold countries are named when the text is exactly one of their names,
 * or starts a word of one and nothing on sale matches at all. When nothing is found at all,
 * the destination the text nearly spells is suggested.
 */
export function searchDestinations(
  index: DestinationIndex,
  query: string,
): DestinationSearchResult {
  const needle = normalizeDestinationName(query);
  if (!needle) return { matches: [], unsold: [] };

  const ranked: { match: DestinationMatch; fit: Fit; order: number; label: string }[] = [];
  for (const country of index.countries) {
    const fit = fitOf(country, needle);
    if (fit !== undefined)
      ranked.push({ match: country.value, fit, order: 0, label: country.label });
  }
  for (const region of index.regions) {
    const fit = fitOf(region, needle);
    if (fit !== undefined) {
      const match: DestinationMatch = { kind: 'region', ...region.value };
      ranked.push({ match, fit, order: 1, label: region.label });
    }
  }
  const { compare } = index.collator;
  ranked.sort((a, b) => a.fit - b.fit || a.order - b.order || compare(a.label, b.label));
  const matches = ranked.map((item) => item.match);

  const unsold: { value: UnsoldCountry; fit: Fit }[] = [];
  if (needle.length >= 2) {
    for (const country of index.unsold) {
      const fit = fitOf(country, needle);
      if (fit === undefined || fit === Fit.inside) continue;
      if (fit === Fit.exact || matches.length === 0) unsold.push({ value: country.value, fit });
    }
  }
  unsold.sort((a, b) => a.fit - b.fit || compare(a.value.name, b.value.name));
  const found = { matches, unsold: unsold.slice(0, 3).map((item) => item.value) };
  if (matches.length > 0 || unsold.length > 0 || !index.complete) return found;
  return { ...found, suggestion: nearMiss(index, needle) };
}

function fitOf(entry: Entry<unknown>, needle: string): Fit | undefined {
  if (entry.iso === needle) return Fit.exact;
  let best = nameFit(entry.name, needle, true);
  for (const other of entry.otherNames) {
    const fit = nameFit(other, needle, false);
    if (fit !== undefined && (best === undefined || fit < best)) best = fit;
  }
  if (best !== undefined && best <= Fit.nameStart) return best;
  for (const foreign of entry.foreignNames) {
    if (foreign === needle) return Fit.exact;
    if (startsName(foreign, needle)) best = Fit.nameStart;
  }
  return best;
}

/** Whether the name starts with the text, or with it after the Arabic article: "سعوديه". */
function startsName(name: string, needle: string): boolean {
  return name.startsWith(needle) || name.startsWith(`ال${needle}`);
}

function nameFit(name: string, needle: string, searchInside: boolean): Fit | undefined {
  if (name === needle) return Fit.exact;
  if (startsName(name, needle)) return Fit.nameStart;
  // Arabic writes the article on the word: "سعوديه" starts the word "السعوديه".
  const words = ` ${name}`;
  if (words.includes(` ${needle}`) || words.includes(` ال${needle}`)) return Fit.wordStart;
  if (searchInside && name.includes(needle)) return Fit.inside;
  return undefined;
}

/** Shorter texts are too many slips from too many names to guess what was meant. */
const NEAR_MISS_MIN_LETTERS = 3;

/**
 * The label of the destination one of whose names the text nearly spells: within one slip
 * of a name shorter than six letters, two of a longer one. Codes and abbreviations (under four
 * letters: UK, UAE) are not guessed at. Closest first; on a tie a country on sale before a
 * region before a country without a plan.
 */
function nearMiss(index: DestinationIndex, needle: string): string | undefined {
  if (needle.length < NEAR_MISS_MIN_LETTERS) return undefined;
  let best: { label: string; distance: number } | undefined;
  for (const group of [index.countries, index.regions, index.unsold]) {
    for (const candidate of group) {
      const distance = slipsFrom(candidate, needle);
      if (distance !== undefined && (best === undefined || distance < best.distance)) {
        best = { label: candidate.label, distance };
      }
    }
  }
  return best?.label;
}

/** The fewest slips between the text and one of the entry's names, if near enough. */
function slipsFrom(candidate: Entry<unknown>, needle: string): number | undefined {
  let fewest: number | undefined;
  for (const name of [candidate.name, ...candidate.otherNames, ...candidate.foreignNames]) {
    const letters = name.replace(/ /g, '').length;
    if (letters < 4) continue;
    const limit = letters >= 6 ? 2 : 1;
    const distance = editDistance(needle, name, limit);
    if (distance <= limit && (fewest === undefined || distance < fewest)) fewest = distance;
  }
  return fewest;
}

/** How the summary is worded; the page passes the chosen language's messages. */
export interface SummaryWords {
  found: (count: number) => string;
  noPlan: (name: string) => string;
  didYouMean: (name: string) => string;
}

const englishWords: SummaryWords = {
  found: (count) => (count === 1 ? '1 destination' : `${count === 0 ? 'No' : count} destinations`),
  noPlan: (name) => `We have no plan for ${name} yet`,
  didYouMean: (name) => `Did you mean ${name}?`,
};

/** A short announcement of what the search found, for screen readers. */
export function searchSummary(
  result: DestinationSearchResult,
  words: SummaryWords = englishWords,
): string {
  const found = words.found(result.matches.length);
  const unsold = result.unsold.map((country) => noPlanSentence(country, words));
  const suggestion = result.suggestion ? [words.didYouMean(result.suggestion)] : [];
  return [found, ...unsold, ...suggestion].join('. ');
}

/** "We have no plan for Kosovo yet" (no full stop: the page adds its own). */
export function noPlanSentence(
  country: UnsoldCountry,
  words: Pick<SummaryWords, 'noPlan'> = englishWords,
): string {
  return words.noPlan(country.name);
}
