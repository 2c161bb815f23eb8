/**
 * GET /api/client/cards (issue 32): the buyer's saved cards, shared by the profile (its list,
 * one-tap and automatic top-up) and the plan confirmation (pay now with a saved card).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SavedCard, savedCardApiPaths, savedCardListSchema } from '@tern/contract/saved-cards';
import { apiRequest } from './api-client';
import { signedInRequest } from './signed-in-request';

export const savedCardsQueryKey = (email: string) => ['saved-cards', email] as const;

export function getSavedCards(signal?: AbortSignal): Promise<SavedCard[]> {
  return apiRequest(savedCardApiPaths.cards.href(), { schema: savedCardListSchema, signal });
}

export const savedCardsQueryOptions = (email: string) =>
  queryOptions({
    ...signedInRequest,
    queryKey: savedCardsQueryKey(email),
    queryFn: ({ signal }) => getSavedCards(signal),
  });

export function useSavedCards(email: string) {
  return useQuery(savedCardsQueryOptions(email));
}
