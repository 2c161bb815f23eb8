// GET /api/plan/region/{region}: the plans of a region; the name is URL-encoded (Europe%2B).

import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Plan, planListSchema } from '@tern/contract/catalog';
import { catalogApiPaths } from '@tern/contract/catalog-paths';
import { apiRequest } from '../../../lib/api-client';

export function getRegionPlans(region: string, signal?: AbortSignal): Promise<Plan[]> {
  return apiRequest(catalogApiPaths.regionPlans.href(region), {
    schema: planListSchema,
    signal,
  });
}

export const regionPlansQueryOptions = (region: string) =>
  queryOptions({
    queryKey: ['catalog', 'plans', 'region', region],
    queryFn: ({ signal }) => getRegionPlans(region, signal),
  });

export function useRegionPlans(region: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...regionPlansQueryOptions(region), enabled: options.enabled ?? true });
}
