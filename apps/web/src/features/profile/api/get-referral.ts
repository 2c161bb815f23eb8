/** GET /api/client/referral: the buyer's share code and link, with what it has given so far. */
import { useQuery } from '@tanstack/react-query';
import { type Referral, referralApiPaths, referralSchema } from '@tern/contract/referrals';
import { apiRequest } from '../../../lib/api-client';
import { signedInRequest } from '../../../lib/signed-in-request';
import { profileKeys } from './query-keys';

export function getReferral(signal?: AbortSignal): Promise<Referral> {
  return apiRequest(referralApiPaths.referral.href(), { schema: referralSchema, signal });
}

export function useReferral(email: string) {
  return useQuery({
    ...signedInRequest,
    queryKey: profileKeys.referral(email),
    queryFn: ({ signal }) => getReferral(signal),
  });
}
