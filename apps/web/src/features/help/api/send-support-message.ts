// POST /api/email/support: the contact form's message, e-mailed to the support team.

import { useMutation } from '@tanstack/react-query';
import { accountApiPaths } from '@tern/contract/account-texts';
import type { ContactRequest } from '@tern/contract/accounts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const path = accountApiPaths.support.href();

/** Resolves once the message is accepted; the answer's content is not read (spec section 7). */
export async function sendSupportMessage(message: ContactRequest): Promise<void> {
  await apiRequest(path, { method: 'POST', body: message, schema: z.unknown() });
}

export function useSendSupportMessage() {
  return useMutation({ mutationFn: sendSupportMessage });
}
