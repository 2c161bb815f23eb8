// POST /api/esim/{iccid}/refresh-network: the doctor's 'Refresh network' step.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  diagnosisApiPaths,
  type RefreshNetworkResponse,
  refreshNetworkResponseSchema,
} from '@tern/contract/diagnosis';
import { apiRequest } from '../../../lib/api-client';
import { signedInRequest } from '../../../lib/signed-in-request';
import { diagnosisQueryKey } from './get-diagnosis';

export function refreshNetwork(iccid: string): Promise<RefreshNetworkResponse> {
  return apiRequest(diagnosisApiPaths.refreshNetwork.href(iccid), {
    method: 'POST',
    schema: refreshNetworkResponseSchema,
  });
}

/** The phone registers again after a refresh: the diagnosis is read afresh next time. */
export function useRefreshNetwork(email: string, iccid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...signedInRequest,
    mutationFn: () => refreshNetwork(iccid),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: diagnosisQueryKey(email, iccid),
        refetchType: 'none',
      }),
  });
}
