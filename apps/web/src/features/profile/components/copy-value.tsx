// A value to type into the phone by hand (SM-DP+ address, activation code), with a Copy button.
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast-store';

export function CopyValue(props: { label: string; value: string }) {
  const t = useT();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      toast.success(t('profile.copy.done'));
    } catch {
      toast.error(t('profile.copy.failed'));
    }
  };
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{props.label}</dt>
      <dd className="mt-0.5 flex items-start justify-between gap-3">
        <span dir="ltr" className="min-w-0 break-all font-mono text-sm text-slate-900">
          {props.value}
        </span>
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={t('profile.copy.label', { label: props.label })}
          className="shrink-0 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100"
        >
          {t('profile.copy.button')}
        </button>
      </dd>
    </div>
  );
}
