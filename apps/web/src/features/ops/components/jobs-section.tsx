// The jobs that run once across instances, with the instance that ran each last (issue 30).
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useLanguage } from '../../../lib/i18n';
import { opsApi, opsKeys } from '../api/ops-api';
import { useOpsT } from '../hooks/use-ops-t';
import { formatMoment } from '../utils/ops-format';
import { cellClass, headCellClass, tableClass } from './ops-styles';
import { QueryState } from './query-state';
import { TableScroller } from './table-scroller';

export function JobsSection() {
  const t = useOpsT();
  const id = useId();
  const { language } = useLanguage();
  const jobs = useQuery({ queryKey: opsKeys.jobs, queryFn: opsApi.backgroundJobs });
  const columns = [t('column.job'), t('column.ranBy'), t('column.nextRun'), t('column.lastError')];
  return (
    <div className="space-y-4">
      <h2 id={id} className="text-xl font-semibold">
        {t('section.jobs')}
      </h2>
      <QueryState query={jobs}>
        {(list) => (
          <TableScroller label={t('section.jobs')}>
            <table className={tableClass}>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column} scope="col" className={headCellClass}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.map((job) => (
                  <tr key={job.name}>
                    <td className={`${cellClass} font-mono`} dir="ltr">
                      {job.name}
                      {job.running ? ` (${t('jobs.running')})` : ''}
                    </td>
                    <td className={`${cellClass} font-mono`} dir="ltr">
                      {job.ranBy ?? t('jobs.never')}
                    </td>
                    <td className={cellClass}>{formatMoment(job.nextRunAt, language)}</td>
                    <td className={cellClass} dir="ltr">
                      {job.lastError ?? ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
      </QueryState>
    </div>
  );
}
