// GET /api/esim/{iccid}/diagnosis: the connection doctor's verdict and steps for one eSIM.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Diagnosis, diagnosisApiPaths, diagnosisSchema } from '@tern/contract/diagnosis';
import { apiRequest } from '../../../lib/api-client';
import { signedInRequest } from '../../../lib/signed-in-request';
import { profileQueryKey } from './query-keys';

export function getDiagnosis(iccid: string, signal?: AbortSignal): Promise<Diagnosis> {
  return apiRequest(diagnosisApiPaths.diagnosis.href(iccid), { schema: diagnosisSchema, signal });
}

export const diagnosisQueryKey = (email: string, iccid: string) =>
  [...profileQueryKey, email, 'esim', iccid, 'diagnosis'] as const;

export const diagnosisQueryOptions = (email: string, iccid: string) =>
  queryOptions({
    ...signedInRequest,
    queryKey: diagnosisQueryKey(email, iccid),
    queryFn: ({ signal }) => getDiagnosis(iccid, signal),
    // Asked when the traveller is stuck: what the provider knows now, never an old answer.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useDiagnosis(email: string, iccid: string, enabled = true) {
  return useQuery({ ...diagnosisQueryOptions(email, iccid), enabled });
}
