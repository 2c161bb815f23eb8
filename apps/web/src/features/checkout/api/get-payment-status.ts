/**
 * GET /api/payment/check-status/{ref}: the confirmation call. The server asks the gateway
 * whether the order was paid, delivers the eSIM once it is, and says where the order stands.
 * The same call as the spec's /payment/webhook_netcommerce/{ref}, but under /api, where the
 * API client reaches. The hosted page's resultIndicator goes along to be checked (a mismatch
 * is refused); it proves nothing by itself. Idempotent: the success page asks every 2 seconds.
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  orderApiPaths,
  type PaymentConfirmation,
  paymentConfirmationSchema,
} from '@tern/contract/orders';
import { apiRequest } from '../../../lib/api-client';

export function getPaymentStatus(
  reference: string,
  resultIndicator: string | undefined,
  signal?: AbortSignal,
): Promise<PaymentConfirmation> {
  const path = orderApiPaths.checkStatus.href(reference);
  const query = resultIndicator ? `?${new URLSearchParams({ resultIndicator })}` : '';
  return apiRequest(`${path}${query}`, { schema: paymentConfirmationSchema, signal });
}

export const paymentStatusQueryOptions = (reference: string, resultIndicator?: string) =>
  queryOptions({
    queryKey: ['checkout', 'payment-status', reference, resultIndicator ?? null],
    queryFn: ({ signal }) => getPaymentStatus(reference, resultIndicator, signal),
    // An order moves by itself while it is paid and delivered: never serve an old answer.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function usePaymentStatus(
  reference: string,
  resultIndicator: string | undefined,
  options: {
    /** How long until the next check, or false to stop, from the last answer or error. */
    refetchInterval: (
      answer: PaymentConfirmation | undefined,
      error: Error | null,
    ) => number | false;
  },
) {
  return useQuery({
    ...paymentStatusQueryOptions(reference, resultIndicator),
    refetchInterval: (query) => options.refetchInterval(query.state.data, query.state.error),
  });
}
