/**
 * Marks a query whose answer belongs to the signed-in buyer. The app's data cache signs the
 * visitor out and sends them to sign in when such a query is answered 401.
 */
export const signedInQuery = { meta: { needsSignIn: true } } as const;

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { needsSignIn?: boolean };
  }
}
