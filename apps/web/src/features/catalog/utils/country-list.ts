// Which countries the landing shows, and where a destination's picture lives.
import type { Country } from '@tern/contract/catalog';
import { isRegionName } from '@tern/contract/catalog-constants';
import type { Language } from '@tern/contract/languages';
import { countryName } from '../../../lib/i18n/format';

export interface CountryListState {
  /** The search box's text; any non-blank text searches all destinations. */
  query: string;
  /** 'View all' pressed: the full list instead of the favourites. */
  showAll: boolean;
}

/**
 * The countries to browse while nothing is searched (spec section 4): only the favourites
 * until 'View all'. Favourites first, then in the alphabetical order of the page's language
 * by the names it shows (Allemagne before Espagne in French, whatever the English says). A
 * search goes through ./destination-search.ts instead.
 */
export function browsedCountries(
  countries: readonly Country[],
  showAll: boolean,
  language: Language,
): Country[] {
  const shown = showAll ? countries : countries.filter((country) => country.cou_favorit);
  const { compare } = new Intl.Collator(language);
  return shown
    .map((country) => ({ country, name: countryName(country.cou_iso, country.cou_name, language) }))
    .sort((a, b) => favouriteFirst(a.country, b.country) || compare(a.name, b.name))
    .map(({ country }) => country);
}

function favouriteFirst(a: Country, b: Country): number {
  if (a.cou_favorit === b.cou_favorit) return 0;
  return a.cou_favorit ? -1 : 1;
}

/** 'View all' is offered only while the favourites-only list shows. */
export function isFavouritesOnly(state: CountryListState): boolean {
  return !state.showAll && state.query.trim() === '';
}

// The flags moved to lib/flags.ts, shared with the order summary (issue 31).
export { flagUrl, unknownFlagUrl } from '../../../lib/flags';

/** The local picture of a region: /regions/europe-plus.svg; the globe for an unknown one. */
export function regionImageUrl(name: string): string {
  if (!isRegionName(name)) return '/regions/global.svg';
  const slug = name.toLowerCase().replace(/\+/g, '-plus').replace(/\s+/g, '-');
  return `/regions/${slug}.svg`;
}
