/**
 * payment-redirect (spec route table): `?platform=…&status=…`. A payment made for the mobile
 * app hands back to the app (with a link to tap, for browsers that ask first); a web payment
 * goes on to the success or the cancelled page, keeping the gateway's query for them.
 */
import { useEffect, useMemo } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useT } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { mobileAppScheme } from '../../../lib/shop-settings';
import { CheckoutHeader } from '../components/checkout-header';
import { primaryAction, ResultPanel } from '../components/result-panel';
import { paymentRedirect } from '../utils/payment-redirect';

export function PaymentRedirectPage() {
  const t = useT();
  usePageMeta(t('checkout.redirect.title'));
  const [searchParams] = useSearchParams();
  const redirect = useMemo(() => paymentRedirect(searchParams, mobileAppScheme), [searchParams]);
  const appLink = redirect.kind === 'app' ? redirect.href : undefined;

  useEffect(() => {
    if (appLink) window.location.replace(appLink);
  }, [appLink]);

  if (redirect.kind === 'web') return <Navigate to={redirect.to} replace />;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <CheckoutHeader title={t('checkout.redirect.heading')} />
      <div className="mt-8">
        <ResultPanel
          tone="progress"
          title={t('checkout.redirect.opening')}
          message={t('checkout.redirect.text')}
        >
          <a href={redirect.href} className={primaryAction}>
            {t('checkout.redirect.open')}
          </a>
        </ResultPanel>
      </div>
    </div>
  );
}
