// The profile's header (spec "Profile"): welcome by name, mobile, e-mail, and Logout. It
// reads the session, so a change of name or mobile shows at once.
import type { Ref } from 'react';
import { useT } from '../../../lib/i18n';
import type { Client } from '../../../lib/session-store';
import { useLogout } from '../../../lib/use-logout';

export interface ProfileHeaderProps {
  client: Client;
  /** The welcome heading, which takes focus once a details change is answered. */
  headingRef?: Ref<HTMLHeadingElement>;
}

export function ProfileHeader({ client, headingRef }: ProfileHeaderProps) {
  const t = useT();
  const logout = useLogout();
  return (
    <header className="flex flex-col gap-4 rounded-3xl border border-brand-100 bg-gradient-to-br from-brand-50 via-white to-white p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
      <div className="min-w-0">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-3xl font-bold tracking-tight text-slate-900 outline-none focus-visible:outline-3"
        >
          {client.name
            ? t('profile.header.welcome', { name: client.name })
            : t('profile.header.welcomeTraveller')}
        </h1>
        <dl className="mt-3 flex flex-col gap-1 text-slate-700 sm:flex-row sm:gap-6">
          {client.mobile ? (
            <div className="flex gap-2">
              <dt className="shrink-0 font-medium text-slate-600">{t('profile.header.mobile')}</dt>
              <dd dir="ltr" className="text-slate-900">
                {client.mobile}
              </dd>
            </div>
          ) : null}
          <div className="flex min-w-0 gap-2">
            <dt className="shrink-0 font-medium text-slate-600">{t('profile.header.email')}</dt>
            <dd dir="ltr" className="break-all text-slate-900">
              {client.email}
            </dd>
          </div>
        </dl>
      </div>
      <button
        type="button"
        onClick={() => logout.mutate()}
        disabled={logout.isPending}
        className="self-start rounded-full border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-70 sm:self-center"
      >
        {t('profile.header.logout')}
      </button>
    </header>
  );
}
