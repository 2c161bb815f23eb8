/**
 * Sign-in and registration with an e-mailed one-time code (spec sections 2, 4, 5, 8).
 * Someone who opens it while signed in goes to the profile before it shows (see `Decided`
 * in app/router.tsx). Every problem shows where the person acted: a refused code by
 * the code field, a field the server refused by that field, anything else by the button.
 */

import type { SignupMessage } from '@tern/contract/account-texts';
import { type Plan, planSchema } from '@tern/contract/catalog';
import { paths } from '@tern/contract/routes';
import type { SignupRequest } from '@tern/contract/sign-up';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { OneTimeCodeStep } from '../../../components/one-time-code-step';
import type { Problem } from '../../../components/problem-alert';
import { SignInDetailsForm } from '../../../components/sign-in-details-form';
import { ApiError } from '../../../lib/api-client';
import { completeSignIn } from '../../../lib/complete-sign-in';
import { useLanguage, useT } from '../../../lib/i18n';
import { withLoading } from '../../../lib/loading-store';
import { codeRefusalDetails } from '../../../lib/one-time-code';
import { describeOrder } from '../../../lib/order-description';
import { usePageMeta } from '../../../lib/page-meta';
import { session } from '../../../lib/session-store';
import { brandName } from '../../../lib/shop-settings';
import { useSignup, useValidateOtp } from '../../../lib/sign-in-api';
import { type SignupRefusal, signupRefusal } from '../../../lib/sign-in-details';
import { CountryCodeField } from '../components/country-code-field';
import {
  changedSignInValues,
  checkSignIn,
  initialSignInValues,
  signupStatusText,
} from '../utils/sign-in-form';

export function SignInPage() {
  const t = useT();
  usePageMeta(t('auth.page.title'), t('auth.page.description', { brand: brandName }));
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {t('auth.page.heading', { brand: brandName })}
      </h1>
      <SignInSteps />
    </div>
  );
}

/** A code sent, and what to send with it when the person enters it. */
interface SentCode {
  request: SignupRequest;
  /** The sign-up answer; its status line is said in the language on screen. */
  message: SignupMessage;
  /** Counts codes sent and refused ones, so the code step starts afresh each time. */
  round: number;
  /** The person asked for another code. */
  resent: boolean;
  /** The last code was refused: the server's reasons, beside 'Error validating OTP'. */
  refusalDetails?: readonly string[];
}

/** Why sending a code failed, and where it is shown. */
interface SendFailure extends SignupRefusal {
  /** On the details form, or on the code step (a new code asked for there). */
  at: 'details' | 'code';
}

/** Refusals of sign-up the person can act on; other failures stay silent (spec section 8). */
const toldSignupStatuses = new Set([400, 429, 503]);

function SignInSteps() {
  const t = useT();
  const navigate = useNavigate();
  const signup = useSignup();
  const validateOtp = useValidateOtp();
  const [values, setValues] = useState(initialSignInValues);
  const [sent, setSent] = useState<SentCode>();
  const [failure, setFailure] = useState<SendFailure>();
  const emailRef = useRef<HTMLInputElement>(null);
  // Focus goes to the e-mail once the details form is enabled again.
  const [refocusEmail, setRefocusEmail] = useState(false);

  useEffect(() => {
    if (refocusEmail) emailRef.current?.focus();
  }, [refocusEmail]);

  async function sendCode(request: SignupRequest, resend = false) {
    setFailure(undefined);
    setRefocusEmail(false);
    try {
      const answer = await withLoading(() => signup.mutateAsync(request));
      setSent((previous) => ({
        request,
        message: answer.message,
        round: (previous?.round ?? 0) + 1,
        resent: resend,
      }));
    } catch (error) {
      if (error instanceof ApiError && toldSignupStatuses.has(error.status)) {
        setFailure({ at: resend ? 'code' : 'details', ...signupRefusal(error, !resend) });
      }
    }
  }

  async function verify(code: string) {
    if (!sent) return;
    setFailure(undefined);
    try {
      const answer = await withLoading(() =>
        validateOtp.mutateAsync({ ...sent.request, cli_number: code }),
      );
      completeSignIn(answer, sent.request);
      const next = session.pendingPlan() ? paths.planConfirmation : paths.plan;
      void navigate(next, { replace: true });
    } catch (error) {
      // A refused code clears local storage and leaves the visitor signed out (spec sections 4
      // and 8), a plan chosen before included; the plan stays in the page's memory, so the
      // right code still goes to the order summary. The code step shows afresh, told why, so
      // they can type the code again or ask for a new one.
      session.signOutAfterRefusedCode();
      setSent({
        ...sent,
        round: sent.round + 1,
        resent: false,
        refusalDetails: codeRefusalDetails(error),
      });
    }
  }

  function changeValues(next: typeof values) {
    setValues(changedSignInValues(values, next));
    if (failure && Object.keys(failure.fields).length > 0) setFailure(undefined);
  }

  const detailsFailure = failure?.at === 'details' ? failure : undefined;
  const refusal: Problem | undefined = sent?.refusalDetails && {
    title: t('auth.code.refused'),
    details: sent.refusalDetails,
  };
  return (
    <>
      <p className="mt-3 text-lg text-slate-700">{t('auth.page.intro')}</p>
      <WaitingPlan />
      <SignInDetailsForm
        values={values}
        onValuesChange={changeValues}
        check={checkSignIn(values, t)}
        locked={sent !== undefined}
        onSubmit={(request) => void sendCode(request)}
        serverErrors={detailsFailure?.fields}
        problem={detailsFailure?.problem}
        title={t('auth.form.title')}
        labels={{
          email: t('auth.form.email'),
          name: t('auth.form.name'),
          mobile: t('auth.form.mobile'),
          submit: t('auth.form.submit'),
        }}
        mobilePrefix={
          <CountryCodeField
            values={values}
            onValuesChange={changeValues}
            disabled={sent !== undefined}
          />
        }
        submitOnlyWhenValid
        emailRef={emailRef}
      />
      {sent ? (
        <OneTimeCodeStep
          key={sent.round}
          status={signupStatusText(sent.message, t)}
          email={sent.request.cli_email}
          resent={sent.resent}
          refusal={refusal}
          problem={failure?.at === 'code' ? failure.problem : undefined}
          onVerify={(code) => void verify(code)}
          onResend={() => void sendCode(sent.request, true)}
          onChangeDetails={() => {
            setFailure(undefined);
            setSent(undefined);
            setRefocusEmail(true);
          }}
          changeDetailsLabel={t('auth.code.changeEmail')}
        />
      ) : null}
    </>
  );
}

/** The plan chosen before signing in, which the sign-in leads on to buy; read once. */
function waitingPlan(): Plan | undefined {
  return planSchema.safeParse(session.pendingPlan()?.plan).data;
}

/** Says what is being bought when a plan waits for the sign-in: 'France eSIM · 1 GB · 7 days'. */
function WaitingPlan() {
  const t = useT();
  const { language } = useLanguage();
  const [plan] = useState(waitingPlan);
  if (!plan) return null;
  return (
    <p className="mt-4 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-slate-900">
      {t('auth.page.buying', { plan: describeOrder(plan, { t, language }) })}
    </p>
  );
}
