/**
 * The shop's modal dialog (spec section 9), on the native <dialog> element: showModal()
 * brings the backdrop, keeps Tab inside and makes the page behind inert. On top of that:
 * focus goes to the first tabbable element and back to the opener on close; Escape, a
 * backdrop click and any navigation close it; the content scrolls past 65vh; it enters in
 * 150 ms and leaves in 75 ms, without animation for visitors who ask for reduced motion.
 */
import {
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'react-router';
import { useT } from '../lib/i18n';
import { prefersReducedMotion } from '../lib/motion';

export interface DialogProps {
  open: boolean;
  /** Called when the visitor asks to close (Escape, backdrop, close button, navigation). */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Action buttons, shown below the scrolling content. */
  footer?: ReactNode;
  /** Preferred width; the spec caps every dialog at 80vw. */
  width?: 'sm' | 'md' | 'lg';
}

/** The footer's one main action (Pay, Turn on), waiting or not yet possible while disabled. */
const primaryButtonClass =
  'rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60';

/** The footer's quiet button (Close), beside the one main action. */
export const secondaryButtonClass =
  'rounded-full border border-slate-300 px-5 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50';

/**
 * A form dialog's footer: Cancel, then the one main action, which names the reason it was
 * refused (aria-describedby) while that reason shows.
 */
export function DialogActions({
  cancelLabel,
  onCancel,
  onAction,
  disabled,
  describedBy,
  children,
}: {
  cancelLabel: string;
  onCancel: () => void;
  onAction: () => void;
  disabled: boolean;
  describedBy: string | undefined;
  /** The main action's words. */
  children: ReactNode;
}) {
  return (
    <>
      <button type="button" onClick={onCancel} className={secondaryButtonClass}>
        {cancelLabel}
      </button>
      <button
        type="button"
        onClick={onAction}
        disabled={disabled}
        aria-describedby={describedBy}
        className={primaryButtonClass}
      >
        {children}
      </button>
    </>
  );
}

const widths = { sm: 'w-[26rem]', md: 'w-[32rem]', lg: 'w-[44rem]' } as const;
const ENTER_MS = 150;
const EXIT_MS = 75;
const tabbable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Dialog({ open, onClose, title, children, footer, width = 'md' }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const exiting = useRef<Animation | undefined>(undefined);
  const pressStartedOnBackdrop = useRef(false);
  const titleId = useId();
  const scrollable = useIsScrollable(bodyRef, open);
  const t = useT();

  // Event handlers below read the latest props without re-running the effects.
  const latest = useRef({ open, onClose });
  latest.current = { open, onClose };

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open) {
      exiting.current?.cancel();
      exiting.current = undefined;
      if (dialog.open) return;
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      focusFirstTabbable(dialog);
      animateIn(dialog);
    } else if (dialog.open && !exiting.current) {
      const finish = () => {
        exiting.current = undefined;
        if (latest.current.open) return; // reopened while leaving
        dialog.close();
        opener.current?.focus();
      };
      const animation = animateOut(dialog);
      if (!animation) return finish();
      exiting.current = animation;
      animation.finished.then(finish, () => {});
    }
  }, [open]);

  // Closes on navigation (spec section 9): another page while open asks to close. The same
  // address again is not leaving: it only reloads the page's data, and the router commits it
  // when that arrives, so a dialog opened meanwhile would close under the visitor's hand.
  const { pathname, search } = useLocation();
  const place = pathname + search;
  const seenPlace = useRef(place);
  useEffect(() => {
    if (open && seenPlace.current !== place) latest.current.onClose();
    seenPlace.current = place;
  }, [open, place]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is the keyboard way to close; this handles backdrop clicks only.
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: play the exit animation instead of vanishing at once.
        event.preventDefault();
        latest.current.onClose();
      }}
      onClose={() => {
        // The browser may close it by itself (a second Escape); keep the owner in step.
        if (!latest.current.open) return;
        latest.current.onClose();
        opener.current?.focus();
      }}
      onPointerDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // The dialog box is filled by its content, so a click on the element itself is on
        // the backdrop. A press that started inside (selecting text) does not count.
        if (event.target === event.currentTarget && pressStartedOnBackdrop.current) {
          latest.current.onClose();
        }
      }}
      className={`${widths[width]} m-auto max-w-[80vw] overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60`}
    >
      <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
        <header className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold leading-snug">
            {title}
          </h2>
          <button
            type="button"
            aria-label={t('common.dialog.close')}
            onClick={() => latest.current.onClose()}
            className="-me-2 -mt-1 rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none">
              <path
                d="M6 6l12 12M18 6 6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </header>
        <div
          ref={bodyRef}
          // A scrolling area must be reachable by keyboard when nothing inside can take focus.
          tabIndex={scrollable ? 0 : undefined}
          className="max-h-[65vh] min-h-0 overflow-y-auto px-5 py-4"
        >
          {children}
        </div>
        {footer ? (
          <footer className="flex flex-wrap justify-end gap-3 border-t border-slate-200 px-5 py-4">
            {footer}
          </footer>
        ) : null}
      </div>
    </dialog>
  );
}

function focusFirstTabbable(dialog: HTMLDialogElement): void {
  const first = [...dialog.querySelectorAll<HTMLElement>(tabbable)].find(
    (element) => element.getClientRects().length > 0,
  );
  first?.focus();
}

function animateIn(dialog: HTMLDialogElement): void {
  if (prefersReducedMotion()) return;
  const timing = { duration: ENTER_MS, easing: 'cubic-bezier(0, 0, 0.2, 1)' };
  dialog.animate(
    [
      { opacity: 0, transform: 'translateY(8px) scale(0.97)' },
      { opacity: 1, transform: 'none' },
    ],
    timing,
  );
  dialog.animate([{ opacity: 0 }, { opacity: 1 }], { ...timing, pseudoElement: '::backdrop' });
}

function animateOut(dialog: HTMLDialogElement): Animation | undefined {
  if (prefersReducedMotion()) return undefined;
  const timing = { duration: EXIT_MS, easing: 'cubic-bezier(0.4, 0, 1, 1)' };
  dialog.animate([{ opacity: 1 }, { opacity: 0 }], { ...timing, pseudoElement: '::backdrop' });
  return dialog.animate(
    [
      { opacity: 1, transform: 'none' },
      { opacity: 0, transform: 'scale(0.97)' },
    ],
    timing,
  );
}

/** Whether the element's content is taller than the element, kept current as both change. */
function useIsScrollable(ref: RefObject<HTMLElement | null>, active: boolean): boolean {
  const [scrollable, setScrollable] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || !active) return;
    const measure = () => setScrollable(element.scrollHeight > element.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    const mutations = new MutationObserver(measure);
    mutations.observe(element, { childList: true, subtree: true });
    measure();
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [ref, active]);
  return scrollable;
}
