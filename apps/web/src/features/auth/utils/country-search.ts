/**
 * The search field of the dial-code list: what is typed there keeps the countries whose name
 * (as shown, or in English), or calling code, has it, so a country is found on a phone's
 * keyboard without scrolling 240 rows. Names that start with the words come first.
 */
import { type DialCountry, dialCountries } from '@tern/contract/phone';
import { searchable } from './type-ahead';

/** The list's own English names, so 'germany' finds Allemagne in French too. */
const englishNames = new Map(dialCountries.map((country) => [country.iso2, country.name]));

/** How well a name answers the search: 0 starts with it, 1 a word does, 2 holds it; else none. */
function nameRank(name: string, wanted: string): number | undefined {
  const text = searchable(name);
  if (text.startsWith(wanted)) return 0;
  if (text.split(/[\s'’().,-]+/).some((word) => word.startsWith(wanted))) return 1;
  return text.includes(wanted) ? 2 : undefined;
}

function rankOf(country: DialCountry, wanted: string): number | undefined {
  const ranks = [country.name, englishNames.get(country.iso2) ?? '']
    .map((name) => nameRank(name, wanted))
    .filter((rank) => rank !== undefined);
  return ranks.length > 0 ? Math.min(...ranks) : undefined;
}

/** The countries `query` finds, in the list's order within each rank; all for an empty query. */
export function searchDialCountries(
  countries: readonly DialCountry[],
  query: string,
): readonly DialCountry[] {
  const wanted = searchable(query).trim().replace(/\s+/g, ' ');
  if (wanted === '') return countries;
  // '+44', '44' or '00 44' is a calling code.
  const digits = /^(?:\+|00)?\s*(\d[\d\s]*)$/.exec(wanted)?.[1]?.replace(/\s/g, '');
  if (digits) return countries.filter((country) => country.dialCode.startsWith(`+${digits}`));
  return countries
    .map((country) => ({ country, rank: rankOf(country, wanted) }))
    .filter((found): found is { country: DialCountry; rank: number } => found.rank !== undefined)
    .sort((a, b) => a.rank - b.rank)
    .map((found) => found.country);
}
