// The landing's destination search, forgiving the way travellers type: accents and case
// ignored, ISO codes (AE, US, GB), common names and aliases (UAE, UK, Holland, Türkiye),
// regions by name ("europe"). A name that starts a word ranks above one found inside a
// word, so "aland" offers Åland Islands before New Zealand. A real country the shop has
// no plan for is named, with the regions that cover it. In Arabic or French the names in
// that language (CLDR for countries, ours for regions) are searched too: "فرنسا", "Allemagne".
import {
  type Country,
  countryAliases,
  countryNames,
  isRegionName,
  type Language,
  normalizeDestinationName,
  type RegionCoverage,
  type RegionName,
  regionAliases,
} from '@tern/contract';
import { countryName, regionName } from '../../../lib/i18n/format';
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
}

interface Entry<T> {
  value: T;
  /** The listed name, searched also inside words. */
  name: string;
  /** Other names, searched from the start of a word only ("land" must not find Holland). */
  otherNames: string[];
  /** Lower-case ISO code, matched whole. */
  iso?: string;
}

type CountryMatch = Extract<DestinationMatch, { kind: 'country' }>;

export interface DestinationIndex {
  countries: Entry<CountryMatch>[];
  regions: Entry<{ name: RegionName; countryCount: number }>[];
  unsold: Entry<UnsoldCountry>[];
}

export interface SearchCatalogue {
  countries: readonly Country[];
  /** Unknown until the answer comes: the search then offers countries only. */
  coverage?: readonly RegionCoverage[];
  /** Unknown until the world list loads: no "no plan" sentence until then. */
  world?: readonly WorldCountry[];
  /** The page's language: its names are searched too, and unsold countries named in it. */
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
  // The page's own name for a place, when it is not English.
  const localCountry = (iso: string, name: string) =>
    language === 'en' ? [] : [countryName(iso, name, language)];
  const localRegion = (name: RegionName) => (language === 'en' ? [] : [regionName(name, language)]);

  const sold = new Set(catalogue.countries.map((country) => country.cou_iso));
  return {
    countries: catalogue.countries.map((country) =>
      entry(
        { kind: 'country', country, alsoIn: regionsCovering(country.cou_iso) },
        country.cou_name,
        [
          countryNames[country.cou_iso],
          ...(countryAliases[country.cou_iso] ?? []),
          ...localCountry(country.cou_iso, country.cou_name),
        ],
        country.cou_iso,
      ),
    ),
    regions: coverage.map((region) =>
      entry({ name: region.region, countryCount: region.countries.length }, region.region, [
        ...regionAliases[region.region],
        ...localRegion(region.region),
      ]),
    ),
    unsold: (catalogue.world ?? [])
      .filter((country) => !sold.has(country.iso))
      .map((country) =>
        entry(
          {
            iso: country.iso,
            name: countryName(country.iso, country.name, language),
            regions: regionsCovering(country.iso),
          },
          country.name,
          [
            ...country.otherNames,
            ...(countryAliases[country.iso] ?? []),
            ...localCountry(country.iso, country.name),
          ],
          country.iso,
        ),
      ),
  };
}

function entry<T>(
  value: T,
  name: string,
  otherNames: readonly (string | undefined)[],
  iso?: string,
): Entry<T> {
  return {
    value,
    name: normalizeDestinationName(name),
    otherNames: otherNames.flatMap((other) => (other ? [normalizeDestinationName(other)] : [])),
    iso: iso?.toLowerCase(),
  };
}

/**
 * The destinations for the search text, best first: by fit, then countries before regions,
 * then by name. Unsold countries are named when the text is exactly one of their names,
 * or starts a word of one and nothing on sale matches at all.
 */
export function searchDestinations(
  index: DestinationIndex,
  query: string,
): DestinationSearchResult {
  const needle = normalizeDestinationName(query);
  if (!needle) return { matches: [], unsold: [] };

  const ranked: { match: DestinationMatch; fit: Fit; order: number; name: string }[] = [];
  for (const country of index.countries) {
    const fit = fitOf(country, needle);
    if (fit !== undefined) ranked.push({ match: country.value, fit, order: 0, name: country.name });
  }
  for (const region of index.regions) {
    const fit = fitOf(region, needle);
    if (fit !== undefined) {
      ranked.push({ match: { kind: 'region', ...region.value }, fit, order: 1, name: region.name });
    }
  }
  ranked.sort((a, b) => a.fit - b.fit || a.order - b.order || a.name.localeCompare(b.name, 'en'));
  const matches = ranked.map((item) => item.match);

  const unsold: { value: UnsoldCountry; fit: Fit }[] = [];
  if (needle.length >= 2) {
    for (const country of index.unsold) {
      const fit = fitOf(country, needle);
      if (fit === undefined || fit === Fit.inside) continue;
      if (fit === Fit.exact || matches.length === 0) unsold.push({ value: country.value, fit });
    }
  }
  unsold.sort((a, b) => a.fit - b.fit || a.value.name.localeCompare(b.value.name, 'en'));
  return { matches, unsold: unsold.slice(0, 3).map((item) => item.value) };
}

function fitOf(entry: Entry<unknown>, needle: string): Fit | undefined {
  if (entry.iso === needle) return Fit.exact;
  let best = nameFit(entry.name, needle, true);
  for (const other of entry.otherNames) {
    const fit = nameFit(other, needle, false);
    if (fit !== undefined && (best === undefined || fit < best)) best = fit;
  }
  return best;
}

function nameFit(name: string, needle: string, searchInside: boolean): Fit | undefined {
  if (name === needle) return Fit.exact;
  if (name.startsWith(needle)) return Fit.nameStart;
  if (` ${name}`.includes(` ${needle}`)) return Fit.wordStart;
  if (searchInside && name.includes(needle)) return Fit.inside;
  return undefined;
}

/** How the summary is worded; the page passes the chosen language's messages. */
export interface SummaryWords {
  found: (count: number) => string;
  noPlan: (name: string) => string;
}

const englishWords: SummaryWords = {
  found: (count) => (count === 1 ? '1 destination' : `${count === 0 ? 'No' : count} destinations`),
  noPlan: (name) => `We have no plan for ${name} yet`,
};

/** A short announcement of what the search found, for screen readers. */
export function searchSummary(
  result: DestinationSearchResult,
  words: SummaryWords = englishWords,
): string {
  const found = words.found(result.matches.length);
  const unsold = result.unsold.map((country) => noPlanSentence(country, words));
  return [found, ...unsold].join('. ');
}

/** "We have no plan for Kosovo yet" (no full stop: the page adds its own). */
export function noPlanSentence(
  country: UnsoldCountry,
  words: Pick<SummaryWords, 'noPlan'> = englishWords,
): string {
  return words.noPlan(country.name);
}
