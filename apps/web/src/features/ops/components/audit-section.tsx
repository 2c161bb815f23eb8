// The audit log: every operator action and sign-in, newest first, as the database keeps it.
import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../../lib/i18n';
import { opsApi, opsKeys } from '../api/ops-api';
import { useOpsT } from '../hooks/use-ops-t';
import { formatMoment } from '../utils/ops-format';
import { DataTable, Ltr } from './data-table';
import { QueryState } from './query-state';

export function AuditSection() {
  const t = useOpsT();
  const { language } = useLanguage();
  const audit = useQuery({ queryKey: opsKeys.audit, queryFn: opsApi.audit });
  const columns = [
    t('column.when'),
    t('column.operator'),
    t('column.action'),
    t('column.target'),
    t('column.outcome'),
    t('column.from'),
  ];
  return (
    <QueryState query={audit}>
      {(entries) => (
        <DataTable
          level={2}
          title={t('section.audit')}
          columns={columns}
          empty={t('audit.none')}
          rows={entries.map((entry) => ({
            key: `${entry.at}-${entry.operator}-${entry.action}-${entry.target}`,
            cells: [
              formatMoment(entry.at, language),
              <Ltr key="o">{entry.operator}</Ltr>,
              <Ltr key="a">{entry.action}</Ltr>,
              <Ltr key="t" mono>
                {entry.target ?? ''}
              </Ltr>,
              <Ltr key="r">{entry.outcome}</Ltr>,
              <Ltr key="f" mono>
                {entry.from}
              </Ltr>,
            ],
          }))}
        />
      )}
    </QueryState>
  );
}
