// POST /api/payment/promo-quote: what a promo code takes off the plan, or the server's reason.
import { useMutation } from '@tanstack/react-query';
import {
  type PromoQuoteRequest,
  promoQuotePaths,
  promoQuoteSchema,
} from '@tern/contract/promo-codes';
import { apiRequest } from '../../../lib/api-client';
import { signedInRequest } from '../../../lib/signed-in-request';

export function quotePromoCode(request: PromoQuoteRequest) {
  return apiRequest(promoQuotePaths.quote.href(), {
    method: 'POST',
    body: request,
    schema: promoQuoteSchema,
  });
}

export function useQuotePromoCode() {
  return useMutation({ ...signedInRequest, mutationFn: quotePromoCode });
}
