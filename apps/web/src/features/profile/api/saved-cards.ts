/**
 * GET /api/client/cards and DELETE /api/client/cards/{id} (issue 32): the buyer's saved cards
 * (scheme, last four digits, expiry; never a number) and their removal, which deletes the
 * token at the payment gateway first. After a removal, or a refusal, the list is read again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type SavedCard,
  savedCardApiPaths,
  savedCardDeletedSchema,
  savedCardListSchema,
} from '@tern/contract/saved-cards';
import { apiRequest } from '../../../lib/api-client';
import { signedInRequest } from '../../../lib/signed-in-request';
import { profileKeys } from './query-keys';

export function getSavedCards(signal?: AbortSignal): Promise<SavedCard[]> {
  return apiRequest(savedCardApiPaths.cards.href(), { schema: savedCardListSchema, signal });
}

export function removeSavedCard(id: number): Promise<{ deleted: true }> {
  return apiRequest(savedCardApiPaths.card.href(id), {
    method: 'DELETE',
    schema: savedCardDeletedSchema,
  });
}

export function useSavedCards(email: string) {
  return useQuery({
    ...signedInRequest,
    queryKey: profileKeys.savedCards(email),
    queryFn: ({ signal }) => getSavedCards(signal),
  });
}

export function useRemoveSavedCard(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...signedInRequest,
    mutationFn: removeSavedCard,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.savedCards(email) }),
  });
}
