// POST /api/payment/create-session: opens a payment at the gateway for one plan.

import { useMutation } from '@tanstack/react-query';
import {
  type CreateSessionRequest,
  type CreateSessionResponse,
  createSessionResponseSchema,
  orderApiPaths,
} from '@tern/contract/orders';
import { apiRequest } from '../../../lib/api-client';

const path = orderApiPaths.createSession.href();

export function createPaymentSession(
  request: CreateSessionRequest,
): Promise<CreateSessionResponse> {
  return apiRequest(path, { method: 'POST', body: request, schema: createSessionResponseSchema });
}

export function useCreatePaymentSession() {
  return useMutation({ mutationFn: createPaymentSession });
}
