// GET /api/country/: every destination country; the landing's grid and the /plans shortcut.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Country, countryListSchema } from '@tern/contract';
import { apiRequest } from '../../../lib/api-client';
import { withoutRegionEntries } from '../utils/destinations';

export async function getCountries(signal?: AbortSignal): Promise<Country[]> {
  const countries = await apiRequest('/country/', { schema: countryListSchema, signal });
  return withoutRegionEntries(countries);
}

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'countries'],
    queryFn: ({ signal }) => getCountries(signal),
  });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
