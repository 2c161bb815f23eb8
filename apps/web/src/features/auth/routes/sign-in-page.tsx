/**
 * Sign-in and registration with an e-mailed one-time code (spec sections 2, 4, 5, 8).
 * Someone who opens it while signed in goes to the profile before it shows (see the route's
 * loader in app/router.tsx).
 */
import { accountMessages, codeRefusals, paths, type SignupRequest } from '@tern/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { OneTimeCodeStep } from '../../../components/one-time-code-step';
import { type Problem, ProblemAlert } from '../../../components/problem-alert';
import { SignInDetailsForm } from '../../../components/sign-in-details-form';
import { ApiError } from '../../../lib/api-client';
import { withLoading } from '../../../lib/loading-store';
import { usePageMeta } from '../../../lib/page-meta';
import { session } from '../../../lib/session-store';
import { brandName } from '../../../lib/shop-settings';
import { useSignup, useValidateOtp } from '../../../lib/sign-in-api';
import { CountryCodeField } from '../components/country-code-field';
import { checkSignIn, initialSignInValues, signupStatusText } from '../utils/sign-in-form';

export function SignInPage() {
  usePageMeta(
    'Sign In',
    `Sign in to ${brandName} or create an account with a code sent to your e-mail.`,
  );
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        Sign In to {brandName} eSIM
      </h1>
      <SignInSteps />
    </div>
  );
}

/** A code sent, and what to send with it when the person enters it. */
interface SentCode {
  request: SignupRequest;
  status: string;
  /** Counts codes sent and refused ones, so the code step starts afresh each time. */
  round: number;
  /** The person asked for another code. */
  resent: boolean;
}

/** Refusals of sign-up the person can act on; other failures stay silent (spec section 8). */
const toldSignupStatuses = new Set([400, 429, 503]);
const codeRefusalTexts: ReadonlySet<string> = new Set(Object.values(codeRefusals));

const signInLabels = {
  email: 'Email address',
  name: 'Full name',
  mobile: 'Mobile number',
  submit: 'Send sign-in code',
};

function SignInSteps() {
  const navigate = useNavigate();
  const signup = useSignup();
  const validateOtp = useValidateOtp();
  const [values, setValues] = useState(initialSignInValues);
  const [sent, setSent] = useState<SentCode>();
  const [problem, setProblem] = useState<Problem>();
  const emailRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  // Where focus goes once the details form is enabled again.
  const [refocus, setRefocus] = useState<'email' | 'submit'>();

  useEffect(() => {
    if (refocus === 'email') emailRef.current?.focus();
    if (refocus === 'submit') submitRef.current?.focus();
  }, [refocus]);

  async function sendCode(request: SignupRequest, resend = false) {
    setProblem(undefined);
    setRefocus(undefined);
    try {
      const answer = await withLoading(() => signup.mutateAsync(request));
      setSent((previous) => ({
        request,
        status: signupStatusText(answer.message),
        round: (previous?.round ?? 0) + 1,
        resent: resend,
      }));
    } catch (error) {
      if (error instanceof ApiError && toldSignupStatuses.has(error.status)) {
        setProblem({
          title: error.message,
          details: [...new Set(error.fieldErrors.map((field) => field.message))],
        });
      }
    }
  }

  async function verify(code: string) {
    if (!sent) return;
    setProblem(undefined);
    try {
      const answer = await withLoading(() =>
        validateOtp.mutateAsync({ ...sent.request, cli_number: code }),
      );
      session.signIn({
        token: answer.token,
        email: answer.data.cli_email,
        name: answer.data.cli_name,
        mobile: answer.data.cli_mobile,
      });
      const next = session.pendingPlan() ? paths.planConfirmation : paths.plan;
      void navigate(next, { replace: true });
    } catch (error) {
      // A refused code leaves the visitor signed out with the stored login data cleared (spec
      // section 4); a plan they chose before signing in is kept, so a typo does not lose it.
      session.signOut({ keepPendingPlan: true });
      const reason =
        error instanceof ApiError && codeRefusalTexts.has(error.message)
          ? error.message
          : undefined;
      setProblem({ title: accountMessages.otpFailed, details: reason ? [reason] : [] });
      if (reason === codeRefusals.wrong) {
        // The code still works for a few more tries: let them type it again.
        setSent({ ...sent, round: sent.round + 1, resent: false });
      } else {
        backToDetails('submit');
      }
    }
  }

  function backToDetails(focus: 'email' | 'submit') {
    setSent(undefined);
    setRefocus(focus);
  }

  return (
    <>
      <p className="mt-3 text-lg text-slate-700">
        Enter your details and we will e-mail you a 6-digit code. New here? The same code creates
        your account.
      </p>
      {problem ? <ProblemAlert problem={problem} /> : null}
      <SignInDetailsForm
        values={values}
        onValuesChange={setValues}
        check={checkSignIn(values)}
        locked={sent !== undefined}
        onSubmit={(request) => void sendCode(request)}
        title="Your details"
        labels={signInLabels}
        mobilePrefix={
          <CountryCodeField
            values={values}
            onValuesChange={setValues}
            disabled={sent !== undefined}
          />
        }
        submitOnlyWhenValid
        emailRef={emailRef}
        submitRef={submitRef}
      />
      {sent ? (
        <OneTimeCodeStep
          key={sent.round}
          status={sent.status}
          email={sent.request.cli_email}
          resent={sent.resent}
          onVerify={(code) => void verify(code)}
          onResend={() => void sendCode(sent.request, true)}
          onChangeDetails={() => {
            setProblem(undefined);
            backToDetails('email');
          }}
          changeDetailsLabel="Use a different e-mail"
        />
      ) : null}
    </>
  );
}
