/**
 * POST /api/auto-topup/stop (issue 32): the automatic top-up e-mail's stop link, signed and
 * single use, which works without signing in.
 */
import { useMutation } from '@tanstack/react-query';
import { autoTopupStoppedSchema, cardTopupApiPaths } from '@tern/contract/card-topups';
import { apiRequest } from '../../../lib/api-client';

export function stopByLink(token: string): Promise<{ stopped: true }> {
  return apiRequest(cardTopupApiPaths.stopAutoTopup.href(), {
    method: 'POST',
    body: { token },
    schema: autoTopupStoppedSchema,
  });
}

export function useStopByLink() {
  return useMutation({ mutationFn: stopByLink });
}
