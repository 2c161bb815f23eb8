/**
 * Orders: a search by e-mail, ICCID, order or gateway reference (empty: the latest), kept in
 * the address so Back and a shared link find the same list. Each order opens its timeline.
 */

import { useQuery } from '@tanstack/react-query';
import { paths } from '@tern/contract/routes';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TextField } from '../../../components/text-field';
import { useLanguage } from '../../../lib/i18n';
import { opsApi, opsKeys } from '../api/ops-api';
import { useOpsT } from '../hooks/use-ops-t';
import { formatMoment, formatMoney } from '../utils/ops-format';
import { cellClass, headCellClass, primaryButton, tableClass } from './ops-styles';
import { QueryState } from './query-state';
import { TableScroller } from './table-scroller';

export function OrdersSection() {
  const t = useOpsT();
  const id = useId();
  const { language } = useLanguage();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [typed, setTyped] = useState(query);
  const orders = useQuery({ queryKey: opsKeys.orders(query), queryFn: () => opsApi.orders(query) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(typed.trim() ? { q: typed.trim() } : {});
  };
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('section.orders')}
      </h2>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is read as a landmark by fewer screen readers than role="search" yet */}
      <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <TextField
          id={`${id}-q`}
          label={t('orders.search')}
          hint={t('orders.searchHint')}
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          className="min-w-64 flex-1"
        />
        <button type="submit" className={primaryButton}>
          {t('orders.searchButton')}
        </button>
      </form>
      <QueryState query={orders}>
        {(list) =>
          list.length === 0 ? (
            <p role="status">{t('orders.none')}</p>
          ) : (
            <TableScroller label={t('orders.count', { count: list.length })}>
              <p role="status" className="sr-only">
                {t('orders.count', { count: list.length })}
              </p>
              <table className={tableClass}>
                <caption className="sr-only">{t('orders.count', { count: list.length })}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={headCellClass}>
                      {t('column.ref')}
                    </th>
                    <th scope="col" className={headCellClass}>
                      {t('column.state')}
                    </th>
                    <th scope="col" className={headCellClass}>
                      {t('column.email')}
                    </th>
                    <th scope="col" className={headCellClass}>
                      {t('column.iccid')}
                    </th>
                    <th scope="col" className={headCellClass}>
                      {t('column.amount')}
                    </th>
                    <th scope="col" className={headCellClass}>
                      {t('column.created')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((order) => (
                    <tr key={order.ref}>
                      <td className={cellClass}>
                        <Link
                          to={`${paths.ops}/orders/${encodeURIComponent(order.ref)}`}
                          className="font-mono font-medium text-brand-800 underline"
                          dir="ltr"
                        >
                          {order.ref}
                        </Link>
                      </td>
                      <td className={`${cellClass} font-mono`}>{order.state}</td>
                      <td className={cellClass} dir="ltr">
                        {order.email}
                      </td>
                      <td className={`${cellClass} font-mono`} dir="ltr">
                        {order.iccid ?? '—'}
                      </td>
                      <td className={cellClass}>
                        {formatMoney(order.amount, order.currency, language)}
                      </td>
                      <td className={cellClass}>{formatMoment(order.createdAt, language)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroller>
          )
        }
      </QueryState>
    </section>
  );
}
