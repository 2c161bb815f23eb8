/**
 * POST /api/client/validatetoken: asks whether a stored token still signs its client in.
 * The app asks once, at start. The outcome is applied to the session store:
 * a non-empty cli_email keeps the client signed in under the name the server knows; any
 * failure signs out silently (spec section 4).
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  accountApiPaths,
  type ValidateTokenResponse,
  validateTokenResponseSchema,
} from '@tern/contract';
import { useEffect } from 'react';
import { apiPath, apiRequest } from '../../../lib/api-client';
import { type Client, session } from '../../../lib/session-store';

const path = apiPath(accountApiPaths.validateToken);

export function validateToken(client: Client): Promise<ValidateTokenResponse> {
  return apiRequest(path, {
    method: 'POST',
    body: { cli_token: client.token, cli_email: client.email, cli_name: client.name },
    schema: validateTokenResponseSchema,
  });
}

export const validateTokenQueryOptions = (client: Client) =>
  queryOptions({
    queryKey: ['auth', 'validate-token', client.token],
    queryFn: () => validateToken(client),
    // One answer decides: a retry would only delay signing out a revoked token.
    retry: false,
    staleTime: 0,
    refetchOnReconnect: false,
  });

/**
 * Validates `client`'s token (undefined: nothing stored, nothing to check) and brings
 * the session store in line with the answer.
 */
export function useTokenValidation(client: Client | undefined): void {
  const query = useQuery({
    ...validateTokenQueryOptions(client ?? { token: '', email: '', name: '', mobile: '' }),
    enabled: client !== undefined,
  });
  const answer = query.data;
  const settled = (query.isSuccess || query.isError) && !query.isFetching;
  const valid = settled && query.isSuccess && answer !== undefined && answer.cli_email !== '';

  useEffect(() => {
    if (!client || !settled) return;
    // Someone may have signed in afresh meanwhile: never touch a newer session.
    const current = session.get().client;
    if (current?.token !== client.token) return;
    if (valid && answer) {
      if (current.email !== answer.cli_email || current.name !== answer.cli_name) {
        session.signIn({ ...current, email: answer.cli_email, name: answer.cli_name });
      }
    } else {
      session.signOut();
    }
  }, [client, settled, valid, answer]);
}
