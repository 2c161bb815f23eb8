/**
 * Health: each part's readiness now, and the last 24 hours of the order pipeline hour by hour
 * (orders, fulfilment time p50 and p99, the error rates of eSIM Go, the gateway and the mail),
 * counted in the database across every instance. Read again every minute while open.
 */

import { useQuery } from '@tanstack/react-query';
import type { OpsHealth } from '@tern/contract/ops-money';
import { useId } from 'react';
import { useLanguage } from '../../../lib/i18n';
import { opsApi, opsKeys } from '../api/ops-api';
import { useOpsT } from '../hooks/use-ops-t';
import type { OpsWordId } from '../ops-words';
import { formatMoment } from '../utils/ops-format';
import { BarChart } from './bar-chart';
import { QueryState } from './query-state';

const REFRESH_MS = 60_000;

export function HealthSection() {
  const t = useOpsT();
  const id = useId();
  const health = useQuery({
    queryKey: opsKeys.health,
    queryFn: opsApi.health,
    refetchInterval: REFRESH_MS,
  });
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-xl font-semibold">
        {t('section.health')}
      </h2>
      <QueryState query={health}>{(data) => <HealthReport health={data} />}</QueryState>
    </section>
  );
}

function partWord(state: string): OpsWordId {
  const known: Record<string, OpsWordId> = {
    up: 'health.up',
    down: 'health.down',
    unknown: 'health.unknown',
    'stand-in': 'health.standIn',
    'in-memory': 'health.inMemory',
    ready: 'health.ready',
    loading: 'health.loading',
  };
  return known[state] ?? 'health.unknown';
}

function HealthReport({ health }: { health: OpsHealth }) {
  const t = useOpsT();
  const { language } = useLanguage();
  const { parts } = health;
  const rows: [OpsWordId, string][] = [
    ['health.database', parts.database],
    ['health.redis', parts.redis],
    ['health.esimGo', parts.esimGo.state],
    ['health.gateway', parts.gateway.state],
    ['health.mail', parts.mail.state],
    ['health.catalogue', parts.catalogue],
  ];
  const hour = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
    }).format(new Date(iso));
  const series = (pick: (h: OpsHealth['hours'][number]) => number | null) =>
    health.hours.map((h) => ({ label: `${hour(h.hour)} UTC`, value: pick(h) }));
  const percent = (value: number) =>
    new Intl.NumberFormat(language === 'ar' ? 'en-US' : language, {
      style: 'percent',
      maximumFractionDigits: 1,
    }).format(value);
  const seconds = (value: number) => t('health.seconds', { seconds: Math.round(value * 10) / 10 });
  const count = (value: number) => String(value);
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-700">
        {t('health.at', { at: formatMoment(health.at, language) })}
      </p>
      <ul className="grid gap-2 sm:grid-cols-3">
        {rows.map(([name, state]) => (
          <PartState key={name} name={t(name)} state={state} word={t(partWord(state))} />
        ))}
      </ul>
      <div className="grid gap-4 md:grid-cols-2">
        <BarChart
          title={t('health.ordersPerHour')}
          points={series((h) => h.orders)}
          format={count}
        />
        <BarChart
          title={t('health.deliveredPerHour')}
          points={series((h) => h.delivered)}
          format={count}
        />
        <BarChart
          title={t('health.p50')}
          points={series((h) => h.fulfilmentP50Seconds)}
          format={seconds}
        />
        <BarChart
          title={t('health.p99')}
          points={series((h) => h.fulfilmentP99Seconds)}
          format={seconds}
        />
        <BarChart
          title={t('health.esimGoErrors')}
          points={series((h) => h.esimGo.errorRate)}
          format={percent}
          tone="warn"
        />
        <BarChart
          title={t('health.gatewayErrors')}
          points={series((h) => h.gateway.errorRate)}
          format={percent}
          tone="warn"
        />
        <BarChart
          title={t('health.mailErrors')}
          points={series((h) => h.mail.errorRate)}
          format={percent}
          tone="warn"
        />
      </div>
    </div>
  );
}

/** A part and its state in words (never by colour alone). */
function PartState(props: { name: string; state: string; word: string }) {
  const bad = props.state === 'down';
  return (
    <li
      className={`rounded-lg border p-3 ${bad ? 'border-red-700 bg-red-50' : 'border-slate-200 bg-white'}`}
    >
      <span className="block text-sm font-semibold">{props.name}</span>
      <span className={`text-sm ${bad ? 'font-semibold text-red-800' : 'text-slate-700'}`}>
        {props.word}
      </span>
    </li>
  );
}
