/**
 * The payment route (spec route table): sends the browser to the gateway's hosted page for
 * the session just opened. The page address comes in navigation state from "Proceed"; the
 * route replaces itself with the gateway's page, so Back from there returns to the order
 * summary rather than bouncing forward again. Opened without it (a bookmark, a new tab),
 * the session cannot be resumed: it says so and leads back to the plan.
 */
import { paths } from '@tern/contract';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta';
import { session } from '../../../lib/session-store';
import { CheckoutHeader } from '../components/checkout-header';
import { primaryAction, ResultPanel, secondaryAction } from '../components/result-panel';
import { paymentUrlFromState } from '../utils/payment-start';
import { planPageFromUrl } from '../utils/stored-plan';

export const expiredSessionText = 'Your payment session has expired. Start again from your plan.';

export function PaymentPage() {
  usePageMeta('Secure payment');
  const location = useLocation();
  const [paymentUrl] = useState(() => paymentUrlFromState(location.state, window.location.origin));

  useEffect(() => {
    if (paymentUrl) window.location.replace(paymentUrl);
  }, [paymentUrl]);

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <CheckoutHeader title="Secure payment" />
      <div className="mt-8">
        {paymentUrl ? (
          <ResultPanel
            tone="progress"
            title="Taking you to the secure payment page…"
            message="You pay on the payment gateway's page; your card details never reach our shop."
          >
            <a href={paymentUrl} className={secondaryAction}>
              Continue to payment
            </a>
          </ResultPanel>
        ) : (
          <ExpiredSession />
        )}
      </div>
    </div>
  );
}

function ExpiredSession() {
  const [planPage] = useState(() => planPageFromUrl(session.pendingPlan()?.url));
  return (
    <ResultPanel
      tone="warning"
      title={expiredSessionText}
      message="A payment page opens only from the order summary, for a few minutes. If you paid a moment ago, check your account before paying again."
    >
      <Link to={planPage ?? paths.plan} className={primaryAction}>
        {planPage ? 'Back to your plan' : 'Choose a plan'}
      </Link>
      <Link to={paths.profile} className={secondaryAction}>
        My account
      </Link>
    </ResultPanel>
  );
}
