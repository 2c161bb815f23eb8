/**
 * The operators' console at #/ops (issue 30): its own header and sign-in, apart from the shop's
 * layout, loaded as a chunk of its own that no buyer's page pulls in. Signed out, it shows the
 * sign-in; signed in, its sections. Whatever ends the session (sign-out, a 401 from any call,
 * the tab closed) drops every console answer from memory.
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorRole } from '@tern/contract/ops-texts';
import { paths } from '@tern/contract/routes';
import { useEffect } from 'react';
import { NavLink, Route, Routes } from 'react-router';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { opsApi, opsKeys } from '../api/ops-api';
import { AuditSection } from '../components/audit-section';
import { CatalogueSection } from '../components/catalogue-section';
import { CustomerDetailSection } from '../components/customer-detail';
import { CustomersSection } from '../components/customers-section';
import { HealthSection } from '../components/health-section';
import { JobsSection } from '../components/jobs-section';
import { MoneySection } from '../components/money-section';
import { OpsSignIn } from '../components/ops-sign-in';
import { secondaryButton } from '../components/ops-styles';
import { OrderDetailSection } from '../components/order-detail';
import { OrdersSection } from '../components/orders-section';
import { PromoCodesSection } from '../components/promo-codes-section';
import { ReconciliationSection } from '../components/reconciliation-section';
import { useOpsT } from '../hooks/use-ops-t';
import { operatorSession, useOperatorSession } from '../ops-session';
import type { OpsWordId } from '../ops-words';

const sections: { to: string; word: OpsWordId; end?: boolean }[] = [
  { to: paths.ops, word: 'section.orders', end: true },
  { to: `${paths.ops}/customers`, word: 'section.customers' },
  { to: `${paths.ops}/catalogue`, word: 'section.catalogue' },
  { to: `${paths.ops}/reconciliation`, word: 'section.reconciliation' },
  { to: `${paths.ops}/money`, word: 'section.money' },
  { to: `${paths.ops}/promo-codes`, word: 'section.promoCodes' },
  { to: `${paths.ops}/health`, word: 'section.health' },
  { to: `${paths.ops}/audit`, word: 'section.audit' },
  { to: `${paths.ops}/jobs`, word: 'section.jobs' },
];

export function OpsConsolePage() {
  const t = useOpsT();
  const session = useOperatorSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    document.title = t('title');
  }, [t]);
  useEffect(() => {
    if (!session) queryClient.removeQueries({ queryKey: opsKeys.all });
  }, [session, queryClient]);
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      {/* A button, not a link: with hash routing, href="#ops-main" would be read as a route. */}
      <button
        type="button"
        onClick={() => document.getElementById('ops-main')?.focus()}
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('skipToContent')}
      </button>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3">
          <h1 className="me-auto text-lg font-bold text-brand-900">{t('title')}</h1>
          <LanguageSwitcher />
          {session ? <SignedIn email={session.email} role={session.role} /> : null}
        </div>
        {session ? (
          <nav aria-label={t('sections')} className="mx-auto max-w-6xl px-4">
            <ul className="flex flex-wrap gap-1">
              {sections.map((section) => (
                <li key={section.to}>
                  <NavLink
                    to={section.to}
                    end={section.end ?? false}
                    className={({ isActive }) =>
                      `inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium ${
                        isActive
                          ? 'border-brand-800 text-brand-900'
                          : 'border-transparent text-slate-700 hover:text-slate-900'
                      }`
                    }
                  >
                    {t(section.word)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="ops-main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 outline-none">
        {session ? (
          <Routes>
            <Route index element={<OrdersSection />} />
            <Route path="orders/:ref" element={<OrderDetailSection />} />
            <Route path="customers" element={<CustomersSection />} />
            <Route path="customers/:id" element={<CustomerDetailSection />} />
            <Route path="catalogue" element={<CatalogueSection />} />
            <Route path="reconciliation" element={<ReconciliationSection />} />
            <Route path="money" element={<MoneySection />} />
            <Route path="promo-codes" element={<PromoCodesSection />} />
            <Route path="health" element={<HealthSection />} />
            <Route path="audit" element={<AuditSection />} />
            <Route path="jobs" element={<JobsSection />} />
            <Route path="*" element={<OrdersSection />} />
          </Routes>
        ) : (
          <OpsSignIn />
        )}
      </main>
    </div>
  );
}

function SignedIn({ email, role }: { email: string; role: OperatorRole }) {
  const t = useOpsT();
  const signOut = useMutation({
    mutationFn: opsApi.signOut,
    // Out of the console in this tab whatever the server said: a session it no longer knows
    // is as good as ended.
    onSettled: () => operatorSession.end(),
  });
  return (
    <>
      <p className="text-sm text-slate-700">
        {t('signedInAs', { email: `\u2068${email}\u2069`, role: t(`role.${role}`) })}
      </p>
      <button
        type="button"
        className={secondaryButton}
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        {t('signOut')}
      </button>
    </>
  );
}
