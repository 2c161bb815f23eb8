// A labelled input with its hint and its message, tied together for screen readers
// (aria-describedby, aria-invalid) once the message shows. Every form of the shop uses it.
import type { InputHTMLAttributes, Ref } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField(props: TextFieldProps) {
  const { id, label, error, hint, className, 'aria-describedby': also, ...input } = props;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [also, hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
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
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`mt-1 block h-11 w-full rounded-lg border bg-white px-3 text-slate-900 placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 ${
          error ? 'border-red-700' : 'border-slate-400 hover:border-slate-500'
        }`}
        {...input}
      />
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

function FieldError({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="mt-1 flex items-center gap-1 text-sm text-red-800">
      <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" fill="currentColor">
        <path d="M10 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16Zm0 11a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4Zm0-8a1 1 0 0 0-1 1v5a1 1 0 1 0 2 0V6a1 1 0 0 0-1-1Z" />
      </svg>
      {children}
    </p>
  );
}
