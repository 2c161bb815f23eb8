// GET /api/esim/details/{iccid}: install values, PIN/PUK and profile status of one eSIM.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type EsimDetailsView, esimDetailsSchema, profileApiPaths } from '@tern/contract/profile';
import { apiRequest } from '../../../lib/api-client';
import { signedInRequest } from '../../../lib/signed-in-request';
import { profileKeys } from './query-keys';

export function getEsimDetails(iccid: string, signal?: AbortSignal): Promise<EsimDetailsView> {
  return apiRequest(profileApiPaths.esimDetails.href(iccid), {
    schema: esimDetailsSchema,
    signal,
  });
}

export const esimDetailsQueryOptions = (email: string, iccid: string) =>
  queryOptions({
    ...signedInRequest,
    queryKey: profileKeys.esimDetails(email, iccid),
    queryFn: ({ signal }) => getEsimDetails(iccid, signal),
    // The profile status changes when the phone installs the eSIM: ask again on each open.
    staleTime: 0,
  });

export function useEsimDetails(email: string, iccid: string, enabled = true) {
  return useQuery({ ...esimDetailsQueryOptions(email, iccid), enabled });
}
