/**
 * payment-redirect (spec route table): `?platform=…&status=…`. A payment made for the mobile
 * app hands back to the app (with a link to tap, for browsers that ask first); a web payment
 * goes on to the success or the cancelled page, keeping the gateway's query for them.
 */
import { useEffect, useMemo } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta';
import { mobileAppScheme } from '../../../lib/shop-settings';
import { CheckoutHeader } from '../components/checkout-header';
import { primaryAction, ResultPanel } from '../components/result-panel';
import { paymentRedirect } from '../utils/payment-redirect';

export function PaymentRedirectPage() {
  usePageMeta('Payment');
  const [searchParams] = useSearchParams();
  const redirect = useMemo(() => paymentRedirect(searchParams, mobileAppScheme), [searchParams]);
  const appLink = redirect.kind === 'app' ? redirect.href : undefined;

  useEffect(() => {
    if (appLink) window.location.replace(appLink);
  }, [appLink]);

  if (redirect.kind === 'web') return <Navigate to={redirect.to} replace />;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <CheckoutHeader title="Back to the app" />
      <div className="mt-8">
        <ResultPanel
          tone="progress"
          title="Opening the app…"
          message="If the app does not open by itself, tap the button below."
        >
          <a href={redirect.href} className={primaryAction}>
            Open the app
          </a>
        </ResultPanel>
      </div>
    </div>
  );
}
