// GET /api/esim/mine: the signed-in buyer's eSIMs, for the My eSIMs tab.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MyEsim, myEsimListSchema, profileApiPaths } from '@tern/contract/profile';
import { apiRequest } from '../../../lib/api-client';
import { signedInRequest } from '../../../lib/signed-in-request';
import { profileKeys } from './query-keys';

export async function getMyEsims(signal?: AbortSignal): Promise<MyEsim[]> {
  const list = await apiRequest(profileApiPaths.myEsims.href(), {
    schema: myEsimListSchema,
    signal,
  });
  return list.data;
}

export const myEsimsQueryOptions = (email: string) =>
  queryOptions({
    ...signedInRequest,
    queryKey: profileKeys.esims(email),
    queryFn: ({ signal }) => getMyEsims(signal),
    // A purchase just made must show up when the buyer lands here.
    staleTime: 0,
  });

export function useMyEsims(email: string) {
  return useQuery(myEsimsQueryOptions(email));
}
