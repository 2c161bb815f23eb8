// GET /api/country/: every destination country; the landing's grid and the /plans shortcut.
// The server already leaves region entries out of the list (catalog service), so none here.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Country } from '@tern/contract/catalog';
import { catalogApiPaths } from '@tern/contract/catalog-paths';
import { countryListCheck } from '../../../lib/answer-checks';
import { apiRequest } from '../../../lib/api-client';

export function getCountries(signal?: AbortSignal): Promise<Country[]> {
  return apiRequest(catalogApiPaths.countries.href(), { schema: countryListCheck, signal });
}

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'countries'],
    queryFn: ({ signal }) => getCountries(signal),
  });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
