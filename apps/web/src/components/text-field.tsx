// A labelled input with its hint and its message, tied together for screen readers
// (aria-describedby, aria-invalid) once the message shows. Every form of the shop uses it.
// A message the server gave (a refused code) is announced as it appears (role="alert");
// a rule broken while typing is read with the field instead, so tabbing through stays quiet.
import type { InputHTMLAttributes, Ref } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string | undefined;
  /** Lines that explain the error, e.g. why a code was refused. */
  errorDetails?: readonly string[] | undefined;
  /** Announce the error as it appears: for answers from the server, not for typing. */
  announceError?: boolean | undefined;
  hint?: string;
  /**
   * Wrong, though its message is not its own: one message shown for a group of fields (a
   * trip's two dates), which the group places itself.
   */
  invalid?: boolean | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A control's box, red while its value is wrong: for inputs and selects alike. */
export function fieldControlClass(invalid: boolean): string {
  return `mt-1 block h-11 w-full rounded-lg border bg-white px-3 text-slate-900 ${
    invalid ? 'border-red-700' : 'border-slate-400 hover:border-slate-500'
  }`;
}

export function TextField(props: TextFieldProps) {
  const {
    id,
    label,
    error,
    errorDetails,
    announceError,
    hint,
    invalid,
    className,
    'aria-describedby': also,
    ...input
  } = props;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [also, hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={`scroll-my-4 ${className ?? ''}`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`${fieldControlClass(Boolean(error || invalid))} placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600`}
        {...input}
      />
      {error ? (
        <FieldError id={errorId} details={errorDetails ?? []} announce={announceError === true}>
          {error}
        </FieldError>
      ) : null}
    </div>
  );
}

/** A field's message; also a group's, shown once under the fields it speaks of. */
export function FieldError(props: {
  id: string;
  children: string;
  details?: readonly string[];
  announce?: boolean;
}) {
  const details = props.details ?? [];
  return (
    <div
      id={props.id}
      role={props.announce === true ? 'alert' : undefined}
      className="mt-1 text-sm text-red-800"
    >
      <p className="flex items-center gap-1">
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          width="16"
          height="16"
          fill="currentColor"
          className="shrink-0"
        >
          <path d="M10 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16Zm0 11a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4Zm0-8a1 1 0 0 0-1 1v5a1 1 0 1 0 2 0V6a1 1 0 0 0-1-1Z" />
        </svg>
        <span className={details.length > 0 ? 'font-semibold' : undefined}>{props.children}</span>
      </p>
      {details.map((detail) => (
        <p key={detail} className="mt-0.5">
          {detail}
        </p>
      ))}
    </div>
  );
}
