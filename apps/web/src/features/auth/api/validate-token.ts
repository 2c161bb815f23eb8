/**
 * POST /api/client/validatetoken: asks whether a stored token still signs its client in.
 * The app asks at start, and again whenever someone signed in opens sign-in or the profile
 * (app/router.tsx, `Decided`). A non-empty cli_email keeps the client signed in, under the name
 * the server knows at start; any failure signs out silently (spec section 4).
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountApiPaths } from '@tern/contract/account-texts';
import type { ValidateTokenResponse } from '@tern/contract/accounts';
import { useEffect } from 'react';
import { validateTokenCheck } from '../../../lib/answer-checks';
import { apiRequest } from '../../../lib/api-client';
import { isUnreachable } from '../../../lib/offline/unreachable';
import { type Client, session } from '../../../lib/session-store';

const path = accountApiPaths.validateToken.href();

/** Questions on their way, so two askers at once (start-up check, a page's route) share one. */
const asking = new Map<string, Promise<ValidateTokenResponse>>();

export function validateToken(client: Client): Promise<ValidateTokenResponse> {
  let answer = asking.get(client.token);
  if (!answer) {
    answer = apiRequest(path, {
      method: 'POST',
      body: { cli_token: client.token, cli_email: client.email, cli_name: client.name },
      schema: validateTokenCheck,
    });
    asking.set(client.token, answer);
    // Once answered, the next asker asks afresh: the token may be revoked since.
    const forget = () => asking.delete(client.token);
    void answer.then(forget, forget);
  }
  return answer;
}

/**
 * The stored client, once the server has confirmed their token. A dead token, or a failed
 * check, signs them out silently (spec section 4), keeping a plan they chose; then undefined.
 * No answer at all (offline, the shop out of reach) refuses nothing: the client stays, so the
 * profile can show its offline copy (decision 0020), and the next answer decides.
 */
export async function confirmedClient(): Promise<Client | undefined> {
  const client = session.get().client;
  if (!client) return undefined;
  const verdict = await validateToken(client).then(
    (answer) => (answer.cli_email !== '' ? 'valid' : 'refused'),
    (error: unknown) => (isUnreachable(error) ? 'unanswered' : 'refused'),
  );
  if (verdict !== 'refused') return client;
  // Someone may have signed in afresh meanwhile: never touch a newer session.
  if (session.get().client?.token === client.token) session.signOut({ keepPendingPlan: true });
  return undefined;
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
  // No answer (offline, the shop out of reach) settles nothing: the next start asks again.
  const settled =
    (query.isSuccess || (query.isError && !isUnreachable(query.error))) && !query.isFetching;
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
