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

/** The gateway's scheme names as people write them; any other as it came. */
export function schemeName(scheme: string): string {
  const names: Record<string, string> = {
    MASTERCARD: 'Mastercard',
    VISA: 'Visa',
    AMEX: 'American Express',
  };
  return names[scheme] ?? scheme;
}

/**
 * A saved card in a few characters, "Visa •••• 4242": the same in every language, so it is
 * not a message; shown inside a left-to-right isolate in Arabic text.
 */
export function cardShortName(card: Pick<SavedCard, 'scheme' | 'last4'>): string {
  return `${schemeName(card.scheme)} •••• ${card.last4}`;
}
