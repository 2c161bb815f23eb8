// The full-screen spinner shown while the shell's loading flag is on.
import { useIsLoading } from '../lib/loading-store';

export function LoadingOverlay() {
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
      <span className="sr-only">Loading…</span>
    </div>
  );
}
