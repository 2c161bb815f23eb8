/**
 * Logout from the profile header: POST /api/client/logout revokes the token on the server;
 * then, whatever the answer, the browser goes to the plan page and forgets the session and
 * every cached profile answer (spec section 4).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountApiPaths, paths } from '@tern/contract';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { withLoading } from '../../../lib/loading-store';
import { session } from '../../../lib/session-store';
import { apiPath } from './api-path';
import { profileQueryKey } from './query-keys';

export async function logout(): Promise<void> {
  // A 401 means the token was already dead: the outcome the visitor wants anyway.
  await apiRequest(apiPath(accountApiPaths.logout), { method: 'POST', schema: z.unknown() });
}

export function useProfileLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withLoading(logout),
    onSettled: async () => {
      // Leave first, so the profile does not blink empty once the session is gone.
      await navigate(paths.plan);
      session.signOut();
      queryClient.removeQueries({ queryKey: profileQueryKey });
    },
  });
}
