// Shown where a stored plan is needed and there is none (spec section 5).
import { paths } from '@tern/contract/routes';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { primaryAction } from './result-panel';

export function NoPlanNotice({ message }: { message?: string }) {
  const t = useT();
  return (
    <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
      <p className="text-lg font-semibold text-slate-900">
        {message ?? t('checkout.noPlan.selected')}
      </p>
      <p className="mt-2 text-slate-700">{t('checkout.noPlan.hint')}</p>
      <Link to={paths.plan} className={`mt-6 ${primaryAction}`}>
        {t('checkout.choosePlan')}
      </Link>
    </div>
  );
}
