/**
 * The gateway's Checkout library, once the shop has said where it is: loaded once per page
 * and shared, so opening `#/payment` again reuses it.
 */
import { useQuery } from '@tanstack/react-query';
import { loadCheckoutLibrary } from '../utils/checkout-library';

export function useCheckoutLibrary(scriptUrl: string | undefined) {
  return useQuery({
    queryKey: ['checkout', 'library', scriptUrl],
    queryFn: () => loadCheckoutLibrary(scriptUrl ?? ''),
    enabled: scriptUrl !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
