/**
 * GET /api/ledger/public/client/{email}?skip&limit&search: one page of the buyer's invoices
 * (the profile asks for 100 at a time, spec section 9) and how many match in all.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type LedgerPage, ledgerPageSchema, profileApiPaths } from '@tern/contract/profile';
import { apiRequest } from '../../../lib/api-client';
import { signedInRequest } from '../../../lib/signed-in-request';
import { profileKeys } from './query-keys';

export interface LedgerPageRequest {
  skip: number;
  limit: number;
  /** Already trimmed; empty for no search. */
  search: string;
}

export function getLedgerPage(
  email: string,
  page: LedgerPageRequest,
  signal?: AbortSignal,
): Promise<LedgerPage> {
  const href = profileApiPaths.ledger.href(email, page);
  return apiRequest(href, { schema: ledgerPageSchema, signal });
}

export const ledgerQueryOptions = (email: string, page: LedgerPageRequest) =>
  queryOptions({
    ...signedInRequest,
    queryKey: profileKeys.ledger(email, page),
    queryFn: ({ signal }) => getLedgerPage(email, page, signal),
    staleTime: 0,
    // The old page stays on screen while the next loads: no jump to an empty table.
    placeholderData: keepPreviousData,
  });

export function useLedgerPage(email: string, page: LedgerPageRequest) {
  return useQuery(ledgerQueryOptions(email, page));
}
