/**
 * The destination search shared by the landing and the trip planner: the world's country
 * names, loaded on the first search, and the forgiving search over what is on sale.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Country } from '@tern/contract/catalog';
import { useMemo, useRef } from 'react';
import { useLanguage } from '../../../lib/i18n';
import { useRegionCoverage } from '../api/get-region-coverage';
import {
  buildDestinationIndex,
  type DestinationSearchResult,
  searchDestinations,
} from '../utils/destination-search';

// The world's country names ride on the dial-code data: fetched as a script of its own,
// once, when a traveller first searches, so the landing loads without it.
export const worldCountriesQuery = queryOptions({
  queryKey: ['catalog', 'world-countries'],
  queryFn: () => import('../utils/world-countries').then((module) => module.worldCountries),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * The search over the countries on sale, the regions (with which countries they cover) and
 * the world's country names; undefined while nothing is typed. The coverage and the world
 * list are fetched on the first search and the result gains regions once they arrive.
 * The trip planner's country picker searches with it too.
 */
export function useDestinationSearch(
  countries: readonly Country[] | undefined,
  query: string,
): DestinationSearchResult | undefined {
  const searching = query !== '';
  // The index (every name of every destination, normalised) is built at the first search,
  // not on the landing's first render, where it was a long task on a slow phone; once built
  // it is kept while the search is cleared and typed again.
  const searchedOnce = useRef(false);
  if (searching) searchedOnce.current = true;
  const wanted = searchedOnce.current;
  const { language } = useLanguage();
  const coverage = useRegionCoverage(searching);
  const world = useQuery({ ...worldCountriesQuery, enabled: searching });
  const index = useMemo(
    () =>
      countries && wanted
        ? buildDestinationIndex({
            countries,
            coverage: coverage.data,
            world: world.data,
            language,
          })
        : undefined,
    [countries, coverage.data, world.data, language, wanted],
  );
  return useMemo(
    () => (index && searching ? searchDestinations(index, query) : undefined),
    [index, query, searching],
  );
}
