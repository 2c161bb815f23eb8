/**
 * The contact form (spec sections 2, 4, 5, 8): e-mail and message, Send Message disabled
 * until both are valid. Sending shows the spinner; success resets the form, and each
 * outcome shows a dismissible alert, brought into view with the focus: on a phone the
 * person pressed Send at the bottom of the form, the alert is above it. A field the server
 * refused shows its message by the field, which takes the focus instead. Every word is the
 * help content's, in the language on screen (English: the spec's).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { withLoading } from '../../../lib/loading-store';
import { reveal, revealField } from '../../../lib/reveal';
import { useSendSupportMessage } from '../api/send-support-message';
import type { ContactFormTexts } from '../content/page-texts';
import { ContactAlert } from './contact-alert';
import {
  type ContactErrors,
  type ContactField,
  type ContactValues,
  checkContact,
  contactFieldErrors,
  firstContactError,
} from './contact-form-state';

export interface ContactFormProps {
  /** The signed-in client's address, filled in for them; empty for a visitor. */
  clientEmail: string;
  texts: ContactFormTexts;
  /**
   * The direction of the texts' language. The form is isolated in it, so a sentence's
   * closing "!" or "." stays at its end even when the page around reads the other way.
   */
  direction: 'ltr' | 'rtl';
}

/** How the last send ended; a new object each time, so each outcome is brought to view. */
type Outcome = { kind: 'sent' } | { kind: 'failed'; fields: ContactErrors } | undefined;

export function ContactForm({ clientEmail, texts, direction }: ContactFormProps) {
  const id = useId();
  const blank: ContactValues = { email: clientEmail, body: '' };
  const [values, setValues] = useState(blank);
  const [touched, setTouched] = useState<Partial<Record<ContactField, boolean>>>({});
  const [outcome, setOutcome] = useState<Outcome>();
  // Fields changed since the outcome: the server's message was about what they said before.
  const [editedSinceOutcome, setEditedSinceOutcome] = useState<ReadonlySet<ContactField>>(
    new Set(),
  );
  const send = useSendSupportMessage();
  const alertRef = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const check = checkContact(values, texts);
  const serverError = (field: ContactField) =>
    outcome?.kind === 'failed' && !editedSinceOutcome.has(field)
      ? outcome.fields[field]
      : undefined;
  const typingError = (field: ContactField) => (touched[field] ? check.errors[field] : undefined);
  const shown = (field: ContactField) => typingError(field) ?? serverError(field);
  const announced = (field: ContactField) => !typingError(field) && !!serverError(field);

  // After sending, the button is disabled (the form was reset) or the send failed: the
  // outcome takes the focus, or the first field the server refused.
  useEffect(() => {
    if (!outcome) return;
    const field = outcome.kind === 'failed' ? firstContactError(outcome.fields) : undefined;
    if (field) revealField(document.getElementById(`${id}-${field}`));
    else reveal(alertRef.current);
  }, [outcome, id]);

  async function submit() {
    const request = check.request;
    if (!request) {
      setTouched({ email: true, body: true });
      return;
    }
    setOutcome(undefined);
    setEditedSinceOutcome(new Set());
    try {
      await withLoading(() => send.mutateAsync(request));
      setValues(blank);
      setTouched({});
      setOutcome({ kind: 'sent' });
    } catch (error) {
      const fields = error instanceof ApiError ? contactFieldErrors(error.fieldErrors) : {};
      setOutcome({ kind: 'failed', fields });
    }
  }

  function change(field: ContactField, value: string) {
    setValues({ ...values, [field]: value });
    if (!editedSinceOutcome.has(field)) {
      setEditedSinceOutcome(new Set([...editedSinceOutcome, field]));
    }
  }

  function dismiss() {
    setOutcome(undefined);
    emailRef.current?.focus();
  }

  const emailError = shown('email');
  const bodyError = shown('body');
  return (
    <div dir={direction}>
      {outcome ? (
        <ContactAlert
          ref={alertRef}
          kind={outcome.kind === 'sent' ? 'success' : 'failure'}
          message={outcome.kind === 'sent' ? texts.sent : texts.failed}
          dismissLabel={texts.dismiss}
          onDismiss={dismiss}
        />
      ) : null}
      <form
        noValidate
        aria-label={texts.name}
        className="mt-8 space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div>
          <label htmlFor={`${id}-email`} className="block font-medium text-slate-900">
            {texts.emailLabel}
          </label>
          <input
            ref={emailRef}
            id={`${id}-email`}
            type="email"
            // An address reads left to right in every language, as on the sign-in form.
            dir="ltr"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            placeholder={clientEmail || texts.emailPlaceholder}
            value={values.email}
            onChange={(event) => change('email', event.target.value)}
            onBlur={() => setTouched({ ...touched, email: true })}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            className={`mt-2 block h-11 w-full rounded-lg border px-3 text-slate-900 placeholder:text-slate-500 ${
              emailError ? 'border-red-700' : 'border-slate-400 hover:border-slate-500'
            }`}
          />
          {emailError ? (
            <FieldMessage id={`${id}-email-error`} announce={announced('email')}>
              {emailError}
            </FieldMessage>
          ) : null}
        </div>
        <div>
          <label htmlFor={`${id}-body`} className="block font-medium text-slate-900">
            {texts.messageLabel}
          </label>
          <textarea
            id={`${id}-body`}
            rows={6}
            placeholder={texts.messagePlaceholder}
            value={values.body}
            onChange={(event) => change('body', event.target.value)}
            onBlur={() => setTouched({ ...touched, body: true })}
            aria-invalid={bodyError ? true : undefined}
            aria-describedby={bodyError ? `${id}-body-error` : undefined}
            className={`mt-2 block w-full resize-y rounded-lg border px-3 py-2 text-slate-900 placeholder:text-slate-500 ${
              bodyError ? 'border-red-700' : 'border-slate-400 hover:border-slate-500'
            }`}
          />
          {bodyError ? (
            <FieldMessage id={`${id}-body-error`} announce={announced('body')}>
              {bodyError}
            </FieldMessage>
          ) : null}
        </div>
        <button
          type="submit"
          disabled={!check.request}
          className="h-11 w-full rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700 sm:w-auto"
        >
          {texts.send}
        </button>
      </form>
    </div>
  );
}

/** A field's message; the server's is announced as it appears, a typing one is not. */
function FieldMessage(props: { id: string; children: string; announce: boolean }) {
  const { id, children, announce } = props;
  return (
    <p id={id} role={announce ? 'alert' : undefined} className="mt-1 text-sm text-red-800">
      {children}
    </p>
  );
}
