/**
 * GET /api/plan/topup/{iccid}/{destination}: the plans on sale that can top up one of the
 * buyer's eSIMs (its destination: an ISO code or a region's name), for the one-tap and the
 * automatic top-up dialogs.
 */
import { useQuery } from '@tanstack/react-query';
import { type Plan, planListSchema } from '@tern/contract/catalog';
import { orderApiPaths } from '@tern/contract/orders';
import { apiRequest } from '../../../lib/api-client';
import { signedInRequest } from '../../../lib/signed-in-request';
import { profileKeys } from './query-keys';

export function getTopupPlans(
  iccid: string,
  destination: string,
  signal?: AbortSignal,
): Promise<Plan[]> {
  return apiRequest(orderApiPaths.topupPlans.href(iccid, destination), {
    schema: planListSchema,
    signal,
  });
}

export function useTopupPlans(email: string, iccid: string, destination: string, enabled = true) {
  return useQuery({
    ...signedInRequest,
    queryKey: profileKeys.topupPlans(email, iccid, destination),
    queryFn: ({ signal }) => getTopupPlans(iccid, destination, signal),
    enabled,
  });
}
