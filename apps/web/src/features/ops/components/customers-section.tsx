/**
 * Customers: the accounts whose e-mail holds the text searched (empty: the latest), the search
 * kept in the address as the orders' is, so Back and a shared link find the same list.
 */

import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TextField } from '../../../components/text-field';
import { useLanguage } from '../../../lib/i18n';
import { opsApi, opsKeys } from '../api/ops-api';
import { useOpsT } from '../hooks/use-ops-t';
import { formatMoment, languageName } from '../utils/ops-format';
import { opsPaths } from '../utils/ops-paths';
import { DataTable } from './data-table';
import { primaryButton } from './ops-styles';
import { QueryState } from './query-state';

export function CustomersSection() {
  const t = useOpsT();
  const id = useId();
  const { language } = useLanguage();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [typed, setTyped] = useState(query);
  const customers = useQuery({
    queryKey: opsKeys.customers(query),
    queryFn: () => opsApi.customers(query),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(typed.trim() ? { q: typed.trim() } : {});
  };
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('section.customers')}
      </h2>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is read as a landmark by fewer screen readers than role="search" yet */}
      <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <TextField
          id={`${id}-q`}
          label={t('customers.search')}
          hint={t('customers.searchHint')}
          type="search"
          dir="ltr"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          className="min-w-64 flex-1"
        />
        <button type="submit" className={primaryButton}>
          {t('customers.searchButton')}
        </button>
      </form>
      <QueryState query={customers}>
        {(list) =>
          list.length === 0 ? (
            <p role="status">{t('customers.none')}</p>
          ) : (
            <>
              <p role="status" className="sr-only">
                {t('customers.count', { count: list.length })}
              </p>
              <DataTable
                title={t('customers.count', { count: list.length })}
                empty={t('customers.none')}
                columns={[
                  t('column.email'),
                  t('customers.name'),
                  t('customers.language'),
                  t('customers.orders'),
                  t('column.created'),
                ]}
                rows={list.map((customer) => ({
                  key: String(customer.id),
                  cells: [
                    <Link
                      key="email"
                      to={opsPaths.customer(customer.id)}
                      dir="ltr"
                      className="font-medium text-brand-800 underline"
                    >
                      {customer.email}
                    </Link>,
                    <span key="name" dir="auto">
                      {customer.name}
                    </span>,
                    languageName(customer.language, language),
                    customer.orders,
                    formatMoment(customer.createdAt, language),
                  ],
                }))}
              />
            </>
          )
        }
      </QueryState>
    </section>
  );
}
