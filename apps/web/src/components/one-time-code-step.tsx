/**
 * The step after the details, in sign-in and the legacy checkout: the status of the sign-up
 * answer, the 6-digit code field (numeric keyboard, filled from the e-mail by browsers that
 * offer it) and Verify. It takes focus when it appears, and again each time it is shown afresh.
 * A refused code is told by the field itself ('Error validating OTP' and why), announced, and
 * brought into view with the focus: on a phone the person is looking at the code, not the top
 * of the page. A new code that could not be sent is told by 'Send a new code'. The code and
 * the e-mail address stay left to right in Arabic.
 */
import { ONE_TIME_CODE_LENGTH } from '@tern/contract/account-texts';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useT } from '../lib/i18n';
import { isCompleteCode, normaliseCode } from '../lib/one-time-code';
import { revealField } from '../lib/reveal';
import { type Problem, ProblemAlert } from './problem-alert';
import { TextField } from './text-field';

export interface OneTimeCodeStepProps {
  /** The status line for the sign-up answer, e.g. 'Email already registered. Validate OTP'. */
  status: string;
  email: string;
  /** A new code replaced the first one. */
  resent?: boolean;
  /** Why the last code was refused; the step is shown afresh (a new `key`) with it. */
  refusal?: Problem | undefined;
  /** Why a new code could not be sent. */
  problem?: Problem | undefined;
  onVerify: (code: string) => void;
  onResend: () => void;
  onChangeDetails: () => void;
  /** 'Use a different e-mail' on sign-in, 'Change my details' in the legacy checkout. */
  changeDetailsLabel: string;
}

const linkButton = 'font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900';

export function OneTimeCodeStep(props: OneTimeCodeStepProps) {
  const id = useId();
  const t = useT();
  const intl = useIntl();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  // The refusal speaks of the code that was typed; a new one being typed makes it old news.
  const [typedSinceRefusal, setTypedSinceRefusal] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const complete = isCompleteCode(code);
  const hasRefusal = props.refusal !== undefined;
  const refusal = typedSinceRefusal ? undefined : props.refusal;

  useEffect(() => {
    if (hasRefusal) revealField(codeRef.current);
    else codeRef.current?.focus();
  }, [hasRefusal]);

  // Only a part-typed code breaks the rule; an empty field after a refusal is a fresh start.
  const partTyped = touched && code !== '' && !complete;
  const error = partTyped ? t('common.oneTimeCode.invalid') : refusal?.title;

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-8 rounded-xl border border-brand-100 bg-brand-50 p-5 sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {t('common.oneTimeCode.heading')}
      </h2>
      <p id={`${id}-status`} role="status" className="mt-1 font-medium text-brand-900">
        {props.status}
      </p>
      <p className="mt-2 text-sm text-slate-700">
        {intl.formatMessage(
          { id: props.resent ? 'common.oneTimeCode.sentNew' : 'common.oneTimeCode.sent' },
          {
            length: ONE_TIME_CODE_LENGTH,
            email: (
              <strong dir="ltr" className="break-words">
                {props.email}
              </strong>
            ),
          },
        )}
      </p>
      <form
        noValidate
        aria-labelledby={`${id}-heading`}
        className="mt-4 flex flex-wrap items-start gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (complete) props.onVerify(code);
          else setTouched(true);
        }}
      >
        <TextField
          ref={codeRef}
          id={`${id}-code`}
          label={t('common.oneTimeCode.label', { length: ONE_TIME_CODE_LENGTH })}
          className="min-w-48 flex-1 sm:max-w-sm"
          inputMode="numeric"
          dir="ltr"
          autoComplete="one-time-code"
          spellCheck={false}
          value={code}
          onChange={(event) => {
            setCode(normaliseCode(event.target.value));
            setTypedSinceRefusal(true);
          }}
          onBlur={() => setTouched(true)}
          aria-describedby={`${id}-status`}
          error={error}
          errorDetails={partTyped ? undefined : refusal?.details}
          announceError={!partTyped && refusal !== undefined}
        />
        <button
          type="submit"
          disabled={!complete}
          className="mt-6 h-11 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700"
        >
          {t('common.oneTimeCode.verify')}
        </button>
      </form>
      <div className="mt-5 border-t border-brand-100 pt-4 text-sm">
        {props.problem ? <ProblemAlert problem={props.problem} className="mb-4" /> : null}
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <button type="button" onClick={props.onResend} className={linkButton}>
            {t('common.oneTimeCode.resend')}
          </button>
          <button type="button" onClick={props.onChangeDetails} className={linkButton}>
            {props.changeDetailsLabel}
          </button>
        </div>
      </div>
    </section>
  );
}
