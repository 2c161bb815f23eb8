// The full-screen spinner shown while the shell's loading flag is on.
import { useT } from '../lib/i18n';
import { useIsLoading } from '../lib/loading-store';

export function LoadingOverlay() {
  const t = useT();
  if (!useIsLoading()) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60"
    >
      <div className="ball-scale-multiple" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <span className="sr-only">{t('shell.loading.text')}</span>
    </div>
  );
}
