/**
 * POST /api/esim/{iccid}/refund: the buyer's own refund of an eSIM never installed, within the
 * 14 days of the terms. The server decides (it asks the provider at that moment); done, the eSIM
 * list, its refund eligibility and the invoices change, so exactly those are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type EsimRefundResponse,
  esimRefundResponseSchema,
  refundApiPaths,
} from '@tern/contract/refunds';
import { apiRequest } from '../../../lib/api-client';
import { signedInRequest } from '../../../lib/signed-in-request';
import { profileKeys, profileQueryKey } from './query-keys';

export function requestRefund(iccid: string): Promise<EsimRefundResponse> {
  return apiRequest(refundApiPaths.esimRefund.href(iccid), {
    method: 'POST',
    schema: esimRefundResponseSchema,
  });
}

export function useRequestRefund(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...signedInRequest,
    mutationFn: requestRefund,
    onSettled: async (_answer, _error, iccid) => {
      // Also after a refusal or a 502: a step may have been done (the eSIM cancelled).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.esims(email) }),
        queryClient.invalidateQueries({ queryKey: profileKeys.refundEligibility(email, iccid) }),
        queryClient.invalidateQueries({ queryKey: [...profileQueryKey, email, 'ledger'] }),
        queryClient.invalidateQueries({ queryKey: profileKeys.giftsSent(email) }),
      ]);
    },
  });
}
