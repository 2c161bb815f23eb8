// GET /api/client/gifts: the signed-in buyer's gifts sent, each sent or installed (issue 31).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type GiftSent, giftApiPaths, giftsSentSchema } from '@tern/contract/gifts';
import { apiRequest } from '../../../lib/api-client';
import { signedInRequest } from '../../../lib/signed-in-request';
import { profileKeys } from './query-keys';

export async function getGiftsSent(signal?: AbortSignal): Promise<GiftSent[]> {
  const list = await apiRequest(giftApiPaths.giftsSent.href(), { schema: giftsSentSchema, signal });
  return list.data;
}

export function useGiftsSent(email: string) {
  return useQuery(
    queryOptions({
      ...signedInRequest,
      queryKey: profileKeys.giftsSent(email),
      queryFn: ({ signal }) => getGiftsSent(signal),
      // A gift just bought, or just installed, shows as it is when the buyer looks.
      staleTime: 0,
    }),
  );
}
