/**
 * `/plans?iso=FR` or `/plans?region=Europe+`: the footer's Top Destinations land here and are
 * sent on (replacing this entry in the history) to the destination's plan-details page;
 * anything unknown goes to the landing.
 */

import { planDetailsQuery } from '@tern/contract/plan-details-link';
import { paths } from '@tern/contract/routes';
import { Navigate, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useT } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useCountries } from '../api/get-countries';
import { parsePlansShortcut, resolvePlansShortcut } from '../utils/plans-shortcut';

export function PlansShortcutPage() {
  const t = useT();
  usePageMeta(t('plans.shortcut.title'));
  const [params] = useSearchParams();
  const shortcut = parsePlansShortcut(params);
  // A country's plan page carries its name, which the country list knows.
  const countries = useCountries();

  if (shortcut?.kind === 'country' && !countries.isSuccess) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{t('plans.shortcut.title')}</h1>
        {countries.isError ? (
          <div className="mt-6">
            <LoadError
              message={t('plans.shortcut.error')}
              onRetry={() => void countries.refetch()}
              retrying={countries.isFetching}
            />
          </div>
        ) : (
          <p role="status" className="mt-4 text-slate-600">
            {t('plans.shortcut.finding')}
          </p>
        )}
      </div>
    );
  }

  const destination = shortcut && resolvePlansShortcut(shortcut, countries.data ?? []);
  if (!destination) return <Navigate to={paths.plan} replace />;
  const search = new URLSearchParams(planDetailsQuery(destination)).toString();
  return <Navigate to={{ pathname: paths.planDetails, search: `?${search}` }} replace />;
}
