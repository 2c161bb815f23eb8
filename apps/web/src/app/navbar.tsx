/**
 * The navigation bar: brand, the four main links, the language, and sign-in or the signed-in person.
 * On a wide screen they stand in one row. On a phone the row holds the brand and a Menu
 * button, a disclosure that opens the links and the account below it, so the bar stays one
 * line high and the page starts near the top. The menu closes on navigation and on Escape.
 */
import { hrefTo, paths } from '@tern/contract/routes';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { LanguageSwitcher } from '../components/language-switcher';
import { LogoutButton } from '../components/logout-button';
import { PersonIcon } from '../components/person-icon';
import { AccountMenu } from '../features/auth/components/account-menu';
import { useT } from '../lib/i18n';
import { useSession } from '../lib/session-store';
import { brandName } from '../lib/shop-settings';

const mainLinks = [
  { to: paths.plan, label: 'shell.nav.plans' },
  { to: paths.faq, label: 'shell.nav.faq' },
  { to: paths.userGuide, label: 'shell.nav.guide' },
  { to: paths.contactUs, label: 'shell.nav.contact' },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'
  }`;

const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-3 text-base font-medium ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-100'
  }`;

const loginClass =
  'rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800';

export function Navbar() {
  const { client } = useSession();
  const menu = usePhoneMenu();
  const t = useT();
  return (
    <header id="site-header" className="border-b border-slate-200 bg-white">
      <nav
        aria-label={t('shell.nav.label')}
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 px-4 py-2 md:py-3"
      >
        <a
          href={hrefTo(paths.home)}
          className="me-4 flex min-w-0 items-center gap-2 text-lg font-bold text-brand-800"
        >
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span className="truncate">{brandName}</span>
        </a>
        <ul className="hidden items-center gap-1 md:flex">
          {mainLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={linkClass}>
                {t(link.label)}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="ms-auto hidden items-center gap-3 md:flex">
          <LanguageSwitcher />
          {client ? (
            <AccountMenu name={client.name} />
          ) : (
            <NavLink to={paths.signIn} className={loginClass}>
              {t('shell.nav.login')}
            </NavLink>
          )}
        </div>
        <button
          ref={menu.buttonRef}
          type="button"
          aria-expanded={menu.open}
          aria-controls={menu.panelId}
          onClick={menu.toggle}
          className="ms-auto flex min-h-11 items-center gap-2 rounded-md px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100 md:hidden"
        >
          <MenuIcon open={menu.open} />
          {t('shell.nav.menu')}
        </button>
        <div id={menu.panelId} hidden={!menu.open} className="basis-full pb-2 pt-1 md:hidden">
          <ul className="border-t border-slate-200 pt-2">
            {mainLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} onClick={menu.close} className={menuLinkClass}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-2 border-t border-slate-200 px-3 pt-3">
            <LanguageSwitcher />
          </div>
          <PhoneAccount signedInAs={client?.name} onDone={menu.close} />
        </div>
      </nav>
    </header>
  );
}

/** The account in the phone's menu: Login, or the person's My Account link and Logout. */
function PhoneAccount({ signedInAs, onDone }: { signedInAs?: string; onDone: () => void }) {
  const t = useT();
  if (signedInAs === undefined) {
    return (
      <div className="mt-2 border-t border-slate-200 pt-3">
        <NavLink to={paths.signIn} onClick={onDone} className={`block text-center ${loginClass}`}>
          {t('shell.nav.login')}
        </NavLink>
      </div>
    );
  }
  return (
    <ul className="mt-2 border-t border-slate-200 pt-2">
      <li>
        <NavLink to={paths.profile} onClick={onDone} className={menuLinkClass}>
          <span className="flex items-center gap-2">
            <PersonIcon />
            {t('shell.nav.myAccount')}
          </span>
          {signedInAs && (
            <span className="block ps-7 text-sm font-normal text-slate-600">{signedInAs}</span>
          )}
        </NavLink>
      </li>
      <li>
        <LogoutButton
          onDone={onDone}
          className="block w-full rounded-md px-3 py-3 text-start text-base font-medium text-slate-800 hover:bg-slate-100"
        >
          {t('shell.nav.logout')}
        </LogoutButton>
      </li>
    </ul>
  );
}

/** The phone menu's disclosure state: it closes on any navigation and on Escape. */
function usePhoneMenu() {
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const location = useLocation();

  // Every navigation closes the menu; a hash typed in the address bar keeps the same key.
  useEffect(() => setOpen(false), [location]);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      // Focus in the menu would vanish with it; focus elsewhere on the page stays put.
      const focused = document.activeElement;
      const panel = document.getElementById(panelId);
      if (!focused || focused === document.body || panel?.contains(focused)) {
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open, panelId]);

  return {
    panelId,
    buttonRef,
    open,
    toggle: () => setOpen((isOpen) => !isOpen),
    close: () => setOpen(false),
  };
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}
