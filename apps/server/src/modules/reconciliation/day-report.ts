/**
 * One day (UTC) set against the shop's orders: the provider's orders and the gateway's
 * transactions of that day, and the shop's own orders and refunds of it still unsettled, each
 * line with the action that settles it. Read only: the actions are the operator's to take.
 */
import type { OpsReconciliation, PaidNotFulfilledLine, ReconciliationAction } from '@tern/contract';
import type { OrderResponse } from '../../integrations/esimgo/client';
import { isPurchase, ordersSince } from '../../integrations/esimgo/orders-since';
import type { GatewayOrder } from '../../integrations/gateway/client';
import type { TransactionReport } from '../../integrations/gateway/reporting';
import { findJob, type JobRow } from '../../jobs/engine';
import { HANDLED_EVENT } from '../orders/parked';
import type { UnsettledPaidOrder } from '../orders/reconciliation-facts';
import { paymentReturnKey } from './payment-return';
import { providerReturnKey } from './provider-return';
import { findReturnsOfProviderOrders } from './repository';
import type { ReconciliationDependencies } from './service';

const DAY_MS = 86_400_000;
/** A paid order older than this and not delivered is a discrepancy, not a delivery under way. */
export const STUCK_AFTER_MS = 15 * 60_000;
/** Gateway transactions that took or held money. */
const MONEY_IN: ReadonlySet<string> = new Set(['AUTHORIZATION', 'PAYMENT', 'CAPTURE']);

export interface DayWindow {
  date: string;
  start: Date;
  /** The day's end, or now for today. */
  end: Date;
  now: Date;
}

/** The day's window; undefined for a day that has not begun. */
export function dayWindow(date: string, now: Date): DayWindow | undefined {
  const start = new Date(`${date}T00:00:00Z`);
  if (start > now) return undefined;
  const dayEnd = new Date(start.getTime() + DAY_MS);
  return { date, start, end: dayEnd < now ? dayEnd : now, now };
}

/** What the outside services said of the day, read before anything is compared. */
export interface OutsideViews {
  providerOrders: OrderResponse[];
  gateway: TransactionReport | undefined;
}

export async function readOutsideViews(
  deps: ReconciliationDependencies,
  window: DayWindow,
): Promise<OutsideViews> {
  const reporting = deps.reporting();
  const [listed, gateway] = await Promise.all([
    ordersSince(deps.provider(), window.start),
    reporting?.transactionsBetween(window.start, window.end),
  ]);
  const providerOrders = listed.filter((order) => {
    const created = new Date(order.createdDate ?? '');
    return created >= window.start && created < window.end;
  });
  return { providerOrders, gateway };
}

export async function dayReport(
  deps: ReconciliationDependencies,
  window: DayWindow,
  views: OutsideViews,
): Promise<OpsReconciliation> {
  const paid = await deps.orders.paidUnsettled(window.start, window.end);
  const refunds = await deps.refunds.unfinished(window.start, window.end);
  return {
    date: window.date,
    gatewayReportedUntil: views.gateway?.until.toISOString() ?? null,
    unclaimedProviderOrders: await unclaimedProviderOrders(deps, views.providerOrders, window.now),
    paymentsWithoutOrder: views.gateway
      ? await paymentsWithoutOrder(deps, views.gateway, window.now)
      : [],
    paidNotFulfilled: paid
      .filter((order) => !refundUnderWay(order))
      // A parked order an operator marked handled was settled outside the shop.
      .filter((order) => order.lastParkingEvent !== HANDLED_EVENT)
      .filter(
        (order) => (order.paidAt ?? window.now) <= new Date(window.now.getTime() - STUCK_AFTER_MS),
      )
      .map((order) => paidNotFulfilledLine(order, window.now)),
    pendingRefunds: [
      ...paid.filter(refundUnderWay).map((order) => ({
        ref: order.gatewayOrderId,
        side: 'gateway' as const,
        since: (order.paidAt ?? window.start).toISOString(),
        // The order's own retry carries its refund on (operator.ts: a refund stays a refund).
        action: (isLeased(order.jobLockedUntil, window.now)
          ? 'wait'
          : 'retry') as ReconciliationAction,
      })),
      ...refunds.map((refund) => ({
        ref: refund.reference,
        side: refund.side,
        since: refund.since.toISOString(),
        // A self-service refund's job is retried by the refunds worker until the money is back.
        action: 'wait' as const,
      })),
    ],
  };
}

