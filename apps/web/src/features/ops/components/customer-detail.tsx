/**
 * One account for the operator: who it is, its orders (each opening the order's page), eSIMs,
 * refunds, usage alerts and live sessions, and for the operator role the two changes an account
 * may need: every session ended, and the language of its e-mails and invoices.
 */

import { useQuery } from '@tanstack/react-query';
import type { OpsCustomerDetail } from '@tern/contract/ops-customers';
import { Link, useParams } from 'react-router';
import { useLanguage } from '../../../lib/i18n';
import { opsApi, opsKeys } from '../api/ops-api';
import { type OpsTranslate, useOpsT } from '../hooks/use-ops-t';
import { useOperatorSession } from '../ops-session';
import type { OpsWordId } from '../ops-words';
import { formatMoment, formatMoney, languageName } from '../utils/ops-format';
import { opsPaths } from '../utils/ops-paths';
import { CreditGrantForm } from './credit-grant-form';
import { CustomerActions } from './customer-actions';
import { DataTable, Ltr } from './data-table';
import { FactList } from './fact-list';
import { QueryState } from './query-state';

type Esim = OpsCustomerDetail['esims'][number];
type Refund = OpsCustomerDetail['refunds'][number];
type Alert = OpsCustomerDetail['alerts'][number];

const esimStateWords: Record<Esim['state'], OpsWordId> = {
  'in-use': 'esimState.inUse',
  refunded: 'esimState.refunded',
};
const refundKindWords: Record<Refund['kind'], OpsWordId> = {
  'operator-or-shop': 'refundKind.operatorOrShop',
  'self-service': 'refundKind.selfService',
};
const alertKindWords: Record<Alert['kind'], OpsWordId> = {
  used_80: 'alertKind.used80',
  used_up: 'alertKind.usedUp',
  expiring: 'alertKind.expiring',
};

export function CustomerDetailSection() {
  const t = useOpsT();
  const id = Number(useParams().id);
  const known = Number.isInteger(id) && id > 0;
  const customer = useQuery({
    queryKey: opsKeys.customer(id),
    queryFn: () => opsApi.customer(id),
    enabled: known,
  });
  return (
    <section className="space-y-4">
      <Link to={opsPaths.customers} className="text-sm font-medium text-brand-800 underline">
        {t('customer.back')}
      </Link>
      {known ? (
        <QueryState query={customer}>{(detail) => <CustomerDetail customer={detail} />}</QueryState>
      ) : (
        <p role="alert">{t('customer.notFound')}</p>
      )}
    </section>
  );
}

function CustomerDetail({ customer }: { customer: OpsCustomerDetail }) {
  const t = useOpsT();
  const { language } = useLanguage();
  const mayAct = useOperatorSession()?.role === 'operator';
  const facts: [string, string][] = [
    [t('customer.id'), String(customer.id)],
    [t('column.email'), customer.email],
    [t('customers.name'), customer.name],
    [t('customer.mobile'), customer.mobile],
    [t('customers.language'), languageName(customer.language, language)],
    [
      t('customer.verified'),
      customer.verifiedAt ? formatMoment(customer.verifiedAt, language) : t('customer.notVerified'),
    ],
    [t('column.created'), formatMoment(customer.createdAt, language)],
    [t('customer.sessions'), t('customer.sessionCount', { count: customer.activeSessions })],
  ];
  return (
    <>
      {/* The address isolated (FSI … PDI): it reads left to right inside an Arabic title. */}
      <h2 className="text-xl font-semibold">
        {t('customer.title', { email: `\u2068${customer.email}\u2069` })}
      </h2>
      <FactList facts={facts} />
      {mayAct ? <CustomerActions customer={customer} /> : <p>{t('viewerNote')}</p>}
      {mayAct ? <CreditGrantForm customer={customer} /> : null}
      <CustomerLists customer={customer} t={t} />
    </>
  );
}

function CustomerLists({ customer, t }: { customer: OpsCustomerDetail; t: OpsTranslate }) {
  const { language } = useLanguage();
  const moment = (iso: string | null, none: OpsWordId) =>
    iso ? formatMoment(iso, language) : t(none);
  return (
    <div className="space-y-6">
      <DataTable
        title={t('customer.orders')}
        empty={t('customer.nothing')}
        columns={[
          t('column.ref'),
          t('column.state'),
          t('column.plan'),
          t('column.amount'),
          t('column.created'),
        ]}
        rows={customer.orders.map((order) => ({
          key: order.ref,
          cells: [
            <Link
              key="ref"
              to={opsPaths.order(order.ref)}
              dir="ltr"
              className="font-mono font-medium text-brand-800 underline"
            >
              {order.ref}
            </Link>,
            <Ltr key="status" mono>
              {order.status}
            </Ltr>,
            order.plan,
            formatMoney(order.total, order.currency, language),
            formatMoment(order.createdAt, language),
          ],
        }))}
      />
      <DataTable
        title={t('customer.esims')}
        empty={t('customer.nothing')}
        columns={[t('column.iccid'), t('customer.bundles'), t('column.state'), t('column.created')]}
        rows={customer.esims.map((esim) => ({
          key: esim.iccid,
          cells: [
            <Ltr key="iccid" mono>
              {esim.iccid}
            </Ltr>,
            <ul key="plans">
              {esim.plans.map((plan, index) => (
                <li key={index}>{plan}</li>
              ))}
            </ul>,
            t(esimStateWords[esim.state]),
            formatMoment(esim.createdAt, language),
          ],
        }))}
      />
      <DataTable
        title={t('customer.refunds')}
        empty={t('customer.nothing')}
        columns={[
          t('column.ref'),
          t('column.iccid'),
          t('column.amount'),
          t('customer.kind'),
          t('column.when'),
          t('customer.completed'),
        ]}
        rows={customer.refunds.map((refund) => ({
          key: `${refund.ref}-${refund.kind}-${refund.at}`,
          cells: [
            <Ltr key="ref" mono>
              {refund.ref}
            </Ltr>,
            <Ltr key="iccid" mono>
              {refund.iccid ?? '—'}
            </Ltr>,
            formatMoney(refund.amount, refund.currency, language),
            t(refundKindWords[refund.kind]),
            formatMoment(refund.at, language),
            moment(refund.completedAt, 'customer.pending'),
          ],
        }))}
      />
      <DataTable
        title={t('customer.alerts')}
        empty={t('customer.nothing')}
        columns={[
          t('column.iccid'),
          t('customer.kind'),
          t('customer.bundle'),
          t('customer.decided'),
          t('customer.mailed'),
        ]}
        rows={customer.alerts.map((alert) => ({
          key: `${alert.iccid}-${alert.kind}-${alert.bundle}-${alert.decidedAt}`,
          cells: [
            <Ltr key="iccid" mono>
              {alert.iccid}
            </Ltr>,
            t(alertKindWords[alert.kind]),
            alert.bundle,
            formatMoment(alert.decidedAt, language),
            moment(alert.mailedAt, 'customer.notMailed'),
          ],
        }))}
      />
    </div>
  );
}
