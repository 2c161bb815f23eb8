// The jobs that run once across instances, with the instance that ran each last (issue 30).
import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../../lib/i18n';
import { opsApi, opsKeys } from '../api/ops-api';
import { useOpsT } from '../hooks/use-ops-t';
import { formatMoment } from '../utils/ops-format';
import { DataTable, Ltr } from './data-table';
import { QueryState } from './query-state';

export function JobsSection() {
  const t = useOpsT();
  const { language } = useLanguage();
  const jobs = useQuery({ queryKey: opsKeys.jobs, queryFn: opsApi.backgroundJobs });
  const columns = [t('column.job'), t('column.ranBy'), t('column.nextRun'), t('column.lastError')];
  return (
    <QueryState query={jobs}>
      {(list) => (
        <DataTable
          level={2}
          title={t('section.jobs')}
          columns={columns}
          empty={t('jobs.none')}
          rows={list.map((job) => ({
            key: job.name,
            cells: [
              <Ltr key="n" mono>
                {job.running ? `${job.name} (${t('jobs.running')})` : job.name}
              </Ltr>,
              <Ltr key="r" mono>
                {job.ranBy ?? t('jobs.never')}
              </Ltr>,
              formatMoment(job.nextRunAt, language),
              <Ltr key="e">{job.lastError ?? ''}</Ltr>,
            ],
          }))}
        />
      )}
    </QueryState>
  );
}
