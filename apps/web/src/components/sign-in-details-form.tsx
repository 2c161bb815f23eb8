/**
 * The e-mail, name and mobile form of sign-in and of the legacy checkout. Messages show once a
 * field is left; sending a form with a broken field shows every message and takes the person
 * to the first. The server's refusals show where they belong: a field's by its field (focused),
 * the rest above the button they pressed. Once a code is sent the whole form is fixed until
 * the person goes back. Each caller brings its own rules (the check), words and extras. The
 * e-mail and mobile stay left to right in Arabic.
 */
import { type ReactNode, type Ref, useEffect, useId, useState } from 'react';
import { revealField } from '../lib/reveal';
import {
  firstInvalidField,
  type SignInCheck,
  type SignInDetails,
  type SignInErrors,
  type SignInField,
  shownErrors,
  type TouchedFields,
} from '../lib/sign-in-details';
import { type Problem, ProblemAlert } from './problem-alert';
import { TextField } from './text-field';

export interface SignInDetailsLabels {
  email: string;
  name: string;
  mobile: string;
  submit: string;
}

export interface SignInDetailsFormProps<Values extends SignInDetails, Request> {
  values: Values;
  onValuesChange: (values: Values) => void;
  /** The caller's verdict on `values`. */
  check: SignInCheck<Request>;
  /** A code is on its way: the details are fixed until the person goes back. */
  locked: boolean;
  /** The server's messages for fields, from the last send; the caller clears them on change. */
  serverErrors?: SignInErrors | undefined;
  /** Why the last send failed, when it is no field's fault: shown above the button. */
  problem?: Problem | undefined;
  onSubmit: (request: Request) => void;
  /** The form's name; with `intro` it shows as a heading in a card (the legacy checkout). */
  title: string;
  intro?: string;
  labels: SignInDetailsLabels;
  mobileHint?: string;
  /** Shown beside the mobile field: sign-in's country-code list. */
  mobilePrefix?: ReactNode;
  /** Sign-in keeps the button disabled until the form is valid (spec section 5). */
  submitOnlyWhenValid?: boolean;
  emailRef?: Ref<HTMLInputElement>;
  submitRef?: Ref<HTMLButtonElement>;
}

export function SignInDetailsForm<Values extends SignInDetails, Request>(
  props: SignInDetailsFormProps<Values, Request>,
) {
  const { values, onValuesChange, check, labels, intro } = props;
  const id = useId();
  const [touched, setTouched] = useState<TouchedFields>({});
  // A new object per request, so asking for the same field twice moves focus twice.
  const [focusRequest, setFocusRequest] = useState<{ field: SignInField }>();
  const typingErrors = shownErrors(check.errors, touched);
  const serverErrors = props.serverErrors ?? {};
  const errorOf = (field: SignInField) => typingErrors[field] ?? serverErrors[field];
  const announced = (field: SignInField) => !typingErrors[field] && !!serverErrors[field];
  const touch = (field: SignInField) => setTouched((fields) => ({ ...fields, [field]: true }));
  const set = (field: SignInField, value: string) => onValuesChange({ ...values, [field]: value });
  const fieldId = (field: SignInField) => `${id}-${field}`;

  // After the render that shows the messages, so the field scrolls into view with its own.
  useEffect(() => {
    if (focusRequest) revealField(document.getElementById(`${id}-${focusRequest.field}`));
  }, [focusRequest, id]);

  useEffect(() => {
    const field = props.serverErrors && firstInvalidField(props.serverErrors);
    if (field) revealField(document.getElementById(`${id}-${field}`));
  }, [props.serverErrors, id]);

  const mobileField = (
    <TextField
      id={fieldId('mobile')}
      label={labels.mobile}
      {...(props.mobileHint ? { hint: props.mobileHint } : {})}
      type="tel"
      dir="ltr"
      autoComplete="tel"
      inputMode="tel"
      value={values.mobile}
      onChange={(event) => set('mobile', event.target.value)}
      onBlur={() => touch('mobile')}
      error={errorOf('mobile')}
      announceError={announced('mobile')}
    />
  );

  return (
    <form
      noValidate
      {...(intro ? { 'aria-labelledby': `${id}-heading` } : { 'aria-label': props.title })}
      className={
        intro ? 'mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6' : 'mt-8'
      }
      onSubmit={(event) => {
        event.preventDefault();
        if (check.request) {
          props.onSubmit(check.request);
          return;
        }
        setTouched({ email: true, name: true, mobile: true });
        const field = firstInvalidField(check.errors);
        if (field) setFocusRequest({ field });
      }}
    >
      {intro ? (
        <>
          <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
            {props.title}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{intro}</p>
        </>
      ) : null}
      <fieldset disabled={props.locked} className={intro ? 'mt-5 space-y-5' : 'space-y-5'}>
        <TextField
          ref={props.emailRef}
          id={fieldId('email')}
          label={labels.email}
          type="email"
          dir="ltr"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          value={values.email}
          onChange={(event) => set('email', event.target.value)}
          onBlur={() => touch('email')}
          error={errorOf('email')}
          announceError={announced('email')}
        />
        <TextField
          id={fieldId('name')}
          label={labels.name}
          autoComplete="name"
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          onBlur={() => touch('name')}
          error={errorOf('name')}
          announceError={announced('name')}
        />
        {props.mobilePrefix ? (
          <div className="grid gap-x-3 gap-y-5 sm:grid-cols-[14rem_minmax(0,1fr)]">
            {props.mobilePrefix}
            {mobileField}
          </div>
        ) : (
          mobileField
        )}
        {props.problem ? <ProblemAlert problem={props.problem} className="" /> : null}
        <button
          ref={props.submitRef}
          type="submit"
          disabled={props.submitOnlyWhenValid ? !check.request : undefined}
          className="h-11 w-full rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700"
        >
          {labels.submit}
        </button>
      </fieldset>
    </form>
  );
}
