/**
 * GET /api/payment/gateway-checkout: where the payment gateway's Checkout library
 * (checkout.min.js) is, so `#/payment` can show the hosted page of the stored session the way
 * MPGS documents it. The same for every session of a running shop.
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import { type GatewayCheckout, gatewayCheckoutSchema, orderApiPaths } from '@tern/contract/orders';
import { apiRequest } from '../../../lib/api-client';

export function getGatewayCheckout(signal?: AbortSignal): Promise<GatewayCheckout> {
  return apiRequest(orderApiPaths.gatewayCheckout.href(), {
    schema: gatewayCheckoutSchema,
    signal,
  });
}

export const gatewayCheckoutQueryOptions = () =>
  queryOptions({
    queryKey: ['checkout', 'gateway-checkout'],
    queryFn: ({ signal }) => getGatewayCheckout(signal),
    // The gateway a shop uses changes only with its configuration, i.e. a restart.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useGatewayCheckout() {
  return useQuery(gatewayCheckoutQueryOptions());
}
