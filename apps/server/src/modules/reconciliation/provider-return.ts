/**
 * Gives an unclaimed provider order back to eSIM Go, as a kind of job on the one engine
 * (jobs/engine.ts): `revokeUnstarted -> refundRevoked`. Each bundle assignment the order put on
 * an eSIM and that has not started is revoked (it goes back to the inventory), then refunded
 * from the inventory to the balance (https://docs.esim-go.com/api/v2_3/operations/inventoryrefund),
 * each step recorded in provider_order_returns so an attempt that fails resumes there. A bundle
 * already in use cannot go back: it is left alone, for an operator to review.
 *
 * A shop order may still claim the order (a lost answer it looks up later): the job checks
 * again before any revoke, and waits while a shop order of the same bundle is looking.
 */
import type { EsimGoClient, OrderResponse } from '../../integrations/esimgo/client';
import { EsimGoError } from '../../integrations/esimgo/client';
import {
  inventoryRefundsSince,
  usableInventory,
} from '../../integrations/esimgo/inventory-refunds';
import { isPurchase } from '../../integrations/esimgo/orders-since';
import { done, type JobKind, type JobOutcome, type JobRow, type Lease } from '../../jobs/engine';
import {
  ensureReturn,
  findClaimedInventoryRefunds,
  findReturnsOfProviderOrders,
  markInventoryRefunded,
  markInventoryRefundStarted,
  markRevoked,
  type ReturnRow,
} from './repository';
import type { ReconciliationDependencies } from './service';

export const PROVIDER_RETURN_KIND = 'return-provider-order';

export const providerReturnKey = (reference: string): string =>
  `${PROVIDER_RETURN_KIND}:${reference}`;

const referenceOf = (job: JobRow): string => job.key.slice(PROVIDER_RETURN_KIND.length + 1);

/** Bundle states before the bundle is used: only these go back to the inventory. */
const NOT_STARTED: ReadonlySet<string> = new Set(['processing', 'queued']);
/** The provider's clock and ours differ a little: look this far before our start mark. */
const LOOKBACK_MS = 10 * 60_000;
/** How long to wait for a shop order that is looking for its provider order. */
const SOUGHT_WAIT_MS = 2 * 60_000;

export function providerReturnKind(deps: ReconciliationDependencies): JobKind {
  return {
    maxAttempts: 5,
    retryBaseMs: deps.jobs.retryBaseMs,
    run: (job, lease) => returnProviderOrder(deps, referenceOf(job), lease),
  };
}

/** Where a provider order stands for a return: only an unclaimed purchase may go back. */
export type ProviderOrderStanding = 'not-a-purchase' | 'claimed' | 'sought' | 'returnable';

export async function standingOf(
  deps: ReconciliationDependencies,
  order: OrderResponse,
): Promise<ProviderOrderStanding> {
  if (!order.orderReference || !isPurchase(order) || order.status !== 'completed') {
    return 'not-a-purchase';
  }
  const claimed = await deps.orders.claimedProviderOrders([order.orderReference]);
  if (claimed.has(order.orderReference)) return 'claimed';
  const bundles = order.order.map((line) => line.item);
  return (await deps.orders.isProviderOrderSought(bundles)) ? 'sought' : 'returnable';
}

async function returnProviderOrder(
  deps: ReconciliationDependencies,
  reference: string,
  lease: Lease,
): Promise<JobOutcome> {
  const order = await deps.provider().getOrder(reference);
  switch (await standingOf(deps, order)) {
    case 'not-a-purchase':
    case 'claimed':
      // A shop order holds it now (or it is no purchase): nothing of it is ours to give back.
      return done;
    case 'sought': {
      const until = new Date(deps.clock().getTime() + SOUGHT_WAIT_MS);
      return { kind: 'deferred', until, reason: 'a shop order may still claim this order' };
    }
    case 'returnable':
      break;
  }
  // Fencing: a worker whose lease passed on revokes and refunds nothing.
  if (!(await lease.renew())) return { kind: 'lease-lost' };
  await revokeUnstarted(deps, order);
  for (const row of await findReturnsOfProviderOrders(deps.db, [reference])) {
    if (row.revokedAt && !row.inventoryRefundedAt) await refundOneUse(deps, row);
  }
  return done;
}

