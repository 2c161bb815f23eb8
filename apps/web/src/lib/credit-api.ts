/**
 * GET /api/client/credit: the buyer's store credit (issue 31), shared by the confirmation page's
 * "Use my credit" and the profile; a purchase that spends credit invalidates it for both.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CreditAccount, creditAccountSchema, creditApiPaths } from '@tern/contract/credit';
import { apiRequest } from './api-client';
import { signedInRequest } from './signed-in-request';

/** Every buyer's credit answers: what a purchase that spends credit invalidates. */
export const creditRootKey = ['credit'] as const;
export const creditQueryKey = (email: string) => [...creditRootKey, email] as const;

export function getCredit(signal?: AbortSignal): Promise<CreditAccount> {
  return apiRequest(creditApiPaths.credit.href(), { schema: creditAccountSchema, signal });
}

export const creditQueryOptions = (email: string) =>
  queryOptions({
    ...signedInRequest,
    queryKey: creditQueryKey(email),
    queryFn: ({ signal }) => getCredit(signal),
    // The balance changes with every purchase: never show one from before.
    staleTime: 0,
  });

export function useCredit(email: string) {
  return useQuery(creditQueryOptions(email));
}
