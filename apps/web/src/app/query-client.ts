/**
 * The app's data cache. Queries marked `needsSignIn` carry the buyer's bearer token; when the
 * server answers one of them 401 (the token expired or was revoked, say by a logout in
 * another tab) the visitor is signed out and sent to sign in, whichever query heard it.
 */
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { paths } from '@tern/contract';
import { ApiError } from '../lib/api-client';
import { session } from '../lib/session-store';
import { router } from './router';

const isUnauthorized = (error: Error) => error instanceof ApiError && error.status === 401;

/** A refused request (4xx) is refused again; only a server or network failure is retried. */
function retryOnce(failureCount: number, error: Error): boolean {
  const refused = error instanceof ApiError && error.status < 500;
  return failureCount < 1 && !refused;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.needsSignIn && isUnauthorized(error)) signInAgain();
    },
  }),
  defaultOptions: {
    // Catalogue data changes once per sync; refetching on every focus would be waste.
    queries: { staleTime: 5 * 60_000, retry: retryOnce, refetchOnWindowFocus: false },
  },
});

function signInAgain(): void {
  // Several queries may fail together; the first one signs out, the rest find nobody.
  if (!session.get().client) return;
  session.signOut();
  // The signed-in answers go too, so nothing of this account stays in memory.
  queryClient.removeQueries({ predicate: (query) => query.meta?.needsSignIn === true });
  void router.navigate(paths.signIn, { replace: true });
}
