/**
 * PUT /api/client/details: the signed-in buyer changes their own name and mobile. The answer
 * is the account as it now is; the session takes it, so the profile header and the navigation
 * bar show the new name at once.
 */
import { useMutation } from '@tanstack/react-query';
import { accountApiPaths } from '@tern/contract/account-texts';
import { type ClientProfile, clientProfileSchema } from '@tern/contract/accounts';
import type { ClientDetailsRequest } from '@tern/contract/sign-up';
import { apiRequest } from '../../../lib/api-client';
import { session } from '../../../lib/session-store';
import { signedInRequest } from '../../../lib/signed-in-request';

const path = accountApiPaths.details.href();

export function updateClientDetails(details: ClientDetailsRequest): Promise<ClientProfile> {
  return apiRequest(path, { method: 'PUT', body: details, schema: clientProfileSchema });
}

export function useUpdateClientDetails() {
  return useMutation({
    ...signedInRequest,
    mutationFn: updateClientDetails,
    onSuccess: (account) => {
      const current = session.get().client;
      // Someone else may have signed in meanwhile: only this account's session takes it.
      if (current?.email !== account.cli_email) return;
      session.signIn({ ...current, name: account.cli_name, mobile: account.cli_mobile });
    },
  });
}
