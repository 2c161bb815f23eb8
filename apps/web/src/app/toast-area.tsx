// Where toasts show: top right, 350 px wide, each dismissible and gone after 3 seconds.
import { dismissToast, type ToastType, useToasts } from '../lib/toast-store';

const styles: Record<ToastType, string> = {
  success: 'border-green-700 bg-green-50 text-green-900',
  error: 'border-red-700 bg-red-50 text-red-900',
  info: 'border-sky-700 bg-sky-50 text-sky-900',
};

export function ToastArea() {
  const toasts = useToasts();
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed right-4 top-4 z-40 flex w-[350px] max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.type === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex items-start gap-3 rounded-md border-l-4 p-3 shadow-md ${styles[toast.type]}`}
        >
          <p className="flex-1 text-sm">{toast.message}</p>
          <button
            type="button"
            onClick={() => dismissToast(toast.id)}
            aria-label="Dismiss notification"
            className="rounded px-1 text-lg leading-none"
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
