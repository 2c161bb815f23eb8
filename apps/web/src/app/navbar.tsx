// The navigation bar: brand, the four main links, and sign-in or the signed-in person.
import { hrefTo, paths } from '@tern/contract';
import { NavLink } from 'react-router';
import { brandName } from '../lib/brand';
import { useSession } from '../lib/session-store';

const mainLinks = [
  { to: paths.plan, label: 'Plans' },
  { to: paths.faq, label: 'Support (FAQ)' },
  { to: paths.userGuide, label: 'Setup Guide' },
  { to: paths.contactUs, label: 'Contact Us' },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'
  }`;

export function Navbar() {
  const { client } = useSession();
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-3"
      >
        <a
          href={hrefTo(paths.home)}
          className="mr-4 flex items-center gap-2 text-lg font-bold text-brand-800"
        >
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {brandName}
        </a>
        <ul className="flex flex-wrap items-center gap-1">
          {mainLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="ml-auto">
          {client ? (
            <NavLink to={paths.profile} className={linkClass}>
              <span className="flex items-center gap-2">
                <PersonIcon />
                <span>{client.name || 'My Account'}</span>
              </span>
            </NavLink>
          ) : (
            <NavLink
              to={paths.signIn}
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              Login
            </NavLink>
          )}
        </div>
      </nav>
    </header>
  );
}

function PersonIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="currentColor">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c0-4 4-6 8-6s8 2 8 6" />
    </svg>
  );
}
