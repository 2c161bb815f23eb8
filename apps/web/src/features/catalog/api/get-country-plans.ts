// GET /api/plan/country/{iso}: the plans listed for one country.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Plan, planListSchema } from '@tern/contract/catalog';
import { catalogApiPaths } from '@tern/contract/catalog-paths';
import { apiRequest } from '../../../lib/api-client';

export function getCountryPlans(iso: string, signal?: AbortSignal): Promise<Plan[]> {
  return apiRequest(catalogApiPaths.countryPlans.href(iso), { schema: planListSchema, signal });
}

export const countryPlansQueryOptions = (iso: string) =>
  queryOptions({
    queryKey: ['catalog', 'plans', 'country', iso],
    queryFn: ({ signal }) => getCountryPlans(iso, signal),
  });

export function useCountryPlans(iso: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...countryPlansQueryOptions(iso), enabled: options.enabled ?? true });
}
