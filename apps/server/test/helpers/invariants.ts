/**
 * The one check every fault test ends with: what the buyer paid for, what the outside world
 * holds and what the shop booked still agree, and no job was left behind by a dead worker.
 * It reads the shop's tables and the stand-ins' own ones (the gateway's transactions, the
 * provider's orders), so it judges by what the outside world received, not by what we think.
 */
import { eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import {
  creditEntries,
  esimGoSandboxOrders,
  esimRefunds,
  esims,
  gatewaySandboxTransactions,
  jobs,
  ledgerEntries,
  orders,
} from '../../src/db/schema';

type OrderRow = Pick<
  typeof orders.$inferSelect,
  | 'id'
  | 'gatewayOrderId'
  | 'status'
  | 'type'
  | 'iccid'
  | 'targetIccid'
  | 'gatewayOperation'
  | 'providerOrderReference'
>;

/** What the world holds for one shop order. */
interface Holdings {
  /** Successful transactions at the gateway, by type. */
  gateway: Map<string, number>;
  esims: number;
  ledger: number;
  /** Refunded by the buyer (a completed self-service refund), the eSIM revoked at the provider. */
  selfRefunded: boolean;
}

/**
 * Empty when the shop is settled and sound:
 * - every order paid at the gateway has exactly one eSIM (fulfilled) or one void/refund
 *   (refunded), never both, and an unpaid one has neither;
 * - one ledger row, one capture (AUTHORIZE mode) and one provider order per fulfilled order,
 *   and the provider holds no order that no fulfilled shop order accounts for;
 * - no unfinished job whose lease ran out (its worker died and nobody took over), none parked.
 */
export async function invariantViolations(db: Db, now = new Date()): Promise<string[]> {
  const rows = await db
    .select({
      id: orders.id,
      gatewayOrderId: orders.gatewayOrderId,
      status: orders.status,
      type: orders.type,
      iccid: orders.iccid,
      targetIccid: orders.targetIccid,
      gatewayOperation: orders.gatewayOperation,
      providerOrderReference: orders.providerOrderReference,
    })
    .from(orders);
  const holdings = await holdingsByOrder(db, rows);
  const listed = await db
    .select({
      reference: esimGoSandboxOrders.reference,
      type: esimGoSandboxOrders.type,
      status: esimGoSandboxOrders.status,
    })
    .from(esimGoSandboxOrders);
  // The provider lists its refunds from the inventory as orders too; purchases are the rest,
  // and one it left failed sold nothing (the shop bought again).
  const purchases = listed.filter((row) => row.type === 'transaction');
  const providerOrders = new Set(
    purchases.filter((row) => row.status !== 'failed').map((row) => row.reference),
  );
  const inventoryRefunds = listed.length - purchases.length;
  const violations = rows.flatMap((order) =>
    orderViolations(order, holdings.get(order.id) ?? emptyHoldings(), providerOrders),
  );
  // A self-service refund revokes the bundles; the provider order itself stays on record.
  const bought = rows.filter(
    (order) => order.status === 'fulfilled' || holdings.get(order.id)?.selfRefunded,
  );
  if (providerOrders.size !== bought.length) {
    violations.push(
      `the provider holds ${providerOrders.size} orders for ${bought.length} fulfilled orders`,
    );
  }
  const selfRefunded = rows.filter((order) => holdings.get(order.id)?.selfRefunded).length;
  if (inventoryRefunds > selfRefunded) {
    violations.push(
      `the provider refunded ${inventoryRefunds} bundles for ${selfRefunded} self-service refunds`,
    );
  }
  violations.push(...(await jobViolations(db, rows, now)));
  violations.push(...(await creditViolations(db)));
  return violations;
}

function orderViolations(
  order: OrderRow,
  held: Holdings,
  providerOrders: ReadonlySet<string>,
): string[] {
  const name = `order ${order.gatewayOrderId} (${order.status})`;
  const count = (type: string) => held.gateway.get(type) ?? 0;
  const paid = count('AUTHORIZATION') + count('PAYMENT');
  const returned = count('VOID_AUTHORIZATION') + count('REFUND');
  const expectedEsims = order.type === 'Regular' ? 1 : 0;
  const found: string[] = [];
  const expect = (holds: boolean, what: string) => {
    if (!holds) found.push(`${name}: ${what}`);
  };
  expect(paid <= 1, `${paid} approved payments at the gateway`);
  expect(count('CAPTURE') <= 1, `${count('CAPTURE')} captures`);
  if (paid === 0) {
    expect(held.esims + held.ledger + returned === 0, 'unpaid, yet delivered or refunded');
    expect(order.providerOrderReference === null, 'unpaid, yet bought at the provider');
    return found;
  }
  switch (order.status) {
    case 'fulfilled':
      expect(held.esims === expectedEsims, `${held.esims} eSIMs stored`);
      expect(order.type === 'Regular' || order.iccid === order.targetIccid, 'topped up elsewhere');
      expect(returned === 0, 'delivered and also voided or refunded');
      expect(held.ledger === 1, `${held.ledger} ledger rows`);
      expect(
        order.providerOrderReference !== null && providerOrders.has(order.providerOrderReference),
        'no provider order of its own',
      );
      expect(
        count('CAPTURE') === (order.gatewayOperation === 'AUTHORIZE' ? 1 : 0),
        `${count('CAPTURE')} captures in ${order.gatewayOperation} mode`,
      );
      return found;
    case 'refunded':
      expect(returned === 1, `${returned} voids or refunds`);
      if (held.selfRefunded) {
        // Delivered, never installed, then given back by the buyer: the invoice line stays.
        expect(held.esims === expectedEsims && held.ledger === 1, 'self-refunded, not booked');
        return found;
      }
      expect(held.esims === 0 && held.ledger === 0, 'refunded, yet delivered');
      return found;
    case 'payment_failed':
      // A payment the shop refused (the wrong amount, its store credit spent meanwhile) is
      // given back at once and never delivered.
      expect(returned === 1, `refused, yet ${returned} voids or refunds`);
      expect(held.esims + held.ledger === 0, 'refused, yet delivered');
      expect(order.providerOrderReference === null, 'refused, yet bought at the provider');
      return found;
    default:
      found.push(`${name}: paid at the gateway, yet neither delivered nor refunded`);
      return found;
  }
}

async function holdingsByOrder(db: Db, rows: readonly OrderRow[]): Promise<Map<number, Holdings>> {
  const byReference = new Map(rows.map((order) => [order.gatewayOrderId, order.id]));
  const holdings = new Map<number, Holdings>(rows.map((order) => [order.id, emptyHoldings()]));
  const transactions = await db
    .select({ orderId: gatewaySandboxTransactions.orderId, type: gatewaySandboxTransactions.type })
    .from(gatewaySandboxTransactions)
    .where(eq(gatewaySandboxTransactions.result, 'SUCCESS'));
  for (const { orderId, type } of transactions) {
    const held = holdings.get(byReference.get(orderId) ?? -1);
    held?.gateway.set(type, (held.gateway.get(type) ?? 0) + 1);
  }
  for (const { orderId } of await db.select({ orderId: esims.orderId }).from(esims)) {
    const held = holdings.get(orderId);
    if (held) held.esims += 1;
  }
  for (const { orderId } of await db
    .select({ orderId: ledgerEntries.orderId })
    .from(ledgerEntries)) {
    const held = holdings.get(orderId);
    if (held) held.ledger += 1;
  }
  for (const { orderId, completedAt } of await db
    .select({ orderId: esimRefunds.orderId, completedAt: esimRefunds.completedAt })
    .from(esimRefunds)) {
    const held = holdings.get(orderId);
    if (held && completedAt) held.selfRefunded = true;
  }
  return holdings;
}

/**
 * Store credit (issue 31): an order holds its credit while it may still be or is paid, none
 * once it is not paid or refunded; no account's balance is ever below zero.
 */
async function creditViolations(db: Db): Promise<string[]> {
  const held = await db
    .select({
      gatewayOrderId: orders.gatewayOrderId,
      status: orders.status,
      creditCents: orders.creditCents,
      net: sql<string>`coalesce(sum(${creditEntries.amountCents}), 0)`,
    })
    .from(orders)
    .leftJoin(creditEntries, eq(creditEntries.orderId, orders.id))
    .groupBy(orders.id);
  const found = held.flatMap((order) => {
    const holds = -Number(order.net);
    const gaveBack = ['cancelled', 'payment_failed', 'refunded'].includes(order.status);
    const expected = gaveBack ? 0 : order.creditCents;
    return holds === expected
      ? []
      : [
          `order ${order.gatewayOrderId} (${order.status}) holds ${holds} cents of credit, not ${expected}`,
        ];
  });
  const balances = await db
    .select({
      clientId: creditEntries.clientId,
      balance: sql<string>`sum(${creditEntries.amountCents})`,
    })
    .from(creditEntries)
    .groupBy(creditEntries.clientId);
  for (const { clientId, balance } of balances) {
    if (Number(balance) < 0)
      found.push(`account ${clientId} has a credit balance of ${balance} cents`);
  }
  return found;
}

async function jobViolations(db: Db, rows: readonly OrderRow[], now: Date): Promise<string[]> {
  const references = new Map(rows.map((order) => [order.id, order.gatewayOrderId]));
  const orderJobs = await db
    .select({
      key: jobs.key,
      kind: jobs.kind,
      lockedUntil: jobs.lockedUntil,
      parkedAt: jobs.parkedAt,
      doneAt: jobs.doneAt,
    })
    .from(jobs)
    .where(like(jobs.key, 'order:%'));
  const found: string[] = [];
  for (const job of orderJobs) {
    const orderId = Number(job.key.slice('order:'.length));
    const name = `${job.kind} job of ${references.get(orderId) ?? orderId}`;
    if (job.doneAt !== null) continue;
    if (job.parkedAt !== null) found.push(`${name}: parked, waiting for an operator`);
    else if (job.lockedUntil !== null && job.lockedUntil < now) {
      found.push(`${name}: stuck past its lease (${job.lockedUntil.toISOString()})`);
    }
  }
  return found;
}

function emptyHoldings(): Holdings {
  return { gateway: new Map(), esims: 0, ledger: 0, selfRefunded: false };
}