/** Revokes every assignment of the order that has not started, each recorded first. */
async function revokeUnstarted(deps: ReconciliationDependencies, order: OrderResponse) {
  const provider = deps.provider();
  const reference = order.orderReference;
  const recorded = new Map(
    (await findReturnsOfProviderOrders(deps.db, [reference])).map((row) => [
      `${row.iccid}#${row.assignmentId}`,
      row,
    ]),
  );
  for (const { iccid, name, assignment } of await assignmentsOf(deps, order)) {
    const known = recorded.get(`${iccid}#${assignment.id}`);
    if (assignment.bundleState.toLowerCase() === 'revoked') {
      // Revoked by an earlier attempt whose answer was lost; one revoked by nobody of ours has no row.
      if (known && !known.revokedAt) await markRevoked(deps.db, known.id, deps.clock());
      continue;
    }
    if (!NOT_STARTED.has(assignment.bundleState.toLowerCase())) continue;
    const row =
      known ??
      (await ensureReturn(deps.db, {
        providerOrderReference: reference,
        iccid,
        bundleName: name,
        assignmentId: assignment.id,
        requestedAt: deps.clock(),
      }));
    if (row.revokedAt) continue;
    await provider.revokeBundle(iccid, { name, assignmentId: assignment.id });
    await markRevoked(deps.db, row.id, deps.clock());
  }
}

type Assignment = Awaited<
  ReturnType<EsimGoClient['getEsimBundles']>
>['bundles'][number]['assignments'][number];

/**
 * The bundle assignments this order put on its eSIMs. eSIM Go names the order on each
 * assignment, alone or with a `-0` suffix; one that names none is the order's only on an eSIM
 * the shop does not know, so a bundle of a buyer's is never taken for it.
 */
async function assignmentsOf(
  deps: ReconciliationDependencies,
  order: OrderResponse,
): Promise<{ iccid: string; name: string; assignment: Assignment }[]> {
  const reference = order.orderReference;
  const items = new Set(order.order.map((line) => line.item));
  const iccids = [
    ...new Set(
      order.order.flatMap((line) => [...line.iccids, ...line.esims.map((esim) => esim.iccid)]),
    ),
  ];
  const shops = await deps.esims.knownIccids(iccids);
  const found: { iccid: string; name: string; assignment: Assignment }[] = [];
  for (const iccid of iccids) {
    for (const bundle of await bundlesOn(deps.provider(), iccid)) {
      for (const assignment of bundle.assignments) {
        const named = assignment.assignmentReference;
        const ours = named
          ? named === reference || named.replace(/-\d+$/, '') === reference
          : !shops.has(iccid) && items.has(bundle.name);
        if (ours) found.push({ iccid, name: bundle.name, assignment });
      }
    }
  }
  return found;
}

/** The eSIM's bundles, used ones too; none once the account no longer holds it. */
async function bundlesOn(provider: EsimGoClient, iccid: string) {
  try {
    return (await provider.getEsimBundles(iccid)).bundles;
  } catch (error) {
    if (error instanceof EsimGoError && error.esimNotHeld) return [];
    throw error;
  }
}

/** One revoked bundle's price back to the balance, looked up first after a lost answer. */
async function refundOneUse(deps: ReconciliationDependencies, row: ReturnRow): Promise<void> {
  const provider = deps.provider();
  if (
    row.inventoryRefundStartedAt &&
    (await claimListedRefund(deps, row, row.inventoryRefundStartedAt))
  ) {
    return;
  }
  const startedAt = deps.clock();
  const use = await usableInventory(provider, row.bundleName);
  if (!use) {
    // Not in the inventory: the refund period is over, or the provider kept nothing back.
    deps.log.warn(
      { bundle: row.bundleName, order: row.providerOrderReference },
      'return: nothing to refund',
    );
    await markInventoryRefunded(deps.db, row.id, { reference: null, cents: 0 }, deps.clock());
    return;
  }
  await markInventoryRefundStarted(deps.db, row.id, startedAt);
  await provider.refundInventory(use, 1);
  if (await claimListedRefund(deps, row, startedAt)) return;
  // Refunded, but not listed (yet): the money is back; what it credited is not told.
  await markInventoryRefunded(deps.db, row.id, { reference: null, cents: null }, deps.clock());
}

/** Claims a listed refund of the bundle that no return and no self-service refund holds. */
async function claimListedRefund(
  deps: ReconciliationDependencies,
  row: ReturnRow,
  startedAt: Date,
): Promise<boolean> {
  const since = new Date(startedAt.getTime() - LOOKBACK_MS);
  const refunds = await inventoryRefundsSince(deps.provider(), row.bundleName, since);
  const references = refunds.map((listed) => listed.orderReference);
  const claimed = new Set([
    ...(await findClaimedInventoryRefunds(deps.db, references)),
    ...(await deps.refunds.claimedInventoryRefunds(references)),
  ]);
  for (const listed of refunds) {
    if (!listed.orderReference || claimed.has(listed.orderReference)) continue;
    const refund = { reference: listed.orderReference, cents: Math.round(listed.total * 100) };
    if (await markInventoryRefunded(deps.db, row.id, refund, deps.clock())) return true;
  }
  return false;
}
