/**
 * Legacy checkout (spec "Checkout (legacy)", sections 5 and 8): the order summary, then the
 * buyer's e-mail, name and mobile confirmed with an e-mailed one-time code, then their
 * profile details and "Proceed to payment", which opens the gateway's page as the plan
 * confirmation does. A signed-in buyer goes straight to the details. The sign-up status line
 * and a refused code are said in the sign-in's words (the `auth` catalogue), so both pages
 * say them alike; the e-mail and mobile stay left to right in Arabic.
 */

import type { Plan } from '@tern/contract/catalog';
import type { CreateSessionResponse } from '@tern/contract/orders';
import { paths } from '@tern/contract/routes';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { OneTimeCodeStep } from '../../../components/one-time-code-step';
import { SignInDetailsForm } from '../../../components/sign-in-details-form';
import { ApiError } from '../../../lib/api-client';
import { type Translate, useLanguage, useT } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { type Client, session, useSession } from '../../../lib/session-store';
import { signupRefusal } from '../../../lib/sign-in-details';
import { toast } from '../../../lib/toast-store';
import { useSignInSteps } from '../../../lib/use-sign-in-steps';
import { createPaymentSession } from '../api/create-payment-session';
import { startLegacyCheckout } from '../api/start-legacy-checkout';
import { CheckoutHeader } from '../components/checkout-header';
import { NoPlanNotice } from '../components/no-plan-notice';
import { OrderSummaryTable } from '../components/order-summary-table';
import { PaymentWarning } from '../components/payment-warning';
import { primaryAction, secondaryAction } from '../components/result-panel';
import { useBeginPayment } from '../hooks/use-begin-payment';
import { HomeCountryHoldCheck, useHomeCountryHold } from '../hooks/use-home-country-hold';
import { useOnce } from '../hooks/use-once';
import { type CheckoutValues, checkCheckout } from '../utils/checkout-form';
import { type Purchase, readStoredPlan } from '../utils/stored-plan';

export function CheckoutPage() {
  const t = useT();
  usePageMeta(t('checkout.legacy.title'), t('checkout.legacy.description'));
  const { client } = useSession();
  const [stored] = useState(() => readStoredPlan(session.pendingPlan()));

  useOnce(() => {
    if (stored.kind === 'none') toast.error(t('checkout.noPlan.selected'));
  });

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <CheckoutHeader title={t('checkout.legacy.title')}>
        {t('checkout.legacy.intro')}
      </CheckoutHeader>
      {stored.kind !== 'ready' ? (
        <NoPlanNotice />
      ) : (
        <>
          <div className="mt-8 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <OrderSummaryTable plan={stored.plan} />
          </div>
          {client ? (
            <ProfileDetails client={client} plan={stored.plan} purchase={stored.purchase} />
          ) : (
            <ConfirmBuyer />
          )}
          <div className="mt-6">
            <PaymentWarning />
          </div>
          <Link to={stored.planPage ?? paths.plan} className={`mt-8 ${secondaryAction}`}>
            {t('checkout.backToPlans')}
          </Link>
        </>
      )}
    </div>
  );
}

/** The example under the mobile field; a phone number reads left to right in Arabic too. */
const MOBILE_EXAMPLE = '+961 71 123 456';

function leftToRight(text: string, rtl: boolean): string {
  return rtl ? `\u2066${text}\u2069` : text;
}

/** The legacy form's own words (spec "Checkout (legacy)"), shorter than sign-in's. */
function checkoutLabels(t: Translate) {
  return {
    email: t('checkout.details.email'),
    name: t('checkout.details.name'),
    mobile: t('checkout.details.mobile'),
    submit: t('checkout.details.sendCode'),
  };
}

/**
 * The form, then the code: a valid code signs the buyer in, and the details show. Problems
 * show where the buyer acted, as on the sign-in page.
 */
function ConfirmBuyer() {
  const t = useT();
  const { language } = useLanguage();
  const [values, setValues] = useState<CheckoutValues>({ email: '', name: '', mobile: '' });
  const steps = useSignInSteps({
    // Every failure is told here: a refusal where it belongs, anything else by the button.
    sendRefusal: (error, onDetailsForm) =>
      error instanceof ApiError
        ? signupRefusal(error, onDetailsForm)
        : { fields: {}, problem: { title: t('checkout.payment.gatewayUnavailable'), details: [] } },
  });

  function changeValues(next: CheckoutValues) {
    setValues(next);
    steps.forgetFieldRefusals();
  }

  return (
    <>
      <SignInDetailsForm
        values={values}
        onValuesChange={changeValues}
        check={checkCheckout(values, t)}
        {...steps.detailsForm}
        title={t('checkout.details.title')}
        intro={t('checkout.details.intro')}
        labels={checkoutLabels(t)}
        mobileHint={t('checkout.details.mobileHint', {
          example: leftToRight(MOBILE_EXAMPLE, language === 'ar'),
        })}
      />
      {steps.codeStep ? (
        <OneTimeCodeStep
          key={steps.codeStep.round}
          {...steps.codeStep.props}
          changeDetailsLabel={t('checkout.details.change')}
        />
      ) : null}
    </>
  );
}

/** The signed-in buyer's details and the way to pay. */
function ProfileDetails(props: { client: Client; plan: Plan; purchase: Purchase }) {
  const { client, plan, purchase } = props;
  const t = useT();
  const beginPayment = useBeginPayment();
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  // Issue 31: a plan for the buyer's own country waits for their confirmation.
  const homeHold = useHomeCountryHold(client.mobile, plan);
  const { forHome, held } = homeHold;
  const heldHintId = homeHold.hintId;

  function open(): Promise<CreateSessionResponse> {
    // The legacy call has no top-up field, nor a home-country confirmation: those go
    // through create-session.
    if (purchase.type === 'Topup' || forHome) {
      return createPaymentSession({
        pur_pla_name: plan.pla_name,
        pur_client_name: client.name,
        pur_client_email: client.email,
        pur_type: purchase.type,
        ...(purchase.type === 'Topup' ? { pur_client_iccid: purchase.iccid } : {}),
        ...homeHold.request,
      });
    }
    return startLegacyCheckout({
      pla_name: plan.pla_name,
      cli_email: client.email,
      cli_name: client.name,
      ...(client.mobile ? { cli_mobile: client.mobile } : {}),
    });
  }

  async function proceed() {
    if (held) return;
    setBusy(true);
    try {
      await beginPayment(open);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('checkout.details.title')}
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-600">{t('checkout.details.name')}</dt>
        <dd className="break-words text-slate-900">{client.name || '—'}</dd>
        <dt className="font-medium text-slate-600">{t('checkout.details.email')}</dt>
        <dd className="break-words text-slate-900">
          <bdi dir="ltr">{client.email}</bdi>
        </dd>
        <dt className="font-medium text-slate-600">{t('checkout.details.mobile')}</dt>
        <dd className="break-words text-slate-900">
          {client.mobile ? <bdi dir="ltr">{client.mobile}</bdi> : '—'}
        </dd>
      </dl>
      <HomeCountryHoldCheck hold={homeHold} />
      <button
        type="button"
        disabled={busy || held}
        aria-describedby={held ? heldHintId : undefined}
        onClick={() => void proceed()}
        className={`mt-6 w-full sm:w-auto ${primaryAction} disabled:cursor-not-allowed disabled:opacity-70`}
      >
        {t('checkout.details.proceed')}
      </button>
      {held ? (
        <p id={heldHintId} className="mt-3 text-sm text-slate-700">
          {t('checkout.checks.home.required')}
        </p>
      ) : null}
    </section>
  );
}
