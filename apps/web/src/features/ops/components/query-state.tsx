// What a console section shows while its answer is on its way, or when it could not come.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useOpsT } from '../hooks/use-ops-t';
import { secondaryButton } from './ops-styles';

export function QueryState<T>(props: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const t = useOpsT();
  const { query } = props;
  if (query.isPending) return <p role="status">{t('loading')}</p>;
  if (query.isError)
    return (
      <div role="alert" className="space-y-2">
        <p>{t('loadFailed')}</p>
        <p className="text-sm text-slate-700">{query.error.message}</p>
        <button type="button" className={secondaryButton} onClick={() => void query.refetch()}>
          {t('tryAgain')}
        </button>
      </div>
    );
  return props.children(query.data);
}
