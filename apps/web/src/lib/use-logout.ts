/**
 * Logout (spec section 4): POST /api/client/logout revokes the token on the server; then,
 * whatever the answer, the browser goes to the plan page, forgets everything it stored and
 * drops every cached answer, so the next person at this browser sees none of it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountApiPaths } from '@tern/contract/account-texts';
import { paths } from '@tern/contract/routes';
import { useNavigate } from 'react-router';
import { anyAnswer } from './answer-checks';
import { apiRequest } from './api-client';
import { withLoading } from './loading-store';
import { session } from './session-store';

const path = accountApiPaths.logout.href();

/** Names the logout while it runs, so the data cache can tell it is on its way (app/query-client). */
export const logoutMutationKey = ['logout'] as const;

async function logout(): Promise<void> {
  // A 401 means the token was already dead: the outcome the visitor wants anyway.
  await apiRequest(path, { method: 'POST', schema: anyAnswer });
}

export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: logoutMutationKey,
    mutationFn: () => withLoading(logout),
    // Offline too: the request fails at once instead of waiting for a connection, and the
    // browser still forgets the account (its offline copy included) right away.
    networkMode: 'always',
    onSettled: async () => {
      // Leave first: a page that sends signed-out visitors to sign-in must not see the
      // sign-out before the visitor has left it.
      await navigate(paths.plan);
      session.signOut();
      queryClient.clear();
    },
  });
}
