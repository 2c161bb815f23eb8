/**
 * The payment route (spec route table: "loads a gateway page template with a session id"):
 * loads the gateway's checkout.min.js and shows the hosted payment page of the session stored
 * by "Proceed", the way MPGS documents it. Opened again while a session is stored (a reload, a
 * bookmark) it shows the page again, and the gateway itself says when a session is over; Back
 * from the gateway's page offers to continue rather than bouncing the payer forward again.
 * With no session stored it says so and leads back to the plan.
 */
import { paths, paymentPageTexts } from '@tern/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta';
import { session } from '../../../lib/session-store';
import { useGatewayCheckout } from '../api/get-gateway-checkout';
import { CheckoutHeader } from '../components/checkout-header';
import { primaryAction, ResultPanel, secondaryAction } from '../components/result-panel';
import { useCheckoutLibrary } from '../hooks/use-checkout-library';
import { cameBackFromGateway, showPaymentPage } from '../utils/checkout-library';
import { planPageFromUrl } from '../utils/stored-plan';

export function PaymentPage() {
  usePageMeta('Secure payment');
  const [sessionId] = useState(() => session.payment().sessionId);
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <CheckoutHeader title="Secure payment" />
      <div className="mt-8">
        {sessionId ? <HostedPayment sessionId={sessionId} /> : <ExpiredSession />}
      </div>
    </div>
  );
}

function HostedPayment({ sessionId }: { sessionId: string }) {
  const gateway = useGatewayCheckout();
  const library = useCheckoutLibrary(gateway.data?.checkout_script_url);
  const ready = library.data;
  const [cameBack] = useState(cameBackFromGateway);

  useEffect(() => {
    if (ready && !cameBack) showPaymentPage(ready, sessionId);
  }, [ready, cameBack, sessionId]);

  if (gateway.isError || library.isError) return <GatewayUnreachable />;
  return (
    <ResultPanel
      tone="progress"
      title={cameBack ? 'Your payment is not finished.' : 'Taking you to the secure payment page…'}
      message="You pay on the payment gateway's page; your card details never reach our shop."
    >
      {ready ? (
        <button
          type="button"
          className={cameBack ? primaryAction : secondaryAction}
          onClick={() => showPaymentPage(ready, sessionId)}
        >
          Continue to payment
        </button>
      ) : null}
      {cameBack ? (
        <Link to={paths.planConfirmation} className={secondaryAction}>
          Back to the order summary
        </Link>
      ) : null}
    </ResultPanel>
  );
}

function GatewayUnreachable() {
  return (
    <ResultPanel
      tone="error"
      title="The payment page could not be opened."
      message="The payment gateway did not answer. Check your connection and try again; nothing has been charged."
    >
      <button type="button" className={primaryAction} onClick={() => window.location.reload()}>
        Try again
      </button>
    </ResultPanel>
  );
}

function ExpiredSession() {
  const [planPage] = useState(() => planPageFromUrl(session.pendingPlan()?.url));
  return (
    <ResultPanel
      tone="warning"
      title={paymentPageTexts.sessionExpired}
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
