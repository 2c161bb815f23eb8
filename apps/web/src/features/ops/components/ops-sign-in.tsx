/**
 * The console's own sign-in: an e-mailed code plus the authenticator's (issue 30). At the first
 * sign-in the server hands out a key to enrol; the same e-mailed code is then sent again with
 * the app's first 6 digits, and the recovery codes are shown once before the console opens.
 */

import { useMutation } from '@tanstack/react-query';
import type { OpsSession } from '@tern/contract/ops';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ProblemAlert } from '../../../components/problem-alert';
import { TextField } from '../../../components/text-field';
import { opsApi } from '../api/ops-api';
import { useOpsT } from '../hooks/use-ops-t';
import { useProblem } from '../hooks/use-problem';
import { operatorSession } from '../ops-session';
import { primaryButton, secondaryButton } from './ops-styles';

type Step =
  | { name: 'email' }
  | { name: 'code'; email: string; enrolment?: { secret: string; otpauthUrl: string } }
  | { name: 'recovery'; session: OpsSession; codes: string[] };

export function OpsSignIn() {
  const t = useOpsT();
  const [step, setStep] = useState<Step>({ name: 'email' });
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Each step is announced by moving the focus to its heading.
  useEffect(() => headingRef.current?.focus(), [step.name]);

  const title =
    step.name === 'recovery'
      ? t('recoveryTitle')
      : step.name === 'code' && step.enrolment
        ? t('enrolTitle')
        : t('signIn');
  return (
    <section className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
        {title}
      </h2>
      {step.name === 'email' ? (
        <EmailStep onSent={(email) => setStep({ name: 'code', email })} />
      ) : step.name === 'code' ? (
        <CodeStep
          email={step.email}
          enrolment={step.enrolment}
          onEnrol={(enrolment) => setStep({ ...step, enrolment })}
          onSignedIn={(session) =>
            session.recoveryCodes?.length
              ? setStep({ name: 'recovery', session, codes: session.recoveryCodes })
              : operatorSession.start(session)
          }
          onOtherEmail={() => setStep({ name: 'email' })}
        />
      ) : (
        <RecoveryStep codes={step.codes} onDone={() => operatorSession.start(step.session)} />
      )}
    </section>
  );
}

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const t = useOpsT();
  const id = useId();
  const [email, setEmail] = useState('');
  const send = useMutation({ mutationFn: opsApi.requestCode, onSuccess: () => onSent(email) });
  const sendProblem = useProblem(send.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(email.trim());
  };
  return (
    <form onSubmit={submit} className="mt-4 space-y-4" noValidate={false}>
      <p className="text-sm text-slate-700">{t('signInIntro')}</p>
      <TextField
        id={`${id}-email`}
        label={t('email')}
        type="email"
        dir="ltr"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {sendProblem ? <ProblemAlert problem={sendProblem} /> : null}
      <button type="submit" className={primaryButton} disabled={send.isPending}>
        {t('sendCode')}
      </button>
    </form>
  );
}

function CodeStep(props: {
  email: string;
  enrolment: { secret: string; otpauthUrl: string } | undefined;
  onEnrol: (enrolment: { secret: string; otpauthUrl: string }) => void;
  onSignedIn: (session: OpsSession) => void;
  onOtherEmail: () => void;
}) {
  const t = useOpsT();
  const id = useId();
  const [code, setCode] = useState('');
  const [totp, setTotp] = useState('');
  const verify = useMutation({
    mutationFn: opsApi.verify,
    onSuccess: (answer) => {
      if ('totpSetup' in answer) props.onEnrol(answer.totpSetup);
      else props.onSignedIn(answer);
    },
  });
  const verifyProblem = useProblem(verify.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const second = totp.trim();
    verify.mutate({ email: props.email, code: code.trim(), ...(second ? { totp: second } : {}) });
  };
  return (
    <form onSubmit={submit} className="mt-4 space-y-4">
      {props.enrolment ? (
        <div className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm">
          <p>{t('enrolIntro')}</p>
          <p>
            {t('enrolKey')}:{' '}
            <code dir="ltr" className="break-all font-mono" data-testid="totp-secret">
              {props.enrolment.secret}
            </code>
          </p>
          <a className="font-medium text-brand-800 underline" href={props.enrolment.otpauthUrl}>
            {t('enrolLink')}
          </a>
        </div>
      ) : null}
      <p className="text-sm text-slate-700" dir="ltr">
        {props.email}
      </p>
      <TextField
        id={`${id}-code`}
        label={t('code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        dir="ltr"
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <TextField
        id={`${id}-totp`}
        label={t('totp')}
        dir="ltr"
        autoComplete="off"
        required={props.enrolment !== undefined}
        value={totp}
        onChange={(event) => setTotp(event.target.value)}
      />
      {verifyProblem ? <ProblemAlert problem={verifyProblem} /> : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButton} disabled={verify.isPending}>
          {t('verify')}
        </button>
        <button type="button" className={secondaryButton} onClick={props.onOtherEmail}>
          {t('otherEmail')}
        </button>
      </div>
    </form>
  );
}

function RecoveryStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useOpsT();
  return (
    <div className="mt-4 space-y-4">
      <p className="text-sm text-slate-700">{t('recoveryIntro')}</p>
      <ul dir="ltr" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <button type="button" className={primaryButton} onClick={onDone}>
        {t('recoveryDone')}
      </button>
    </div>
  );
}
