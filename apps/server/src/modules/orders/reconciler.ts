/**
 * Settles orders whose buyer never came back from the payment page: after a while, asks the
 * gateway about each. Paid ones are fulfilled as if confirmed (the browser just got lost);
 * the rest are cancelled, their gateway session having expired unpaid by then.
 */
import { assertNever } from '@tern/contract';
import type { OrdersDependencies } from './dependencies';
import { cancelUnpaid, checkPayment } from './payment-check';
import { claimUnpaidOrders, type OrderRow } from './repository';

const BATCH = 20;
const MINUTE_MS = 60_000;

export interface ReconcileReport {
  checked: number;
  paid: number;
  cancelled: number;
  failed: number;
}

export async function reconcileUnpaidOrders(deps: OrdersDependencies): Promise<ReconcileReport> {
  const now = deps.clock();
  const abandonMs = deps.settings.abandonAfterMinutes * MINUTE_MS;
  const due = await claimUnpaidOrders(deps.db, {
    createdBefore: new Date(now.getTime() - abandonMs),
    // An order the gateway could not be asked about is asked again a few minutes later.
    checkedBefore: new Date(now.getTime() - Math.min(abandonMs, 5 * MINUTE_MS)),
    now,
    limit: BATCH,
  });
  const report: ReconcileReport = { checked: 0, paid: 0, cancelled: 0, failed: 0 };
  for (const order of due) await settle(deps, order, report);
  return report;
}

async function settle(deps: OrdersDependencies, order: OrderRow, report: ReconcileReport) {
  report.checked += 1;
  try {
    const { order: current, verdict } = await checkPayment(deps, order);
    switch (verdict.kind) {
      case 'paid':
        report.paid += 1;
        return;
      case 'failed':
      case 'unpaid':
        if ((await cancelUnpaid(deps, current)).status === 'cancelled') report.cancelled += 1;
        return;
      case 'mismatch':
        return;
      default:
        return assertNever(verdict, 'gateway verdict');
    }
  } catch (error) {
    report.failed += 1;
    deps.log.warn({ err: error, order: order.gatewayOrderId }, 'could not reconcile an order');
  }
}
