/**
 * The merchant's money back at eSIM Go, the refund's last step: a revoked bundle goes back to
 * the organisation's inventory and stays there; its price returns to the balance only through
 * POST /inventory/refund, with a usageId read from GET /inventory
 * (https://docs.esim-go.com/api/v2_3/operations/inventoryrefund). It runs after the buyer has
 * their money and mail, so an outage here never delays them, and the job retries it until done.
 *
 * The call has no key that makes a second one harmless, so the start is written first, and a
 * retry after a lost answer looks for the bundleRefund order the provider lists for it (claimed
 * by one refund only) before asking again.
 */
import type { EsimGoClient } from '../../integrations/esimgo/client';
import {
  inventoryRefundsSince,
  usableInventory,
} from '../../integrations/esimgo/inventory-refunds';
import type { OrderRow } from '../orders/self-service-refund';
import { pendingWithOrders } from './pending-with-orders';
import {
  findClaimedInventoryRefunds,
  markInventoryRefunded,
  markInventoryRefundStarted,
  type RefundRow,
} from './repository';
import type { RefundsDependencies } from './service';

/** The provider's clock and ours differ a little: look this far before our start mark. */
const LOOKBACK_MS = 10 * 60_000;

export async function ensureInventoryRefunded(
  deps: RefundsDependencies,
  rows: readonly RefundRow[],
  orders: readonly OrderRow[],
): Promise<void> {
  for (const [row, order] of pendingWithOrders(rows, orders, (row) => !row.inventoryRefundedAt)) {
    await refundOneUse(deps, row, order);
  }
}

async function refundOneUse(deps: RefundsDependencies, row: RefundRow, order: OrderRow) {
  const provider = deps.provider();
  const bundle = order.planName;
  if (row.inventoryRefundStartedAt) {
    const since = new Date(row.inventoryRefundStartedAt.getTime() - LOOKBACK_MS);
    if (await claimListedRefund(deps, provider, row, order, since)) return;
  }
  const startedAt = deps.clock();
  const use = await usableInventory(provider, bundle);
  if (!use) {
    // Not in the inventory: the bundle had started, or its refund period is over.
    deps.log.warn(
      { bundle, order: order.id },
      'refund: nothing of the bundle to refund at eSIM Go',
    );
    await record(deps, row, order, { reference: null, cents: 0 });
    return;
  }
  await markInventoryRefundStarted(deps.db, row.id, startedAt);
  await provider.refundInventory(use, 1);
  const since = new Date(startedAt.getTime() - LOOKBACK_MS);
  if (await claimListedRefund(deps, provider, row, order, since)) return;
  // Refunded, but not listed (yet): the money is back; what it credited is not told.
  await record(deps, row, order, { reference: null, cents: null });
}

/** Claims a listed refund of this bundle that no other refund holds; true when one was. */
async function claimListedRefund(
  deps: RefundsDependencies,
  provider: EsimGoClient,
  row: RefundRow,
  order: OrderRow,
  since: Date,
): Promise<boolean> {
  const refunds = await inventoryRefundsSince(provider, order.planName, since);
  const claimed = await findClaimedInventoryRefunds(
    deps.db,
    refunds.map((listed) => listed.orderReference),
  );
  for (const listed of refunds) {
    if (!listed.orderReference || claimed.has(listed.orderReference)) continue;
    const cents = Math.round(listed.total * 100);
    if (await record(deps, row, order, { reference: listed.orderReference, cents })) return true;
  }
  return false;
}

async function record(
  deps: RefundsDependencies,
  row: RefundRow,
  order: OrderRow,
  refund: { reference: string | null; cents: number | null },
): Promise<boolean> {
  const at = deps.clock();
  return deps.db.transaction(async (tx) => {
    if (!(await markInventoryRefunded(tx, row.id, refund, at))) return false;
    await deps.ledger.markProviderRefunded(order.id, refund.cents, at, tx);
    return true;
  });
}
