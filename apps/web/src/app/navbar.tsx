// The navigation bar: brand, the four main links, and sign-in or the signed-in person.
import { hrefTo, paths } from '@tern/contract';
import { NavLink } from 'react-router';
import { AccountMenu } from '../features/auth/components/account-menu';
import { useSession } from '../lib/session-store';
import { brandName } from '../lib/shop-settings';

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
            <AccountMenu name={client.name} />
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
