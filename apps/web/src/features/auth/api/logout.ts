/**
 * POST /api/client/logout revokes the bearer token on the server; then, whatever the
 * answer, this browser forgets everything it stored and goes to the plan page (spec
 * section 4: logout clears all local storage, resets the profile, goes to plan).
 */

import { useMutation } from '@tanstack/react-query';
import { accountApiPaths, paths } from '@tern/contract';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { withLoading } from '../../../lib/loading-store';
import { session } from '../../../lib/session-store';

const path = accountApiPaths.logout.replace(/^\/api/, '');

export async function logout(): Promise<void> {
  // The answer's text is not shown; a 401 means the token was already dead, which is fine.
  await apiRequest(path, { method: 'POST', schema: z.unknown() });
}

export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => withLoading(logout),
    onSettled: () => {
      session.signOut();
      void navigate(paths.plan);
    },
  });
}
