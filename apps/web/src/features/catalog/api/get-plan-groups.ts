// GET /api/plan/groups: the plan group names, in the order the plan-details page shows them.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { planGroupListSchema } from '@tern/contract/catalog';
import { catalogApiPaths } from '@tern/contract/catalog-paths';
import { apiRequest } from '../../../lib/api-client';

export function getPlanGroups(signal?: AbortSignal): Promise<string[]> {
  return apiRequest(catalogApiPaths.planGroups.href(), { schema: planGroupListSchema, signal });
}

export const planGroupsQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'plan-groups'],
    queryFn: ({ signal }) => getPlanGroups(signal),
  });

export function usePlanGroups() {
  return useQuery(planGroupsQueryOptions());
}
