/**
 * A load that failed: says so plainly and offers to try again (the spec only clears the
 * spinner; a visitor left with an empty page would not know what happened). A page-level
 * failure (the catalogue) comes boxed and adds what to do; a compact one sits inside a
 * table, card or dialog. The caller's message comes in the language on screen.
 */
import { useT } from '../lib/i18n';

export interface LoadErrorProps {
  message: string;
  onRetry: () => void;
  /** While the retry is under way the button waits and says so. */
  retrying?: boolean;
  compact?: boolean;
}

export function LoadError({ message, onRetry, retrying = false, compact = false }: LoadErrorProps) {
  const t = useT();
  return (
    <div
      role="alert"
      className={
        compact
          ? 'flex flex-col items-center gap-3 p-4 text-center'
          : 'flex flex-col items-center gap-4 rounded-xl border border-red-200 bg-red-50 px-6 py-8 text-center'
      }
    >
      <p className={compact ? 'text-sm font-medium text-red-900' : 'font-medium text-red-900'}>
        {compact ? message : t('common.loadError.checkConnection', { message })}
      </p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className={`rounded-full bg-red-800 text-sm font-semibold text-white hover:bg-red-900 disabled:opacity-70 ${compact ? 'px-4 py-1.5' : 'px-5 py-2'}`}
      >
        {retrying ? t('common.loadError.retrying') : t('common.loadError.retry')}
      </button>
    </div>
  );
}
