// The one-time code step of the legacy checkout: the sign-up status, the 6-digit code, Verify.
import { ONE_TIME_CODE_LENGTH } from '@tern/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { TextField } from '../../../lib/text-field';

const codePattern = new RegExp(`^\\d{${ONE_TIME_CODE_LENGTH}}$`);

export function CodeEntry(props: {
  status: string;
  email: string;
  onVerify: (code: string) => void;
  onBack: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  const complete = codePattern.test(code);

  useEffect(() => {
    ref.current?.focus();
  }, []);

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-6 rounded-2xl border border-brand-100 bg-brand-50 p-5 sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Enter your code
      </h2>
      <p role="status" className="mt-1 font-medium text-brand-900">
        {props.status}
      </p>
      <p className="mt-2 text-sm text-slate-700">
        We e-mailed a {ONE_TIME_CODE_LENGTH}-digit code to{' '}
        <strong className="break-words">{props.email}</strong>.
      </p>
      <form
        noValidate
        aria-labelledby={`${id}-heading`}
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (complete) props.onVerify(code);
        }}
      >
        <TextField
          ref={ref}
          id={`${id}-code`}
          label={`${ONE_TIME_CODE_LENGTH}-digit code`}
          className="w-48"
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          value={code}
          onChange={(event) =>
            setCode(event.target.value.replace(/\D/g, '').slice(0, ONE_TIME_CODE_LENGTH))
          }
        />
        <button
          type="submit"
          disabled={!complete}
          className="h-11 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700"
        >
          Verify
        </button>
      </form>
      <button
        type="button"
        onClick={props.onBack}
        className="mt-4 text-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        Change my details
      </button>
    </section>
  );
}
