// The contact form's outcome: a success note or a failure alert, each with a Dismiss button.
import type { Ref } from 'react';

export interface ContactAlertProps {
  kind: 'success' | 'failure';
  message: string;
  dismissLabel: string;
  onDismiss: () => void;
  ref?: Ref<HTMLDivElement>;
}

const looks = {
  success: 'border-green-700 bg-green-50 text-green-900',
  failure: 'border-red-700 bg-red-50 text-red-900',
} as const;

export function ContactAlert({ kind, message, dismissLabel, onDismiss, ref }: ContactAlertProps) {
  return (
    <div
      ref={ref}
      // Focus comes here after sending, so the outcome is read and the keyboard has a place.
      tabIndex={-1}
      role={kind === 'success' ? 'status' : 'alert'}
      className={`mt-8 flex scroll-my-4 items-start gap-3 rounded-lg border-l-4 p-4 outline-none focus-visible:outline-3 ${looks[kind]}`}
    >
      <p className="flex-1">{message}</p>
      <button
        type="button"
        onClick={onDismiss}
        className="shrink-0 rounded-md px-2 py-1 text-sm font-semibold underline underline-offset-2 hover:bg-white/60"
      >
        {dismissLabel}
      </button>
    </div>
  );
}
