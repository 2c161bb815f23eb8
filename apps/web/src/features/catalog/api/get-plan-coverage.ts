// GET /api/plan/country/roaming/{plan id}: the countries a plan works in (the coverage list).

import { queryOptions, useQuery } from '@tanstack/react-query';
import { type RoamingCountry, roamingCountryListSchema } from '@tern/contract/catalog';
import { catalogApiPaths } from '@tern/contract/catalog-paths';
import { apiRequest } from '../../../lib/api-client';

export async function getPlanCoverage(
  planId: number,
  signal?: AbortSignal,
): Promise<RoamingCountry[]> {
  const countries = await apiRequest(catalogApiPaths.planCoverage.href(planId), {
    schema: roamingCountryListSchema,
    signal,
  });
  return countries.sort((a, b) => a.plr_name.localeCompare(b.plr_name, 'en'));
}

export const planCoverageQueryOptions = (planId: number) =>
  queryOptions({
    queryKey: ['catalog', 'coverage', planId],
    queryFn: ({ signal }) => getPlanCoverage(planId, signal),
  });

/** Fetches only while `enabled` (the coverage dialog is open). */
export function usePlanCoverage(planId: number | undefined, enabled: boolean) {
  return useQuery({
    ...planCoverageQueryOptions(planId ?? 0),
    enabled: enabled && planId !== undefined,
  });
}