async function unclaimedProviderOrders(
  deps: ReconciliationDependencies,
  listed: readonly OrderResponse[],
  now: Date,
): Promise<OpsReconciliation['unclaimedProviderOrders']> {
  const purchases = listed.filter(
    (order) => order.orderReference !== '' && isPurchase(order) && order.status !== 'failed',
  );
  const claimed = await deps.orders.claimedProviderOrders(
    purchases.map((order) => order.orderReference),
  );
  const unclaimed = purchases.filter((order) => !claimed.has(order.orderReference));
  const returns = await findReturnsOfProviderOrders(
    deps.db,
    unclaimed.map((order) => order.orderReference),
  );
  const lines: OpsReconciliation['unclaimedProviderOrders'] = [];
  for (const order of unclaimed) {
    const rows = returns.filter((row) => row.providerOrderReference === order.orderReference);
    const job = await findJob(deps.db, providerReturnKey(order.orderReference));
    const action = await providerOrderAction(deps, order, job, rows, now);
    if (!action) continue;
    lines.push({
      reference: order.orderReference,
      createdAt: order.createdDate ?? '',
      bundles: order.order.map((line) => line.item),
      iccids: order.order.flatMap((line) => line.esims.map((esim) => esim.iccid)),
      total: order.total,
      currency: order.currency,
      action,
    });
  }
  return lines;
}

/** What settles an unclaimed provider order; undefined once it went back to eSIM Go. */
async function providerOrderAction(
  deps: ReconciliationDependencies,
  order: OrderResponse,
  job: JobRow | undefined,
  rows: readonly { inventoryRefundedAt: Date | null }[],
  now: Date,
): Promise<ReconciliationAction | undefined> {
  if (job?.doneAt) {
    if (rows.length === 0) return 'review'; // every bundle was in use: nothing could go back
    if (rows.every((row) => row.inventoryRefundedAt)) return undefined;
  }
  if (order.status !== 'completed') return 'wait';
  if (isLeased(job?.lockedUntil ?? null, now)) return 'wait';
  const bundles = order.order.map((line) => line.item);
  return (await deps.orders.isProviderOrderSought(bundles)) ? 'wait' : 'return-to-provider';
}

async function paymentsWithoutOrder(
  deps: ReconciliationDependencies,
  report: TransactionReport,
  now: Date,
): Promise<OpsReconciliation['paymentsWithoutOrder']> {
  const firstSeen = new Map<string, Date>();
  for (const event of report.transactions) {
    if (!MONEY_IN.has(event.type) || event.gatewayCode !== 'APPROVED') continue;
    if (!firstSeen.has(event.orderId)) firstSeen.set(event.orderId, event.at);
  }
  const owned = await deps.orders.ownedGatewayOrderIds([...firstSeen.keys()]);
  const lines: OpsReconciliation['paymentsWithoutOrder'] = [];
  for (const [orderId, at] of firstSeen) {
    if (owned.has(orderId)) continue;
    // The report tells what happened that day; the order tells what is still held now.
    const order = await deps.gateway().retrieveOrder(orderId);
    const held = order && moneyHeld(order);
    if (!held) continue;
    const job = await findJob(deps.db, paymentReturnKey(orderId));
    lines.push({
      orderId,
      createdAt: at.toISOString(),
      status: order.status,
      amount: held.amount,
      currency: order.currency,
      action: isLeased(job?.lockedUntil ?? null, now) ? 'wait' : held.action,
    });
  }
  return lines;
}

/** What the gateway still holds of the order, and how it goes back; undefined: nothing. */
export function moneyHeld(
  order: GatewayOrder,
): { amount: number; action: 'void-payment' | 'refund-payment' } | undefined {
  switch (order.status) {
    case 'AUTHORIZED':
      return { amount: order.totalAuthorizedAmount, action: 'void-payment' };
    case 'CAPTURED':
    case 'PARTIALLY_CAPTURED':
    case 'PARTIALLY_REFUNDED': {
      const amount = order.totalCapturedAmount - order.totalRefundedAmount;
      return amount > 0 ? { amount, action: 'refund-payment' } : undefined;
    }
    default:
      return undefined;
  }
}

function paidNotFulfilledLine(order: UnsettledPaidOrder, now: Date): PaidNotFulfilledLine {
  const busy = isLeased(order.jobLockedUntil, now);
  return {
    ref: order.gatewayOrderId,
    state: order.status,
    paidAt: order.paidAt?.toISOString() ?? null,
    amount: order.amountCents / 100,
    currency: order.currency,
    busy,
    // A delivery out of attempts goes back to the buyer; one still possible is pushed on.
    action: order.status === 'fulfilment_failed' ? 'refund' : 'retry',
  };
}

/** The order's job gives its money back and has not finished. */
function refundUnderWay(order: UnsettledPaidOrder): boolean {
  return order.jobKind === 'refund' && order.jobDoneAt === null;
}

function isLeased(lockedUntil: Date | null, now: Date): boolean {
  return lockedUntil !== null && lockedUntil > now;
}
