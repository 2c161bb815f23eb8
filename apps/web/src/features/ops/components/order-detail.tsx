/**
 * One order for the operator: what it is, its timeline (every event, provider and gateway call
 * with its outcome and time), and the actions the role allows. Each action asks first; while a
 * worker holds the order the buttons wait, and the server refuses anyway.
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpsOrderDetail } from '@tern/contract/ops';
import { paths } from '@tern/contract/routes';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { TextField } from '../../../components/text-field';
import { useLanguage } from '../../../lib/i18n';
import { opsApi, opsKeys } from '../api/ops-api';
import { type OpsTranslate, useOpsT } from '../hooks/use-ops-t';
import { useOperatorSession } from '../ops-session';
import type { OpsWordId } from '../ops-words';
import { formatMoment, formatMoney } from '../utils/ops-format';
import { ConfirmDialog } from './confirm-dialog';
import { FactList } from './fact-list';
import { cellClass, headCellClass, secondaryButton, tableClass } from './ops-styles';
import { QueryState } from './query-state';
import { TableScroller } from './table-scroller';

type Action = 'retry' | 'refund' | 'resend' | 'handled';
/** The actions whose confirmation asks for a few words: why, or what was done. */
const explained: readonly Action[] = ['refund', 'handled'];
const MIN_REASON = 3;

export function OrderDetailSection() {
  const t = useOpsT();
  const ref = useParams().ref ?? '';
  const order = useQuery({ queryKey: opsKeys.order(ref), queryFn: () => opsApi.order(ref) });
  return (
    <section className="space-y-4">
      <Link to={paths.ops} className="text-sm font-medium text-brand-800 underline">
        {t('order.back')}
      </Link>
      <QueryState query={order}>{(detail) => <OrderDetail order={detail} />}</QueryState>
    </section>
  );
}

function OrderDetail({ order }: { order: OpsOrderDetail }) {
  const t = useOpsT();
  const { language } = useLanguage();
  const role = useOperatorSession()?.role;
  const facts: [string, string][] = [
    [t('column.state'), order.state],
    [t('column.email'), order.email],
    [t('column.iccid'), order.iccid ?? '—'],
    [t('column.plan'), order.plan],
    [t('order.type'), order.type],
    [t('column.amount'), formatMoney(order.amount, order.currency, language)],
    ...deductions(order).map(([word, value]): [string, string] => [
      t(word),
      formatMoney(value, order.currency, language),
    ]),
    [t('column.created'), formatMoment(order.createdAt, language)],
  ];
  return (
    <>
      {/* The reference isolated (FSI … PDI): it reads left to right inside an Arabic title. */}
      <h2 className="text-xl font-semibold">
        {t('order.title', { ref: `\u2068${order.ref}\u2069` })}
      </h2>
      <FactList facts={facts} />
      {role === 'operator' ? <OrderActions order={order} /> : <p>{t('viewerNote')}</p>}
      <Timeline order={order} t={t} />
    </>
  );
}

function Timeline({ order, t }: { order: OpsOrderDetail; t: OpsTranslate }) {
  const { language } = useLanguage();
  return (
    <div className="space-y-2">
      <h3 id="ops-timeline" className="text-lg font-semibold">
        {t('order.timeline')}
      </h3>
      <TableScroller label={t('order.timeline')}>
        <table className={tableClass}>
          <thead>
            <tr>
              <th scope="col" className={headCellClass}>
                {t('column.when')}
              </th>
              <th scope="col" className={headCellClass}>
                {t('column.event')}
              </th>
              <th scope="col" className={headCellClass}>
                {t('column.detail')}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.events.map((event, index) => (
              <tr key={index}>
                <td className={`${cellClass} whitespace-nowrap`}>
                  {formatMoment(event.at, language)}
                </td>
                <td className={`${cellClass} font-mono`}>{event.event}</td>
                <td className={cellClass} dir="ltr">
                  {event.detail ?? ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </div>
  );
}

function OrderActions({ order }: { order: OpsOrderDetail }) {
  const t = useOpsT();
  const id = useId();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Action | undefined>();
  // The refund's reason, or what was done about a parked order.
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | undefined>();
  const run = useMutation({
    mutationFn: (action: Action) => {
      switch (action) {
        case 'retry':
          return opsApi.retry(order.ref);
        case 'refund':
          return opsApi.refund(order.ref, reason.trim());
        case 'resend':
          return opsApi.resendEsimMail(order.ref);
        case 'handled':
          return opsApi.markHandled(order.ref, reason.trim());
      }
    },
    onSuccess: (result) => {
      setAsking(undefined);
      setDone(t('done.action', { state: result.state }));
      void queryClient.invalidateQueries({ queryKey: opsKeys.all });
    },
  });
  const ask = (action: Action) => {
    run.reset();
    setReason('');
    setDone(undefined);
    setAsking(action);
  };
  const amount = formatMoney(order.amount, order.currency, language);
  const messages: Record<Action, string> = {
    retry: t('confirm.retry', { ref: order.ref }),
    refund: t('confirm.refund', { ref: order.ref, amount }),
    resend: t('confirm.resend', { ref: order.ref, email: order.email }),
    handled: t('confirm.markHandled', { ref: order.ref }),
  };
  return (
    <section aria-labelledby={`${id}-actions`} className="space-y-2">
      <h3 id={`${id}-actions`} className="text-lg font-semibold">
        {t('order.actions')}
      </h3>
      {order.busy ? <p>{t('order.busy')}</p> : null}
      {order.parked ? <p className="font-medium text-amber-900">{t('order.parked')}</p> : null}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={secondaryButton}
          disabled={order.busy}
          onClick={() => ask('retry')}
        >
          {t('action.retry')}
        </button>
        {order.refundable ? (
          <button
            type="button"
            className={secondaryButton}
            disabled={order.busy}
            onClick={() => ask('refund')}
          >
            {t('action.refund')}
          </button>
        ) : null}
        {order.parked ? (
          <button
            type="button"
            className={secondaryButton}
            disabled={order.busy}
            onClick={() => ask('handled')}
          >
            {t('action.markHandled')}
          </button>
        ) : null}
        {order.iccid ? (
          <button
            type="button"
            className={secondaryButton}
            disabled={order.busy}
            onClick={() => ask('resend')}
          >
            {t('action.resend')}
          </button>
        ) : null}
      </div>
      <p role="status">{done ?? ''}</p>
      <ConfirmDialog
        open={asking !== undefined}
        message={asking ? messages[asking] : ''}
        pending={run.isPending}
        refusal={run.error?.message}
        confirmDisabled={
          asking !== undefined && explained.includes(asking) && reason.trim().length < MIN_REASON
        }
        onConfirm={() => asking && run.mutate(asking)}
        onClose={() => setAsking(undefined)}
      >
        {asking !== undefined && explained.includes(asking) ? (
          <TextField
            id={`${id}-reason`}
            className="mt-4"
            label={t(asking === 'refund' ? 'action.reason' : 'action.note')}
            hint={t(asking === 'refund' ? 'action.reasonHint' : 'action.noteHint')}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
          />
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

/** What came off the price besides the card's amount, when anything did (issue 31). */
function deductions(order: OpsOrderDetail): [OpsWordId, number][] {
  const taken: [OpsWordId, number][] = [
    ['order.discount', order.discount],
    ['order.credit', order.credit],
  ];
  return taken.filter(([, value]) => value > 0);
}
