/**
 * POST /api/esim/{iccid}/topup (issue 32): a one-tap top-up with a saved card, from the plan
 * confirmation and from the profile. Its answer is followed as a hosted payment's is: the
 * order's reference is kept as the payment's gateway reference, and the payment-successful
 * route follows the order by it, straight away when paid, or after the bank's 3-D Secure page
 * (the gateway sends the browser back there).
 */
import { useMutation } from '@tanstack/react-query';
import {
  type CardTopupRequest,
  type CardTopupResponse,
  cardTopupApiPaths,
  cardTopupResponseSchema,
} from '@tern/contract/card-topups';
import { paths } from '@tern/contract/routes';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest } from './api-client';
import { session } from './session-store';
import { signedInRequest } from './signed-in-request';

export function payWithSavedCard(
  iccid: string,
  request: CardTopupRequest,
): Promise<CardTopupResponse> {
  return apiRequest(cardTopupApiPaths.topup.href(iccid), {
    method: 'POST',
    body: request,
    schema: cardTopupResponseSchema,
  });
}

/**
 * Pays a top-up with a saved card and goes where its answer says. One request at a time: a
 * second press while one is on its way sends nothing (the state of a mutation changes only at
 * the next render, so a double click would get past `isPending`; the ref does not wait).
 * A refusal stays in `error` for the caller to show; the button comes back with it.
 */
export function useCardTopup(iccid: string) {
  const navigate = useNavigate();
  const sending = useRef(false);
  const mutation = useMutation({
    ...signedInRequest,
    mutationFn: (request: CardTopupRequest) => payWithSavedCard(iccid, request),
  });
  async function pay(request: CardTopupRequest): Promise<void> {
    if (sending.current) return;
    sending.current = true;
    let answer: CardTopupResponse;
    try {
      answer = await mutation.mutateAsync(request);
    } catch {
      sending.current = false;
      return; // in mutation.error
    }
    // No gateway session here: the order's reference is all the result page needs.
    session.savePaymentReference(answer.reference);
    switch (answer.next) {
      case 'paid':
        await navigate(paths.paymentSuccessful);
        break;
      case 'authenticate':
        // The bank's check is a page of its own; the button stays busy while the browser goes.
        window.location.assign(answer.authenticationUrl);
        break;
    }
  }
  return { pay, isPending: mutation.isPending || mutation.isSuccess, error: mutation.error };
}
