// POST /api/email/support: the doctor's findings sent to support, from the buyer's address.
import { useMutation } from '@tanstack/react-query';
import { accountApiPaths } from '@tern/contract/account-texts';
import type { ContactRequest } from '@tern/contract/accounts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Resolves once the message is accepted; the answer's content is not read (spec section 7). */
export async function sendSupportReport(message: ContactRequest): Promise<void> {
  await apiRequest(accountApiPaths.support.href(), {
    method: 'POST',
    body: message,
    schema: z.unknown(),
  });
}

export function useSendSupportReport() {
  return useMutation({ mutationFn: sendSupportReport });
}
