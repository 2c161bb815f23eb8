// The spec's advice before paying: a rejected or slow payment may still go through.
import { useT } from '../../../lib/i18n';

export function PaymentWarning() {
  const t = useT();
  return (
    <aside
      aria-label={t('checkout.warning.label')}
      className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="22"
        height="22"
        className="mt-0.5 shrink-0 text-amber-700"
        fill="currentColor"
      >
        <path d="M12 2 1 21h22L12 2Zm1 15h-2v2h2v-2Zm0-7h-2v5h2v-5Z" />
      </svg>
      <p>{t('checkout.warning.text')}</p>
    </aside>
  );
}
