/**
 * The signed-in person in the navigation bar: a disclosure button with their name that
 * shows My Account and Logout. Escape or leaving the menu closes it; Escape returns
 * focus to the button. The menu hangs from the button's end edge: under its right edge in a
 * left-to-right page, and in Arabic (the bar mirrored, the button at the far left) from its
 * left edge, opening to the right, inside the screen.
 */
import { paths } from '@tern/contract/routes';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { LogoutButton } from '../../../components/logout-button';
import { PersonIcon } from '../../../components/person-icon';
import { useT } from '../../../lib/i18n';

export function AccountMenu({ name }: { name: string }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const t = useT();

  useEffect(() => {
    if (!open) return;
    const inside = (target: EventTarget | null) =>
      target instanceof Node && containerRef.current?.contains(target) === true;
    const closeWhenOutside = (event: Event) => {
      if (!inside(event.target)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      if (inside(document.activeElement)) buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeWhenOutside);
    document.addEventListener('focusin', closeWhenOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeWhenOutside);
      document.removeEventListener('focusin', closeWhenOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((isOpen) => !isOpen)}
        className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        <PersonIcon />
        <span>{name || t('auth.menu.myAccount')}</span>
        <span className="sr-only">{t('auth.menu.label')}</span>
        <ChevronIcon />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute end-0 z-30 mt-2 w-48 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        <ul>
          <li>
            <NavLink
              to={paths.profile}
              onClick={() => setOpen(false)}
              className="block px-4 py-2 text-sm text-slate-800 hover:bg-slate-100"
            >
              {t('auth.menu.myAccount')}
            </NavLink>
          </li>
          <li>
            <LogoutButton
              onDone={() => setOpen(false)}
              className="block w-full px-4 py-2 text-start text-sm text-slate-800 hover:bg-slate-100"
            >
              {t('auth.menu.logout')}
            </LogoutButton>
          </li>
        </ul>
      </div>
    </div>
  );
}

function ChevronIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="14" height="14" fill="currentColor">
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
    </svg>
  );
}
