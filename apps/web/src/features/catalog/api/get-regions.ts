// GET /api/country/regions/: the multi-country regions of the landing's Regions tab.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Region } from '@tern/contract/catalog';
import { catalogApiPaths } from '@tern/contract/catalog-paths';
import { regionListCheck } from '../../../lib/answer-checks';
import { apiRequest } from '../../../lib/api-client';

export function getRegions(signal?: AbortSignal): Promise<Region[]> {
  return apiRequest(catalogApiPaths.regions.href(), { schema: regionListCheck, signal });
}

export const regionsQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'regions'],
    queryFn: ({ signal }) => getRegions(signal),
  });

export function useRegions() {
  return useQuery(regionsQueryOptions());
}
