/**
 * POST /api/client/validatetoken: asks whether a stored token still signs its client in.
 * The app asks once per token: the start-up check and the sign-in page's redirect share the
 * answer. The start-up check applies it to the session store: a non-empty cli_email keeps
 * the client signed in under the name the server knows; any failure signs out silently
 * (spec section 4).
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

const answers = new Map<string, Promise<ValidateTokenResponse>>();

export function validateToken(client: Client): Promise<ValidateTokenResponse> {
  let answer = answers.get(client.token);
  if (!answer) {
    answer = apiRequest(path, {
      method: 'POST',
      body: { cli_token: client.token, cli_email: client.email, cli_name: client.name },
      schema: validateTokenResponseSchema,
    });
    answers.set(client.token, answer);
    // A failure is no answer: whoever asks next asks the server again.
    answer.catch(() => answers.delete(client.token));
  }
  return answer;
}

/** True when the server still knows `client`'s token; false when it does not or cannot say. */
export async function tokenIsValid(client: Client): Promise<boolean> {
  try {
    return (await validateToken(client)).cli_email !== '';
  } catch {
    return false;
  }
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
