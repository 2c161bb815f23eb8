// GET /api/catalogue/region-coverage: the countries each region covers, so the landing's
// search can say where a country is also covered, and which regions cover one with no plan.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { regionCoverageApiPath } from '@tern/contract/catalog-paths';
import type { RegionCoverage } from '@tern/contract/region-coverage';
import { regionCoverageListCheck } from '../../../lib/answer-checks';
import { apiRequest } from '../../../lib/api-client';

export function getRegionCoverage(signal?: AbortSignal): Promise<RegionCoverage[]> {
  return apiRequest(regionCoverageApiPath.href(), { schema: regionCoverageListCheck, signal });
}

export const regionCoverageQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'region-coverage'],
    queryFn: ({ signal }) => getRegionCoverage(signal),
  });

/** Asked for only once `enabled` (a search began): browsing the favourites never needs it. */
export function useRegionCoverage(enabled: boolean) {
  return useQuery({ ...regionCoverageQueryOptions(), enabled });
}
