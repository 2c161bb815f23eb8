/**
 * What both "Proceed" buttons do with a payment-session answer: keep the session id and the
 * gateway reference (spec section 3 storage keys), then open the payment route, which shows
 * the gateway's page for the stored session. A refusal shows the spec's 'Error: …' toast.
 */
import type { CreateSessionResponse } from '@tern/contract/orders';
import { paths } from '@tern/contract/routes';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { withLoading } from '../../../lib/loading-store';
import { session } from '../../../lib/session-store';
import { toast } from '../../../lib/toast-store';
import { paymentStart, purchaseErrorText } from '../utils/payment-start';

export function useBeginPayment() {
  const navigate = useNavigate();
  return async function beginPayment(open: () => Promise<CreateSessionResponse>): Promise<void> {
    try {
      const answer = await withLoading(open);
      const start = paymentStart(answer);
      if (!start.ok) {
        toast.error(start.error);
        return;
      }
      session.savePayment(start.sessionId, start.gatewayRef);
      await navigate(paths.payment);
    } catch (error) {
      toast.error(purchaseErrorText(error));
      if (error instanceof ApiError && error.status === 401) {
        // The sign-in has expired: sign in again, keeping the chosen plan.
        session.signOut({ keepPendingPlan: true });
        await navigate(paths.signIn, { replace: true });
      }
    }
  };
}
