/**
 * The outcome of a payment step, told in one place on the page: an icon, a heading and what
 * to do next. Its heading is announced when it changes (a live region), so people using a
 * screen reader hear the payment settle without moving focus.
 */
import { type ReactNode, useId } from 'react';

export type ResultTone = 'progress' | 'success' | 'error' | 'warning';

const tones: Record<ResultTone, { box: string; icon: string }> = {
  progress: { box: 'border-brand-100 bg-brand-50', icon: 'text-brand-700' },
  success: { box: 'border-green-200 bg-green-50', icon: 'text-green-700' },
  error: { box: 'border-red-200 bg-red-50', icon: 'text-red-700' },
  warning: { box: 'border-amber-300 bg-amber-50', icon: 'text-amber-700' },
};

export interface ResultPanelProps {
  tone: ResultTone;
  title: string;
  message: string;
  children?: ReactNode;
}

export function ResultPanel({ tone, title, message, children }: ResultPanelProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={`rounded-2xl border p-6 sm:p-8 ${tones[tone].box}`}
    >
      <div className="flex items-start gap-4">
        <span className={`mt-1 shrink-0 ${tones[tone].icon}`}>
          <ResultIcon tone={tone} />
        </span>
        <div className="min-w-0" role={tone === 'error' ? 'alert' : 'status'}>
          <h2 id={titleId} className="text-xl font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-2 text-slate-800">{message}</p>
        </div>
      </div>
      {children ? <div className="mt-6 flex flex-wrap gap-3 sm:ps-12">{children}</div> : null}
    </section>
  );
}

function ResultIcon({ tone }: { tone: ResultTone }) {
  if (tone === 'progress') {
    return (
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="28"
        height="28"
        className="animate-spin motion-reduce:animate-none"
        fill="none"
      >
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path
          d="M21 12a9 9 0 0 0-9-9"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
    );
  }
  const paths: Record<Exclude<ResultTone, 'progress'>, string> = {
    success:
      'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.5 14.2L6.3 12l1.4-1.4 2.8 2.8 5.8-5.8 1.4 1.4-7.2 7.2Z',
    error: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-2h2v2Zm0-4h-2V7h2v6Z',
    warning: 'M12 2 1 21h22L12 2Zm1 15h-2v2h2v-2Zm0-7h-2v5h2v-5Z',
  };
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28" fill="currentColor">
      <path d={paths[tone]} />
    </svg>
  );
}

/** Button-like link classes for the actions under a result. */
export const primaryAction =
  'inline-flex h-11 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800';
export const secondaryAction =
  'inline-flex h-11 items-center justify-center rounded-lg border border-slate-400 bg-white px-5 font-semibold text-slate-900 hover:bg-slate-50';
