// The audit log: every operator action and sign-in, newest first, as the database keeps it.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useLanguage } from '../../../lib/i18n';
import { opsApi, opsKeys } from '../api/ops-api';
import { useOpsT } from '../hooks/use-ops-t';
import { formatMoment } from '../utils/ops-format';
import { cellClass, headCellClass, tableClass } from './ops-styles';
import { QueryState } from './query-state';
import { TableScroller } from './table-scroller';

export function AuditSection() {
  const t = useOpsT();
  const id = useId();
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
    <div className="space-y-4">
      <h2 id={id} className="text-xl font-semibold">
        {t('section.audit')}
      </h2>
      <QueryState query={audit}>
        {(entries) => (
          <TableScroller label={t('section.audit')}>
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
                {entries.map((entry) => (
                  <tr key={`${entry.at}-${entry.operator}-${entry.action}-${entry.target}`}>
                    <td className={`${cellClass} whitespace-nowrap`}>
                      {formatMoment(entry.at, language)}
                    </td>
                    <td className={cellClass} dir="ltr">
                      {entry.operator}
                    </td>
                    <td className={cellClass} dir="ltr">
                      {entry.action}
                    </td>
                    <td className={`${cellClass} font-mono`} dir="ltr">
                      {entry.target ?? ''}
                    </td>
                    <td className={cellClass} dir="ltr">
                      {entry.outcome}
                    </td>
                    <td className={`${cellClass} font-mono`} dir="ltr">
                      {entry.from}
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
