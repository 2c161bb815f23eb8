/**
 * The promo code on plan confirmation (issue 31): what is typed, the code the server accepted
 * with what it takes off, or the server's reason for refusing it (in the language on screen).
 * Typing again after a refusal clears the reason; removing a code drops its discount.
 */
import type { PromoQuote } from '@tern/contract/promo-codes';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useQuotePromoCode } from '../api/quote-promo-code';

export interface PromoCodeState {
  typed: string;
  type: (text: string) => void;
  applied: PromoQuote | undefined;
  refusal: string | undefined;
  pending: boolean;
  apply: () => void;
  remove: () => void;
  /** The create-session field: the applied code, if any. */
  request: () => { pur_promo_code?: string };
}

export function usePromoCode(planName: string, fallbackError: string): PromoCodeState {
  const [typed, setTyped] = useState('');
  const [applied, setApplied] = useState<PromoQuote>();
  const quote = useQuotePromoCode();
  const refusal =
    quote.error instanceof ApiError && quote.error.status !== 401
      ? quote.error.message
      : quote.error
        ? fallbackError
        : undefined;
  return {
    typed,
    type: (text) => {
      setTyped(text);
      quote.reset();
    },
    applied,
    refusal,
    pending: quote.isPending,
    apply: () => {
      if (typed.trim() === '') return;
      quote.mutate(
        { pur_pla_name: planName, pur_promo_code: typed.trim() },
        { onSuccess: (answer) => setApplied(answer) },
      );
    },
    remove: () => {
      setApplied(undefined);
      setTyped('');
      quote.reset();
    },
    request: () => (applied ? { pur_promo_code: applied.code } : {}),
  };
}
