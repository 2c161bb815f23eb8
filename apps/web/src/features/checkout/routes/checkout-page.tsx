/**
 * Legacy checkout (spec "Checkout (legacy)", sections 5 and 8): the order summary, then the
 * buyer's e-mail, name and mobile confirmed with an e-mailed one-time code, then their
 * profile details and "Proceed to payment", which opens the gateway's page as the plan
 * confirmation does. A signed-in buyer goes straight to the details. The sign-up status line
 * and a refused code are said in the sign-in's words (the `auth` catalogue), so both pages
 * say them alike; the e-mail and mobile stay left to right in Arabic.
 */
import { accountMessages, type SignupMessage } from '@tern/contract/account-texts';
import type { Plan } from '@tern/contract/catalog';
import type { CreateSessionResponse } from '@tern/contract/orders';
import { paths } from '@tern/contract/routes';
import type { SignupRequest } from '@tern/contract/sign-up';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { OneTimeCodeStep } from '../../../components/one-time-code-step';
import type { Problem } from '../../../components/problem-alert';
import { SignInDetailsForm } from '../../../components/sign-in-details-form';
import { ApiError } from '../../../lib/api-client';
import { completeSignIn } from '../../../lib/complete-sign-in';
import { type Translate, useLanguage, useT } from '../../../lib/i18n';
import { withLoading } from '../../../lib/loading-store';
import { codeRefusalDetails } from '../../../lib/one-time-code';
import { usePageMeta } from '../../../lib/page-meta';
import { type Client, session, useSession } from '../../../lib/session-store';
import { signup, validateOtp } from '../../../lib/sign-in-api';
import { type SignupRefusal, signupRefusal } from '../../../lib/sign-in-details';
import { toast } from '../../../lib/toast-store';
import type { MessageId } from '../../../locales/en';
import { createPaymentSession } from '../api/create-payment-session';
import { startLegacyCheckout } from '../api/start-legacy-checkout';
import { CheckoutHeader } from '../components/checkout-header';
import { NoPlanNotice } from '../components/no-plan-notice';
import { OrderSummaryTable } from '../components/order-summary-table';
import { PaymentWarning } from '../components/payment-warning';
import { primaryAction, secondaryAction } from '../components/result-panel';
import { useBeginPayment } from '../hooks/use-begin-payment';
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

interface SentCode {
  request: SignupRequest;
  /** The sign-up answer; its status line is said in the language on screen. */
  message: SignupMessage;
  /** Counts codes sent and refused ones, so the code step starts afresh each time. */
  round: number;
  /** The buyer asked for another code. */
  resent: boolean;
  /** The last code was refused: the server's reasons, beside 'Error validating OTP'. */
  refusalDetails?: readonly string[];
}

/** Why sending a code failed: by the fields, by the Send code button, or by Send a new code. */
interface SendFailure extends SignupRefusal {
  at: 'details' | 'code';
}

/** The status line above the code field for each sign-up answer, as sign-in words it. */
const signupStatusIds: Record<SignupMessage, MessageId> = {
  [accountMessages.verifyUser]: 'auth.status.verifyUser',
  [accountMessages.alreadyRegistered]: 'auth.status.alreadyRegistered',
  [accountMessages.codeSentToNewUser]: 'auth.status.codeSentToNewUser',
};

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
  const [sent, setSent] = useState<SentCode>();
  const [failure, setFailure] = useState<SendFailure>();

  async function sendCode(request: SignupRequest, resend = false) {
    setFailure(undefined);
    try {
      const answer = await withLoading(() => signup(request));
      setSent((previous) => ({
        request,
        message: answer.message,
        round: (previous?.round ?? 0) + 1,
        resent: resend,
      }));
    } catch (error) {
      const at = resend ? 'code' : 'details';
      setFailure(
        error instanceof ApiError
          ? { at, ...signupRefusal(error, !resend) }
          : {
              at,
              fields: {},
              problem: { title: t('checkout.payment.gatewayUnavailable'), details: [] },
            },
      );
    }
  }

  async function verify(code: string) {
    if (!sent) return;
    setFailure(undefined);
    try {
      const answer = await withLoading(() => validateOtp({ ...sent.request, cli_number: code }));
      completeSignIn(answer, sent.request);
    } catch (error) {
      // Spec sections 4 and 8: a refused code clears local storage and signs out. The plan
      // stays on this page (and in the page's memory, as on sign-in), so the buyer can try
      // again without choosing it again.
      session.signOutAfterRefusedCode();
      setSent({
        ...sent,
        round: sent.round + 1,
        resent: false,
        refusalDetails: codeRefusalDetails(error),
      });
    }
  }

  function changeValues(next: CheckoutValues) {
    setValues(next);
    if (failure && Object.keys(failure.fields).length > 0) setFailure(undefined);
  }

  const detailsFailure = failure?.at === 'details' ? failure : undefined;
  const refusal: Problem | undefined = sent?.refusalDetails && {
    title: t('auth.code.refused'),
    details: sent.refusalDetails,
  };
  return (
    <>
      <SignInDetailsForm
        values={values}
        onValuesChange={changeValues}
        check={checkCheckout(values, t)}
        locked={sent !== undefined}
        onSubmit={(request) => void sendCode(request)}
        serverErrors={detailsFailure?.fields}
        problem={detailsFailure?.problem}
        title={t('checkout.details.title')}
        intro={t('checkout.details.intro')}
        labels={checkoutLabels(t)}
        mobileHint={t('checkout.details.mobileHint', {
          example: leftToRight(MOBILE_EXAMPLE, language === 'ar'),
        })}
      />
      {sent ? (
        <OneTimeCodeStep
          key={sent.round}
          status={t(signupStatusIds[sent.message])}
          email={sent.request.cli_email}
          resent={sent.resent}
          refusal={refusal}
          problem={failure?.at === 'code' ? failure.problem : undefined}
          onVerify={(code) => void verify(code)}
          onResend={() => void sendCode(sent.request, true)}
          onChangeDetails={() => {
            setFailure(undefined);
            setSent(undefined);
          }}
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

  function open(): Promise<CreateSessionResponse> {
    // The legacy call has no top-up field: a top-up goes through create-session.
    if (purchase.type === 'Topup') {
      return createPaymentSession({
        pur_pla_name: plan.pla_name,
        pur_client_name: client.name,
        pur_client_email: client.email,
        pur_type: 'Topup',
        pur_client_iccid: purchase.iccid,
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
      <button
        type="button"
        disabled={busy}
        onClick={() => void proceed()}
        className={`mt-6 w-full sm:w-auto ${primaryAction} disabled:cursor-not-allowed disabled:opacity-70`}
      >
        {t('checkout.details.proceed')}
      </button>
    </section>
  );
}
