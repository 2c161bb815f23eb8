/**
 * The e-mailed-code sign-in as steps (spec sections 4, 5 and 8), shared by the sign-in page
 * and the legacy checkout: the details are sent, a code step follows, a valid code signs the
 * person in, a refused one shows the code step afresh with why, and a new code can be asked
 * for. Each page keeps its own form, words and what follows a sign-in.
 */
import { accountMessages, type SignupMessage } from '@tern/contract/account-texts';
import type { SignupRequest } from '@tern/contract/sign-up';
import { type RefObject, useEffect, useState } from 'react';
import type { MessageId } from '../locales/en';
import { completeSignIn } from './complete-sign-in';
import { type Translate, translate, useT } from './i18n';
import { withLoading } from './loading-store';
import { codeRefusalDetails } from './one-time-code';
import type { Problem } from './problem';
import { session } from './session-store';
import { useSignup, useValidateOtp } from './sign-in-api';
import type { SignupRefusal } from './sign-in-details';

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

export interface SignInStepsOptions {
  /**
   * What a failed sign-up shows, by the fields and the button of the form the person used
   * (`onDetailsForm`), or undefined to show nothing: each page tells its own failures.
   */
  sendRefusal: (error: unknown, onDetailsForm: boolean) => SignupRefusal | undefined;
  /** Runs once an accepted code has stored the session. */
  onSignedIn?: () => void;
  /** Given, the focus goes back to this field once the details form is open again. */
  emailRef?: RefObject<HTMLInputElement | null>;
}

/** What the code step shows and does (components/one-time-code-step), bar the page's words. */
export interface CodeStepProps {
  status: string;
  email: string;
  resent: boolean;
  refusal: Problem | undefined;
  problem: Problem | undefined;
  onVerify: (code: string) => void;
  onResend: () => void;
  onChangeDetails: () => void;
}

/** What the details form (components/sign-in-details-form) takes from the steps. */
export interface DetailsFormProps {
  /** A code is on its way: the details form is fixed. */
  locked: boolean;
  /** Sends a code for the details. */
  onSubmit: (request: SignupRequest) => void;
  /** Why the last send failed: by the fields, and by the button. */
  serverErrors: SignupRefusal['fields'] | undefined;
  problem: Problem | undefined;
}

export interface SignInSteps {
  detailsForm: DetailsFormProps;
  /** The person changed the details: the server's messages for fields are old news. */
  forgetFieldRefusals: () => void;
  /** The code step, once a code is sent; `round` is its key, new each time it starts afresh. */
  codeStep: { round: number; props: CodeStepProps } | undefined;
}

export function useSignInSteps(options: SignInStepsOptions): SignInSteps {
  const { sendRefusal, onSignedIn, emailRef } = options;
  const t = useT();
  const signup = useSignup();
  const validateOtp = useValidateOtp();
  const [sent, setSent] = useState<SentCode>();
  const [failure, setFailure] = useState<SendFailure>();
  // Focus goes to the e-mail once the details form is enabled again.
  const [refocusEmail, setRefocusEmail] = useState(false);

  useEffect(() => {
    if (refocusEmail) emailRef?.current?.focus();
  }, [refocusEmail, emailRef]);

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
      const refusal = sendRefusal(error, !resend);
      if (refusal) setFailure({ at: resend ? 'code' : 'details', ...refusal });
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
      onSignedIn?.();
    } catch (error) {
      // A refused code clears local storage and leaves the visitor signed out (spec sections 4
      // and 8), a plan chosen before included; the plan stays in the page's memory, so the
      // right code still goes on to the order. The code step shows afresh, told why, so they
      // can type the code again or ask for a new one.
      session.signOutAfterRefusedCode();
      setSent({
        ...sent,
        round: sent.round + 1,
        resent: false,
        refusalDetails: codeRefusalDetails(error),
      });
    }
  }

  function backToDetails() {
    setFailure(undefined);
    setSent(undefined);
    setRefocusEmail(true);
  }

  const detailsFailure = failure?.at === 'details' ? failure : undefined;
  return {
    detailsForm: {
      locked: sent !== undefined,
      onSubmit: (request) => void sendCode(request),
      serverErrors: detailsFailure?.fields,
      problem: detailsFailure?.problem,
    },
    forgetFieldRefusals: () => {
      if (failure && Object.keys(failure.fields).length > 0) setFailure(undefined);
    },
    codeStep: sent && {
      round: sent.round,
      props: {
        status: signupStatusText(sent.message, t),
        email: sent.request.cli_email,
        resent: sent.resent,
        refusal: refusedCode(sent, t),
        problem: failure?.at === 'code' ? failure.problem : undefined,
        onVerify: (code) => void verify(code),
        onResend: () => void sendCode(sent.request, true),
        onChangeDetails: backToDetails,
      },
    },
  };
}

/** 'Error validating OTP' and the server's reasons, once a code was refused. */
function refusedCode(sent: SentCode, t: Translate): Problem | undefined {
  return sent.refusalDetails && { title: t('auth.code.refused'), details: sent.refusalDetails };
}

const signupStatusIds: Record<SignupMessage, MessageId> = {
  [accountMessages.verifyUser]: 'auth.status.verifyUser',
  [accountMessages.alreadyRegistered]: 'auth.status.alreadyRegistered',
  [accountMessages.codeSentToNewUser]: 'auth.status.codeSentToNewUser',
};

/**
 * The status line above the code field for each sign-up answer (spec section 4). The answer
 * is one of three fixed words of the API; the line is the shop's, in the language on screen,
 * in the sign-in's words on both pages.
 */
export function signupStatusText(message: SignupMessage, t: Translate = translate): string {
  return t(signupStatusIds[message]);
}
