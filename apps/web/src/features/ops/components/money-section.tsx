/**
 * Money: a period's sales, refunds and VAT (the invoices' own split), by country and by day,
 * the eSIM Go balance against its floor, and the two CSV exports an accountant asks for (the
 * figures, and the audit log of the same period). The period is kept in the address.
 */

import { useMutation, useQuery } from '@tanstack/react-query';
import type { OpsMoney, OpsPeriodQuery } from '@tern/contract/ops-money';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ProblemAlert } from '../../../components/problem-alert';
import { TextField } from '../../../components/text-field';
import { useLanguage } from '../../../lib/i18n';
import { saveBlob } from '../../../lib/save-file';
import { opsApi, opsKeys } from '../api/ops-api';
import { useOpsT } from '../hooks/use-ops-t';
import { useProblem } from '../hooks/use-problem';
import { formatMoment, formatMoney, utcDay } from '../utils/ops-format';
import { BarChart } from './bar-chart';
import { FactList } from './fact-list';
import { cellClass, headCellClass, primaryButton, secondaryButton, tableClass } from './ops-styles';
import { QueryState } from './query-state';
import { TableScroller } from './table-scroller';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;

export function MoneySection() {
  const t = useOpsT();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const to = params.get('to') ?? utcDay(new Date());
  const from = params.get('from') ?? utcDay(new Date(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS));
  const [typed, setTyped] = useState({ from, to });
  const money = useQuery({
    queryKey: opsKeys.money(from, to),
    queryFn: () => opsApi.money({ from, to }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(typed);
  };
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('section.money')}
      </h2>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <TextField
          id={`${id}-from`}
          label={t('money.from')}
          type="date"
          required
          value={typed.from}
          onChange={(event) => setTyped({ ...typed, from: event.target.value })}
        />
        <TextField
          id={`${id}-to`}
          label={t('money.to')}
          type="date"
          required
          value={typed.to}
          onChange={(event) => setTyped({ ...typed, to: event.target.value })}
        />
        <button type="submit" className={primaryButton}>
          {t('money.show')}
        </button>
      </form>
      <Exports period={{ from, to }} />
      <QueryState query={money}>{(data) => <MoneyReport money={data} />}</QueryState>
    </section>
  );
}

function Exports({ period }: { period: OpsPeriodQuery }) {
  const t = useOpsT();
  const download = useMutation({
    mutationFn: async (what: 'money' | 'audit') => {
      const blob = await (what === 'money' ? opsApi.moneyCsv(period) : opsApi.auditCsv(period));
      saveBlob(blob, `tern-${what}-${period.from}-to-${period.to}.csv`);
    },
  });
  const problem = useProblem(download.error);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={secondaryButton}
          disabled={download.isPending}
          onClick={() => download.mutate('money')}
        >
          {t('money.exportMoney')}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={download.isPending}
          onClick={() => download.mutate('audit')}
        >
          {t('money.exportAudit')}
        </button>
      </div>
      {problem ? <ProblemAlert className="mt-2" problem={problem} /> : null}
    </div>
  );
}

function MoneyReport({ money }: { money: OpsMoney }) {
  const t = useOpsT();
  const { language } = useLanguage();
  const amount = (value: number) => formatMoney(value, money.currency, language);
  const { totals, providerBalance: balance } = money;
  const facts: [string, string][] = [
    [t('money.sales'), `${totals.salesCount} · ${amount(totals.salesGross)}`],
    [t('money.discounts'), amount(totals.salesDiscount)],
    [t('money.creditSpent'), amount(totals.salesCredit)],
    [t('money.refunds'), `${totals.refundsCount} · ${amount(totals.refundsAmount)}`],
    [t('money.vatDue'), amount(totals.vatDue)],
  ];
  const balanceWords = balance
    ? t(balance.low ? 'money.balanceLow' : 'money.balanceAt', {
        balance: formatMoney(balance.balance, balance.currency, language),
        floor:
          money.providerBalanceFloor === null
            ? '—'
            : formatMoney(money.providerBalanceFloor, balance.currency, language),
        at: formatMoment(balance.checkedAt, language),
      })
    : t('money.balanceUnknown');
  return (
    <div className="space-y-6">
      <FactList facts={[...facts, [t('money.balance'), balanceWords]]} />
      <BarChart
        title={t('money.grossByDay')}
        points={money.byDay.map((day) => ({ label: day.day, value: day.salesGross }))}
        format={amount}
      />
      <TableScroller label={t('money.byCountry')}>
        <table className={tableClass}>
          <caption className="text-start text-lg font-semibold">{t('money.byCountry')}</caption>
          <thead>
            <tr>
              {[
                t('money.country'),
                t('money.sales'),
                t('money.gross'),
                t('money.vat'),
                t('money.refunds'),
                t('money.vatDue'),
              ].map((column) => (
                <th key={column} scope="col" className={headCellClass}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {money.byCountry.map((country) => (
              <tr key={country.iso}>
                <th scope="row" className={cellClass}>
                  {country.country}
                </th>
                <td className={cellClass}>{country.salesCount}</td>
                <td className={cellClass}>{amount(country.salesGross)}</td>
                <td className={cellClass}>{amount(country.salesVat)}</td>
                <td className={cellClass}>{amount(country.refundsAmount)}</td>
                <td className={cellClass}>{amount(country.vatDue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </div>
  );
}
