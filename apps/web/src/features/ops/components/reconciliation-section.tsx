/**
 * A day's reconciliation: the provider's orders and the gateway's payments set against the
 * shop's orders, four lists, each line with what settles it. Returns ask first and are done
 * here; a shop order's own actions are on its page.
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpsReconciliation, ReconciliationAction } from '@tern/contract/ops';
import { paths } from '@tern/contract/routes';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TextField } from '../../../components/text-field';
import { useLanguage } from '../../../lib/i18n';
import { opsApi, opsKeys } from '../api/ops-api';
import { type OpsTranslate, useOpsT } from '../hooks/use-ops-t';
import { useOperatorSession } from '../ops-session';
import { formatMoment, formatMoney, utcDay } from '../utils/ops-format';
import { ConfirmDialog } from './confirm-dialog';
import { DataTable, Ltr } from './data-table';
import { primaryButton, secondaryButton } from './ops-styles';
import { QueryState } from './query-state';

type Return = { kind: 'provider' | 'payment'; reference: string };

export function ReconciliationSection() {
  const t = useOpsT();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const day = params.get('date') ?? utcDay(new Date());
  const [typed, setTyped] = useState(day);
  const report = useQuery({
    queryKey: opsKeys.reconciliation(day),
    queryFn: () => opsApi.reconciliation(day),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams({ date: typed });
  };
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('section.reconciliation')}
      </h2>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <TextField
          id={`${id}-day`}
          label={t('reconciliation.day')}
          type="date"
          required
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className={primaryButton}>
          {t('reconciliation.show')}
        </button>
      </form>
      <QueryState query={report}>{(data) => <Report report={data} />}</QueryState>
    </section>
  );
}

function Report({ report }: { report: OpsReconciliation }) {
  const t = useOpsT();
  const { language } = useLanguage();
  const mayAct = useOperatorSession()?.role === 'operator';
  const [returning, setReturning] = useState<Return | undefined>();
  const settle = (line: Return) => (mayAct ? () => setReturning(line) : undefined);
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-700">
        {report.gatewayReportedUntil
          ? t('reconciliation.reportedUntil', {
              time: formatMoment(report.gatewayReportedUntil, language),
            })
          : t('reconciliation.noGatewayReport')}
      </p>
      <Lines
        title={t('reconciliation.unclaimed')}
        columns={[t('reconciliation.reference'), t('column.created'), t('column.amount')]}
        rows={report.unclaimedProviderOrders.map((line) => ({
          key: line.reference,
          cells: [
            <Ltr key="r" mono>
              {line.reference}
            </Ltr>,
            formatMoment(line.createdAt, language),
            formatMoney(line.total, line.currency, language),
          ],
          settle: (
            <Settle
              t={t}
              action={line.action}
              onReturn={settle({ kind: 'provider', reference: line.reference })}
            />
          ),
        }))}
      />
      <Lines
        title={t('reconciliation.payments')}
        columns={[t('reconciliation.reference'), t('reconciliation.status'), t('column.amount')]}
        rows={report.paymentsWithoutOrder.map((line) => ({
          key: line.orderId,
          cells: [
            <Ltr key="r" mono>
              {line.orderId}
            </Ltr>,
            <Ltr key="s" mono>
              {line.status}
            </Ltr>,
            formatMoney(line.amount, line.currency, language),
          ],
          settle: (
            <Settle
              t={t}
              action={line.action}
              onReturn={settle({ kind: 'payment', reference: line.orderId })}
            />
          ),
        }))}
      />
      <Lines
        title={t('reconciliation.paidNotFulfilled')}
        columns={[t('column.ref'), t('column.state'), t('column.amount')]}
        rows={report.paidNotFulfilled.map((line) => ({
          key: line.ref,
          cells: [
            <OrderLink key="r" ref_={line.ref} />,
            <Ltr key="s" mono>
              {line.state}
            </Ltr>,
            formatMoney(line.amount, line.currency, language),
          ],
          settle: <Settle t={t} action={line.action} order={line.ref} />,
        }))}
      />
      <Lines
        title={t('reconciliation.pendingRefunds')}
        columns={[t('column.ref'), t('reconciliation.side'), t('reconciliation.since')]}
        rows={report.pendingRefunds.map((line) => ({
          key: `${line.ref}-${line.side}`,
          cells: [
            <OrderLink key="r" ref_={line.ref} />,
            t(line.side === 'gateway' ? 'side.gateway' : 'side.provider'),
            formatMoment(line.since, language),
          ],
          settle: <Settle t={t} action={line.action} order={line.ref} />,
        }))}
      />
      <ReturnDialog line={returning} onClose={() => setReturning(undefined)} />
    </div>
  );
}

/** One of the report's four lists, each line with what settles it. */
function Lines(props: {
  title: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[]; settle: ReactNode }[];
}) {
  const t = useOpsT();
  return (
    <DataTable
      title={`${props.title} (${props.rows.length})`}
      columns={[...props.columns, t('reconciliation.settle')]}
      rows={props.rows.map((row) => ({ key: row.key, cells: [...row.cells, row.settle] }))}
      empty={t('reconciliation.nothing')}
    />
  );
}

function OrderLink({ ref_ }: { ref_: string }) {
  return (
    <Link
      to={`${paths.ops}/orders/${encodeURIComponent(ref_)}`}
      dir="ltr"
      className="font-mono font-medium text-brand-800 underline"
    >
      {ref_}
    </Link>
  );
}

/** What settles a line: a return done here, the order's own page, or words. */
function Settle(props: {
  t: OpsTranslate;
  action: ReconciliationAction;
  onReturn?: (() => void) | undefined;
  order?: string;
}) {
  const { t, action } = props;
  if (action === 'wait') return t('action.wait');
  if (action === 'review') return t('action.review');
  if (props.order) {
    const label = action === 'refund' ? t('action.refund') : t('action.retry');
    return (
      <Link
        to={`${paths.ops}/orders/${encodeURIComponent(props.order)}`}
        className="font-medium text-brand-800 underline"
      >
        {label}
      </Link>
    );
  }
  const label =
    action === 'return-to-provider'
      ? t('reconciliation.returnProvider')
      : t('reconciliation.returnPayment');
  if (!props.onReturn) return label;
  return (
    <button type="button" className={secondaryButton} onClick={props.onReturn}>
      {label}
    </button>
  );
}

function ReturnDialog({ line, onClose }: { line: Return | undefined; onClose: () => void }) {
  const t = useOpsT();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<string | undefined>();
  const run = useMutation({
    mutationFn: (target: Return) =>
      target.kind === 'provider'
        ? opsApi.returnProviderOrder(target.reference)
        : opsApi.returnPayment(target.reference),
    onSuccess: (result) => {
      setOutcome(t(`reconciliation.outcome.${result.outcome}`));
      onClose();
      void queryClient.invalidateQueries({ queryKey: opsKeys.all });
    },
  });
  const message = !line
    ? ''
    : t(
        line.kind === 'provider'
          ? 'reconciliation.confirmProvider'
          : 'reconciliation.confirmPayment',
        { reference: line.reference },
      );
  return (
    <>
      <p role="status">{outcome ?? ''}</p>
      <ConfirmDialog
        open={line !== undefined}
        message={message}
        pending={run.isPending}
        refusal={run.error?.message}
        onConfirm={() => line && run.mutate(line)}
        onClose={() => {
          run.reset();
          onClose();
        }}
      />
    </>
  );
}
