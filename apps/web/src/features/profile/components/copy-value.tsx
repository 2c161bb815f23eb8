// A value to type into the phone by hand (SM-DP+ address, activation code), with a Copy button.
import { profileTexts } from '@tern/contract';
import { toast } from '../../../lib/toast-store';

export function CopyValue(props: { label: string; value: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      toast.success(profileTexts.copied);
    } catch {
      toast.error(profileTexts.copyFailed);
    }
  };
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{props.label}</dt>
      <dd className="mt-0.5 flex items-start justify-between gap-3">
        <span className="min-w-0 break-all font-mono text-sm text-slate-900">{props.value}</span>
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={`Copy ${props.label}`}
          className="shrink-0 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100"
        >
          Copy
        </button>
      </dd>
    </div>
  );
}
