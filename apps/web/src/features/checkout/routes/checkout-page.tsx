/**
 * Legacy checkout (spec "Checkout (legacy)", sections 5 and 8): the order summary, then the
 * buyer's e-mail, name and mobile confirmed with an e-mailed one-time code, then their
 * profile details and "Proceed to payment", which opens the gateway's page as the plan
 * confirmation does. A signed-in buyer goes straight to the details.
 */
import {
  accountMessages,
  type CreateSessionResponse,
  orderMessages,
  type Plan,
  paths,
  type SignupRequest,
  signupStatusTexts,
} from '@tern/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { OneTimeCodeStep } from '../../../components/one-time-code-step';
import type { Problem } from '../../../components/problem-alert';
import { SignInDetailsForm } from '../../../components/sign-in-details-form';
import { ApiError } from '../../../lib/api-client';
import { completeSignIn } from '../../../lib/complete-sign-in';
import { withLoading } from '../../../lib/loading-store';
import { codeRefusalDetails } from '../../../lib/one-time-code';
import { usePageMeta } from '../../../lib/page-meta';
import { type Client, session, useSession } from '../../../lib/session-store';
import { signup, validateOtp } from '../../../lib/sign-in-api';
import { type SignupRefusal, signupRefusal } from '../../../lib/sign-in-details';
import { toast } from '../../../lib/toast-store';
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
  usePageMeta('Checkout', 'Confirm your details and pay securely for your eSIM.');
  const { client } = useSession();
  const [stored] = useState(() => readStoredPlan(session.pendingPlan()));

  useOnce(() => {
    if (stored.kind === 'none') toast.error(orderMessages.noPlanSelected);
  });

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <CheckoutHeader title="Checkout">
        Check your order, confirm your details, then pay.
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
            Back to Plans
          </Link>
        </>
      )}
    </div>
  );
}

interface SentCode {
  request: SignupRequest;
  status: string;
  /** Counts codes sent and refused ones, so the code step starts afresh each time. */
  round: number;
  /** The buyer asked for another code. */
  resent: boolean;
  /** Why the last code was refused. */
  refusal?: Problem;
}

/** Why sending a code failed: by the fields, by the Send code button, or by Send a new code. */
interface SendFailure extends SignupRefusal {
  at: 'details' | 'code';
}

// The legacy form's own words (spec "Checkout (legacy)"), shorter than sign-in's.
const checkoutLabels = { email: 'Email', name: 'Name', mobile: 'Mobile', submit: 'Send code' };

/**
 * The form, then the code: a valid code signs the buyer in, and the details show. Problems
 * show where the buyer acted, as on the sign-in page.
 */
function ConfirmBuyer() {
  const [values, setValues] = useState<CheckoutValues>({ email: '', name: '', mobile: '' });
  const [sent, setSent] = useState<SentCode>();
  const [failure, setFailure] = useState<SendFailure>();

  async function sendCode(request: SignupRequest, resend = false) {
    setFailure(undefined);
    try {
      const answer = await withLoading(() => signup(request));
      setSent((previous) => ({
        request,
        status: signupStatusTexts[answer.message],
        round: (previous?.round ?? 0) + 1,
        resent: resend,
      }));
    } catch (error) {
      const at = resend ? 'code' : 'details';
      setFailure(
        error instanceof ApiError
          ? { at, ...signupRefusal(error, !resend) }
          : { at, fields: {}, problem: { title: orderMessages.gatewayUnavailable, details: [] } },
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
      // stays on this page, so the buyer can try again without choosing it again.
      session.signOut();
      setSent({
        ...sent,
        round: sent.round + 1,
        resent: false,
        refusal: { title: accountMessages.otpFailed, details: codeRefusalDetails(error) },
      });
    }
  }

  function changeValues(next: CheckoutValues) {
    setValues(next);
    if (failure && Object.keys(failure.fields).length > 0) setFailure(undefined);
  }

  const detailsFailure = failure?.at === 'details' ? failure : undefined;
  return (
    <>
      <SignInDetailsForm
        values={values}
        onValuesChange={changeValues}
        check={checkCheckout(values)}
        locked={sent !== undefined}
        onSubmit={(request) => void sendCode(request)}
        serverErrors={detailsFailure?.fields}
        problem={detailsFailure?.problem}
        title="Your details"
        intro="We e-mail you a 6-digit code to confirm it is you. Your eSIM is sent to this address."
        labels={checkoutLabels}
        mobileHint="With your country code, for example +961 71 123 456"
      />
      {sent ? (
        <OneTimeCodeStep
          key={sent.round}
          status={sent.status}
          email={sent.request.cli_email}
          resent={sent.resent}
          refusal={sent.refusal}
          problem={failure?.at === 'code' ? failure.problem : undefined}
          onVerify={(code) => void verify(code)}
          onResend={() => void sendCode(sent.request, true)}
          onChangeDetails={() => {
            setFailure(undefined);
            setSent(undefined);
          }}
          changeDetailsLabel="Change my details"
        />
      ) : null}
    </>
  );
}

/** The signed-in buyer's details and the way to pay. */
function ProfileDetails(props: { client: Client; plan: Plan; purchase: Purchase }) {
  const { client, plan, purchase } = props;
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
        Your details
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-600">Name</dt>
        <dd className="break-words text-slate-900">{client.name || '—'}</dd>
        <dt className="font-medium text-slate-600">Email</dt>
        <dd className="break-words text-slate-900">{client.email}</dd>
        <dt className="font-medium text-slate-600">Mobile</dt>
        <dd className="break-words text-slate-900">{client.mobile || '—'}</dd>
      </dl>
      <button
        type="button"
        disabled={busy}
        onClick={() => void proceed()}
        className={`mt-6 w-full sm:w-auto ${primaryAction} disabled:cursor-not-allowed disabled:opacity-70`}
      >
        Proceed to payment
      </button>
    </section>
  );
}
