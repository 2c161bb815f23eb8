/**
 * The app's data cache. Requests marked `needsSignIn` carry the buyer's bearer token; when the
 * server answers one of them 401 (the token expired or was revoked, say by a logout in
 * another tab) the visitor is signed out and sent to sign in, whichever request heard it.
 * A sign-in ended by another tab drops this tab's signed-in answers.
 */
import { MutationCache, type Query, QueryCache, QueryClient } from '@tanstack/react-query';
import { paths } from '@tern/contract/routes';
import { ApiError } from '../lib/api-client';
import { session } from '../lib/session-store';
import { logoutMutationKey } from '../lib/use-logout';
import { navigateOutsideReact } from './router';

const isUnauthorized = (error: Error) => error instanceof ApiError && error.status === 401;

/** Timeouts (408) and rate limits (429) pass; other refusals (4xx) would only come again. */
const refusedForGood = (error: Error) =>
  error instanceof ApiError && error.status < 500 && error.status !== 408 && error.status !== 429;

/** One more try after a failure, unless the server refused the request for good. */
function retryOnce(failureCount: number, error: Error): boolean {
  return failureCount < 1 && !refusedForGood(error);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.needsSignIn && isUnauthorized(error)) signInAgain();
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.needsSignIn && isUnauthorized(error)) signInAgain();
    },
  }),
  defaultOptions: {
    // Catalogue data changes once per sync; refetching on every focus would be waste.
    queries: { staleTime: 5 * 60_000, retry: retryOnce, refetchOnWindowFocus: false },
  },
});

const signedInAnswer = (query: Query) => query.meta?.needsSignIn === true;

// Another tab's logout (or sign-in) ended this tab's session: nothing of the account stays in
// this tab's memory either, as after a logout here.
session.onEndedElsewhere(() => queryClient.removeQueries({ predicate: signedInAnswer }));

function signInAgain(): void {
  // Several requests may fail together; the first one signs out, the rest find nobody.
  if (!session.get().client) return;
  // A logout on its way revoked the token itself, so the requests it outlives are refused;
  // it leaves for the plan page and must not be overtaken by sign-in. It counts as running
  // until its own onSettled (the way out) has finished (TanStack Query's Mutation.execute).
  if (queryClient.isMutating({ mutationKey: logoutMutationKey }) > 0) return;
  // Signed out before leaving: sign-in sends anyone still signed in on to the profile.
  // A plan chosen before is kept, so signing in again loses nothing.
  session.signOut({ keepPendingPlan: true });
  // The signed-in answers go too, so nothing of this account stays in memory.
  queryClient.removeQueries({ predicate: signedInAnswer });
  navigateOutsideReact(paths.signIn, { replace: true });
}
