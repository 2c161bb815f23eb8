/**
 * Where toasts show: at the bottom of the screen, clear of the navigation bar (its Login or
 * account button and the phone's menu), 350 px wide on a wide screen and the screen's width
 * less its margins on a phone. While the footer is in view the stack rises above it, so its
 * links stay free too. Each toast is dismissible and leaves by itself after 3 seconds; an
 * error is announced at once (alert), anything else politely (status).
 */
import { type RefObject, useLayoutEffect, useRef } from 'react';
import { useT } from '../lib/i18n';
import { dismissToast, type ToastType, useToasts } from '../lib/toast-store';

const styles: Record<ToastType, string> = {
  success: 'border-green-700 bg-green-50 text-green-900',
  error: 'border-red-700 bg-red-50 text-red-900',
  info: 'border-sky-700 bg-sky-50 text-sky-900',
};

/** The gap between the stack and the screen's edge or the footer (Tailwind's 4). */
const MARGIN_PX = 16;

export function ToastArea() {
  const toasts = useToasts();
  const areaRef = useRef<HTMLElement>(null);
  const t = useT();
  useStackAboveFooter(areaRef, toasts.length > 0);
  return (
    <section
      ref={areaRef}
      aria-label={t('shell.toasts.label')}
      className="pointer-events-none fixed inset-x-4 bottom-4 z-40 flex flex-col gap-2 sm:start-auto sm:w-[350px]"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.type === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex items-start gap-3 rounded-md border-s-4 p-3 shadow-md ${styles[toast.type]}`}
        >
          <p className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">{toast.message}</p>
          <button
            type="button"
            onClick={() => dismissToast(toast.id)}
            aria-label={t('shell.toasts.dismiss')}
            className="rounded px-1 text-lg leading-none"
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}

/**
 * Lifts the stack to just above the footer while the footer shows, where the page's bottom
 * margin is. When that would reach up to the navigation bar (a footer filling the screen),
 * the stack stays at the bottom, over the footer's last line, the copyright.
 */
function useStackAboveFooter(areaRef: RefObject<HTMLElement | null>, showing: boolean) {
  useLayoutEffect(() => {
    const area = areaRef.current;
    const footer = document.getElementById('site-footer');
    if (!showing || !area || !footer) return;
    const header = document.getElementById('site-header');
    const place = () => {
      const viewport = window.innerHeight;
      const aboveFooter = Math.max(
        MARGIN_PX,
        viewport - footer.getBoundingClientRect().top + MARGIN_PX,
      );
      const headerEnds = Math.max(0, header?.getBoundingClientRect().bottom ?? 0);
      const fits = viewport - aboveFooter - area.offsetHeight >= headerEnds + MARGIN_PX;
      area.style.bottom = `${fits ? aboveFooter : MARGIN_PX}px`;
    };
    place();
    const resizes = new ResizeObserver(place);
    resizes.observe(area);
    resizes.observe(document.body);
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      resizes.disconnect();
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
      area.style.bottom = '';
    };
  }, [areaRef, showing]);
}
