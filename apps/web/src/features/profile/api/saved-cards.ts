/**
 * DELETE /api/client/cards/{id} (issue 32): removes a saved card, which deletes the token at
 * the payment gateway first. After a removal, or a refusal, the list (lib/saved-cards-api.ts,
 * shared with the plan confirmation) is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedCardApiPaths, savedCardDeletedSchema } from '@tern/contract/saved-cards';
import { apiRequest } from '../../../lib/api-client';
import { savedCardsQueryKey } from '../../../lib/saved-cards-api';
import { signedInRequest } from '../../../lib/signed-in-request';

export function removeSavedCard(id: number): Promise<{ deleted: true }> {
  return apiRequest(savedCardApiPaths.card.href(id), {
    method: 'DELETE',
    schema: savedCardDeletedSchema,
  });
}

export function useRemoveSavedCard(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...signedInRequest,
    mutationFn: removeSavedCard,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedCardsQueryKey(email) }),
  });
}
