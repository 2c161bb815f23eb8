// POST /api/payment/: the legacy checkout's "Proceed to payment", answered like create-session.

import { useMutation } from '@tanstack/react-query';
import {
  type CreateSessionResponse,
  createSessionResponseSchema,
  type LegacyCheckoutRequest,
  orderApiPaths,
} from '@tern/contract';
import { apiPath, apiRequest } from '../../../lib/api-client';

const path = apiPath(orderApiPaths.legacyCheckout);

export function startLegacyCheckout(
  request: LegacyCheckoutRequest,
): Promise<CreateSessionResponse> {
  return apiRequest(path, { method: 'POST', body: request, schema: createSessionResponseSchema });
}

export function useStartLegacyCheckout() {
  return useMutation({ mutationFn: startLegacyCheckout });
}
