/**
 * GET /api/esim/{iccid}/refund: whether the eSIM can be refunded now, or why not, so the card
 * says so before the button. The server asks the provider, as the refund itself would.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type EsimRefundEligibility,
  esimRefundEligibilitySchema,
  refundApiPaths,
} from '@tern/contract/refunds';
import { apiRequest } from '../../../lib/api-client';
import { signedInRequest } from '../../../lib/signed-in-request';
import { profileKeys } from './query-keys';

export function getRefundEligibility(
  iccid: string,
  signal?: AbortSignal,
): Promise<EsimRefundEligibility> {
  return apiRequest(refundApiPaths.esimRefund.href(iccid), {
    schema: esimRefundEligibilitySchema,
    signal,
  });
}

export const refundEligibilityQueryOptions = (email: string, iccid: string) =>
  queryOptions({
    ...signedInRequest,
    queryKey: profileKeys.refundEligibility(email, iccid),
    queryFn: ({ signal }) => getRefundEligibility(iccid, signal),
    // Installing the eSIM ends it: asked again each time the profile shows the card.
    staleTime: 0,
  });

export function useRefundEligibility(email: string, iccid: string, enabled = true) {
  return useQuery({ ...refundEligibilityQueryOptions(email, iccid), enabled });
}
