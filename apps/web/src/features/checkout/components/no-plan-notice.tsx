// Shown where a stored plan is needed and there is none (spec section 5).
import { orderMessages, paths } from '@tern/contract';
import { Link } from 'react-router';
import { primaryAction } from './result-panel';

export function NoPlanNotice({ message = orderMessages.noPlanSelected }: { message?: string }) {
  return (
    <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
      <p className="text-lg font-semibold text-slate-900">{message}</p>
      <p className="mt-2 text-slate-700">Choose a destination and a plan, then come back here.</p>
      <Link to={paths.plan} className={`mt-6 ${primaryAction}`}>
        Choose a plan
      </Link>
    </div>
  );
}
