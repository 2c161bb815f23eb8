// POST /api/payment/create-session: opens a payment at the gateway for one plan.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateSessionRequest,
  type CreateSessionResponse,
  createSessionResponseSchema,
  orderApiPaths,
} from '@tern/contract/orders';
import { apiRequest } from '../../../lib/api-client';
import { creditRootKey } from '../../../lib/credit-api';

const path = orderApiPaths.createSession.href();

export function createPaymentSession(
  request: CreateSessionRequest,
): Promise<CreateSessionResponse> {
  return apiRequest(path, { method: 'POST', body: request, schema: createSessionResponseSchema });
}

export function useCreatePaymentSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentSession,
    // Spending credit (or being refused it) changes the balance the page shows.
    onSettled: (_answer, _error, request) =>
      request.pur_use_credit
        ? queryClient.invalidateQueries({ queryKey: creditRootKey })
        : undefined,
  });
}
