/**
 * The books of `npm run bench:load` once the load is over: the shop's database against the
 * stand-ins' (what the gateway took, what the provider sold). A paid order must end with one
 * eSIM or its money back; nothing may exist twice for one order.
 */
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../src/db/client';
import { esimGoSandboxOrders, gatewaySandboxTransactions } from '../src/db/schema';

export interface Audit {
  orders: number;
  fulfilled: number;
  /** How many orders ended in each status. */
  statuses: Map<string, number>;
  /** Still paid or being fulfilled: the worker has work left. */
  unsettled: number;
  /** Paid at the gateway, yet neither an eSIM nor a void or refund. */
  lost: string[];
  /** More than one eSIM, ledger row or capture for one order; provider orders no order claims. */
  duplicated: string[];
  /** Fulfilment jobs neither done nor parked whose lease ran out more than a minute ago. */
  stuckJobs: number;
}

interface ShopOrder {
  reference: string;
  status: string;
  provider_reference: string | null;
  esims: number;
  ledger_rows: number;
}

export async function auditOrders(shopDatabaseUrl: string, standIns: Db): Promise<Audit> {
  const shop = await shopFigures(shopDatabaseUrl);
  const byReference = new Map(shop.orders.map((order) => [order.reference, order]));
  const transactions = await standIns
    .select({ orderId: gatewaySandboxTransactions.orderId, type: gatewaySandboxTransactions.type })
    .from(gatewaySandboxTransactions)
    .where(
      and(
        eq(gatewaySandboxTransactions.result, 'SUCCESS'),
        inArray(gatewaySandboxTransactions.type, [
          'AUTHORIZATION',
          'PAYMENT',
          'CAPTURE',
          'VOID_AUTHORIZATION',
          'REFUND',
        ]),
      ),
    );
  const lost: string[] = [];
  const duplicated: string[] = [];
  for (const [reference, types] of groupTypes(transactions)) {
    const order = byReference.get(reference);
    const paid = types.includes('AUTHORIZATION') || types.includes('PAYMENT');
    const moneyBack = types.includes('VOID_AUTHORIZATION') || types.includes('REFUND');
    if (paid && !moneyBack && (order?.esims ?? 0) === 0) {
      lost.push(`${reference} (${order?.status ?? 'unknown to the shop'})`);
    }
    const captures = types.filter((type) => type === 'CAPTURE').length;
    if (captures > 1) duplicated.push(`${reference}: ${captures} captures`);
  }
  for (const order of shop.orders) {
    if (order.esims > 1) duplicated.push(`${order.reference}: ${order.esims} eSIMs`);
    if (order.ledger_rows > 1)
      duplicated.push(`${order.reference}: ${order.ledger_rows} ledger rows`);
  }
  const claimed = new Set(shop.orders.map((order) => order.provider_reference));
  const providerOrders = await standIns
    .select({ reference: esimGoSandboxOrders.reference })
    .from(esimGoSandboxOrders);
  for (const { reference } of providerOrders) {
    if (!claimed.has(reference)) duplicated.push(`provider order ${reference} belongs to no order`);
  }
  return {
    orders: shop.orders.length,
    fulfilled: shop.orders.filter((order) => order.status === 'fulfilled').length,
    statuses: countStatuses(shop.orders),
    unsettled: shop.orders.filter((order) => ['paid', 'fulfilling'].includes(order.status)).length,
    lost,
    duplicated,
    stuckJobs: shop.stuckJobs,
  };
}

function countStatuses(orders: ShopOrder[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { status } of orders) counts.set(status, (counts.get(status) ?? 0) + 1);
  return counts;
}

function groupTypes(rows: { orderId: string; type: string }[]): Map<string, string[]> {
  const grouped = new Map<string, string[]>();
  for (const { orderId, type } of rows)
    grouped.set(orderId, [...(grouped.get(orderId) ?? []), type]);
  return grouped;
}

async function shopFigures(url: string): Promise<{ orders: ShopOrder[]; stuckJobs: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const orders = await client.query<ShopOrder>(
      `select o.gateway_order_id as reference, o.status,
              o.provider_order_reference as provider_reference,
              (select count(*)::int from esims e where e.order_id = o.id) as esims,
              (select count(*)::int from ledger_entries l where l.order_id = o.id) as ledger_rows
         from orders o`,
    );
    const stuck = await client.query<{ n: number }>(
      `select count(*)::int as n from jobs
        where done_at is null and parked_at is null
          and locked_until < now() - interval '1 minute'`,
    );
    return { orders: orders.rows, stuckJobs: stuck.rows[0]?.n ?? 0 };
  } finally {
    await client.end();
  }
}
