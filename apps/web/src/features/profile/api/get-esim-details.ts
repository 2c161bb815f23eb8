// GET /api/esim/details/{iccid}: install values, PIN/PUK and profile status of one eSIM.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type EsimDetailsView, esimDetailsSchema, profileApiPaths } from '@tern/contract/profile';
import { apiRequest } from '../../../lib/api-client';
import { signedInRequest } from '../../../lib/signed-in-request';
import { wasInstalled } from '../utils/install-state';
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
    // Back from installing it (the phone's settings, another tab): the card says "Installed".
    refetchOnWindowFocus: (query) =>
      query.state.data !== undefined && !wasInstalled(query.state.data),
  });

export function useEsimDetails(email: string, iccid: string, enabled = true) {
  return useQuery({ ...esimDetailsQueryOptions(email, iccid), enabled });
}
