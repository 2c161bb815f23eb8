// A labelled input with its hint and message, tied together for screen readers
// (aria-describedby, aria-invalid) once the message shows.
import type { InputHTMLAttributes, Ref } from 'react';

export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

export function FormField(props: FormFieldProps) {
  const { id, label, error, hint, className, ...input } = props;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`mt-1 block h-11 w-full rounded-lg border bg-white px-3 text-slate-900 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 ${
          error ? 'border-red-700' : 'border-slate-400 hover:border-slate-500'
        }`}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
