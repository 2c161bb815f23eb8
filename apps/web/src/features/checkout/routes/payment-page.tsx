/**
 * The payment route (spec route table: "loads a gateway page template with a session id"):
 * loads the gateway's checkout.min.js and shows the hosted payment page of the session stored
 * by "Proceed", the way MPGS documents it. Opened again while a session is stored (a reload, a
 * bookmark) it shows the page again, and the gateway itself says when a session is over; Back
 * from the gateway's page offers to continue rather than bouncing the payer forward again.
 * With no session stored it says so and leads back to the plan.
 */
import { paths } from '@tern/contract/routes';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { session } from '../../../lib/session-store';
import { useGatewayCheckout } from '../api/get-gateway-checkout';
import { CheckoutHeader } from '../components/checkout-header';
import { primaryAction, ResultPanel, secondaryAction } from '../components/result-panel';
import { useCheckoutLibrary } from '../hooks/use-checkout-library';
import { cameBackFromGateway, onCheckoutError, showPaymentPage } from '../utils/checkout-library';
import { planPageFromUrl } from '../utils/stored-plan';

export function PaymentPage() {
  const t = useT();
  usePageMeta(t('checkout.payment.title'));
  const [sessionId] = useState(() => session.payment().sessionId);
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <CheckoutHeader title={t('checkout.payment.title')} />
      <div className="mt-8">
        {sessionId ? <HostedPayment sessionId={sessionId} /> : <ExpiredSession />}
      </div>
    </div>
  );
}

function HostedPayment({ sessionId }: { sessionId: string }) {
  const t = useT();
  const gateway = useGatewayCheckout();
  const library = useCheckoutLibrary(gateway.data?.checkout_script_url);
  const ready = library.data;
  const [cameBack] = useState(cameBackFromGateway);
  // The library may fail after it loaded (its server out of reach): it says so through data-error.
  const [libraryFailed, setLibraryFailed] = useState(false);
  useEffect(() => onCheckoutError(() => setLibraryFailed(true)), []);

  useEffect(() => {
    if (ready && !cameBack) showPaymentPage(ready, sessionId);
  }, [ready, cameBack, sessionId]);

  if (gateway.isError || library.isError || libraryFailed) return <GatewayUnreachable />;
  return (
    <ResultPanel
      tone="progress"
      title={t(cameBack ? 'checkout.payment.notFinished' : 'checkout.payment.opening')}
      message={t('checkout.payment.gatewayNote')}
    >
      {ready ? (
        <button
          type="button"
          className={cameBack ? primaryAction : secondaryAction}
          onClick={() => showPaymentPage(ready, sessionId)}
        >
          {t('checkout.payment.continue')}
        </button>
      ) : null}
      {cameBack ? (
        <Link to={paths.planConfirmation} className={secondaryAction}>
          {t('checkout.payment.backToSummary')}
        </Link>
      ) : null}
    </ResultPanel>
  );
}

function GatewayUnreachable() {
  const t = useT();
  return (
    <ResultPanel
      tone="error"
      title={t('checkout.payment.unreachable.title')}
      message={t('checkout.payment.unreachable.text')}
    >
      <button type="button" className={primaryAction} onClick={() => window.location.reload()}>
        {t('checkout.payment.tryAgain')}
      </button>
    </ResultPanel>
  );
}

function ExpiredSession() {
  const t = useT();
  const [planPage] = useState(() => planPageFromUrl(session.pendingPlan()?.url));
  return (
    <ResultPanel
      tone="warning"
      title={t('checkout.payment.expired.title')}
      message={t('checkout.payment.expired.text')}
    >
      <Link to={planPage ?? paths.plan} className={primaryAction}>
        {t(planPage ? 'checkout.backToYourPlan' : 'checkout.choosePlan')}
      </Link>
      <Link to={paths.profile} className={secondaryAction}>
        {t('checkout.myAccount')}
      </Link>
    </ResultPanel>
  );
}
