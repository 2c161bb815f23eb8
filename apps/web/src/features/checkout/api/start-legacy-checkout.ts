// POST /api/payment/: the legacy checkout's "Proceed to payment", answered like create-session.
// The page calls it inside useBeginPayment, so it has no mutation hook of its own.

import {
  type CreateSessionResponse,
  createSessionResponseSchema,
  type LegacyCheckoutRequest,
  orderApiPaths,
} from '@tern/contract/orders';
import { apiRequest } from '../../../lib/api-client';

const path = orderApiPaths.legacyCheckout.href();

export function startLegacyCheckout(
  request: LegacyCheckoutRequest,
): Promise<CreateSessionResponse> {
  return apiRequest(path, { method: 'POST', body: request, schema: createSessionResponseSchema });
}
