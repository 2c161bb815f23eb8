// GET /api/country/regions/: the multi-country regions of the landing's Regions tab.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogApiPaths, type Region, regionListSchema } from '@tern/contract';
import { apiRequest } from '../../../lib/api-client';

export function getRegions(signal?: AbortSignal): Promise<Region[]> {
  return apiRequest(catalogApiPaths.regions.href(), { schema: regionListSchema, signal });
}

export const regionsQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'regions'],
    queryFn: ({ signal }) => getRegions(signal),
  });

export function useRegions() {
  return useQuery(regionsQueryOptions());
}
