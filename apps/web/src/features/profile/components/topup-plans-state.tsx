/**
 * The top-up dialogs' plans while they are not there to choose from: failed to load (with Try
 * again), loading, or none on sale; `children` (the choice) once there are some.
 */
import type { Plan } from '@tern/contract/catalog';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error';
import { useProfileWords } from '../hooks/use-profile-words';

interface TopupPlansStateProps {
  plans: {
    isError: boolean;
    isPending: boolean;
    data: readonly Plan[] | undefined;
    refetch(): unknown;
  };
  children: ReactNode;
}

export function TopupPlansState({ plans, children }: TopupPlansStateProps) {
  const { t } = useProfileWords();
  if (plans.isError) {
    return (
      <LoadError
        message={t('profile.oneTap.plansError')}
        onRetry={() => void plans.refetch()}
        compact
      />
    );
  }
  if (plans.isPending) {
    return (
      <p role="status" className="text-slate-700">
        {t('profile.oneTap.loadingPlans')}
      </p>
    );
  }
  if (!plans.data?.length) return <p className="text-slate-800">{t('profile.oneTap.noPlans')}</p>;
  return children;
}
