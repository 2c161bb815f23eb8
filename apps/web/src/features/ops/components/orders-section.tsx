/**
 * Orders: a search by e-mail, ICCID, order or gateway reference (empty: the latest), narrowed
 * by state and by the days (UTC) the order was made in, kept in the address so Back and a
 * shared link find the same list. Each order opens its timeline.
 */

import { useQuery } from '@tanstack/react-query';
import type { OpsOrdersQuery } from '@tern/contract/ops';
import { type OrderStatus, orderStatuses } from '@tern/contract/order-texts';
import { paths } from '@tern/contract/routes';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { fieldControlClass, TextField } from '../../../components/text-field';
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
  const search = searchIn(params);
  const [typed, setTyped] = useState(search);
  const orders = useQuery({
    queryKey: opsKeys.orders(asQuery(search)),
    queryFn: () => opsApi.orders(asQuery(search)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.entries({ ...typed, q: typed.q.trim() }).filter(([, value]) => value !== ''));
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
          value={typed.q}
          onChange={(event) => setTyped({ ...typed, q: event.target.value })}
          className="min-w-64 flex-1"
        />
        <div>
          <label htmlFor={`${id}-state`} className="block text-sm font-medium text-slate-900">
            {t('orders.state')}
          </label>
          <select
            id={`${id}-state`}
            value={typed.state}
            onChange={(event) => {
              const state = event.target.value;
              setTyped({ ...typed, state: isOrderStatus(state) ? state : '' });
            }}
            className={fieldControlClass(false)}
          >
            <option value="">{t('orders.anyState')}</option>
            {orderStatuses.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
        </div>
        <TextField
          id={`${id}-from`}
          label={t('orders.from')}
          type="date"
          value={typed.from}
          onChange={(event) => setTyped({ ...typed, from: event.target.value })}
        />
        <TextField
          id={`${id}-to`}
          label={t('orders.to')}
          type="date"
          value={typed.to}
          onChange={(event) => setTyped({ ...typed, to: event.target.value })}
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

/** The search as the form holds it: every field a string, '' for none. */
interface TypedSearch {
  q: string;
  state: OrderStatus | '';
  from: string;
  to: string;
}

const isOrderStatus = (value: string): value is OrderStatus =>
  (orderStatuses as readonly string[]).includes(value);

/** The search the address holds; a state the shop does not know is left out. */
function searchIn(params: URLSearchParams): TypedSearch {
  const state = params.get('state') ?? '';
  return {
    q: params.get('q') ?? '',
    state: isOrderStatus(state) ? state : '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}

/** What the API is asked: only the fields filled in. */
function asQuery(search: TypedSearch): OpsOrdersQuery {
  return {
    q: search.q || undefined,
    state: search.state || undefined,
    from: search.from || undefined,
    to: search.to || undefined,
  };
}
