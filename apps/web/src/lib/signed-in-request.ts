/**
 * Marks a query or mutation whose answer belongs to the signed-in buyer. The app's data cache
 * signs the visitor out and sends them to sign in when such a request is answered 401.
 */
export const signedInRequest = { meta: { needsSignIn: true } } as const;

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { needsSignIn?: boolean };
    mutationMeta: { needsSignIn?: boolean };
  }
}
