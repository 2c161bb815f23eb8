// GET /api/esim/details/bundles/{iccid}: the bundles on one eSIM and their usage.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type EsimBundlesView, esimBundlesSchema, profileApiPaths } from '@tern/contract/profile';
import { apiRequest } from '../../../lib/api-client';
import { signedInRequest } from '../../../lib/signed-in-request';
import { profileKeys } from './query-keys';

export function getEsimBundles(iccid: string, signal?: AbortSignal): Promise<EsimBundlesView> {
  return apiRequest(profileApiPaths.esimBundles.href(iccid), {
    schema: esimBundlesSchema,
    signal,
  });
}

export const esimBundlesQueryOptions = (email: string, iccid: string) =>
  queryOptions({
    ...signedInRequest,
    queryKey: profileKeys.esimBundles(email, iccid),
    queryFn: ({ signal }) => getEsimBundles(iccid, signal),
    // Usage moves while the traveller uses data: every opening of the dialog reads it anew.
    staleTime: 0,
  });

export function useEsimBundles(email: string, iccid: string, enabled = true) {
  return useQuery({ ...esimBundlesQueryOptions(email, iccid), enabled });
}
