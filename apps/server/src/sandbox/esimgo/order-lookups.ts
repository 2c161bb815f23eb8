/**
 * `GET /orders` and `GET /orders/{ref}` of the simulator: orders as eSIM Go shows them, each
 * line with the eSIMs its bundles went to once the order is completed.
 */
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import {
  type CreatedRange,
  findInstallRows,
  findOrder,
  findOrdersPage,
  type InstallRow,
  type OrderRow,
} from './esims-repository';
import { completeDueOrders, lineResult, pricedFromStored } from './orders-service';
import {
  DEFAULT_ORDERS_PER_PAGE,
  type OrderResult,
  type OrdersListQuery,
  type OrdersPage,
} from './protocol';

// Get order detail: https://docs.esim-go.com/api/v2_4/operations/ordersorderreference
export async function orderDetail(db: Db, reference: string, now: Date): Promise<OrderResult> {
  await completeDueOrders(db, now);
  const order = await findOrder(db, reference, now);
  if (!order) throw badRequest('standIn.orderNotFound', { reference });
  return toOrderResult(order, await findInstallRows(db, [reference]));
}

// List orders, newest first: https://docs.esim-go.com/api/v2_4/operations/orders/get/
export async function listOrders(db: Db, query: OrdersListQuery, now: Date): Promise<OrdersPage> {
  await completeDueOrders(db, now);
  const pageSize = query.limit ?? query.perPage ?? DEFAULT_ORDERS_PER_PAGE;
  const { rows, total } = await findOrdersPage(
    db,
    createdRange(query.createdAt),
    { offset: (query.page - 1) * pageSize, limit: pageSize },
    now,
  );
  const installs = await findInstallRows(
    db,
    rows.map((row) => row.reference),
  );
  return {
    orders: rows.map((row) =>
      toOrderResult(
        row,
        installs.filter((install) => install.orderReference === row.reference),
      ),
    ),
    pageCount: Math.ceil(total / pageSize),
    pageSize,
    rows: total,
  };
}

/** `gte:<date>` and `lte:<date>` bounds, as the createdAt parameter gives them. */
function createdRange(bounds: string | string[] | undefined): CreatedRange {
  const range: CreatedRange = {};
  for (const bound of [bounds ?? []].flat()) {
    const at = new Date(bound.slice(4));
    if (bound.startsWith('gte:')) range.from = at;
    else range.to = at;
  }
  return range;
}

/** An order as eSIM Go shows it: each line with the eSIMs its bundles went to, once assigned. */
function toOrderResult(order: OrderRow, installs: readonly InstallRow[]): OrderResult {
  if (order.type === 'bundleRefund') return toRefundResult(order);
  const unclaimed = [...installs];
  const lines = order.lines.map((stored) => {
    const priced = pricedFromStored(stored);
    const mine = takeInstalls(unclaimed, stored.item, stored.quantity);
    // Before the eSIMs exist, a top-up still names the eSIMs it was asked for.
    if (order.status !== 'completed') {
      return { ...lineResult(priced), ...(stored.iccids ? { iccids: stored.iccids } : {}) };
    }
    return {
      ...lineResult(priced),
      iccids: mine.map((install) => install.iccid),
      esims: mine.map(({ iccid, matchingId, smdpAddress }) => ({ iccid, matchingId, smdpAddress })),
    };
  });
  const esimCount = lines.reduce((sum, line) => sum + (line.esims?.length ?? 0), 0);
  return {
    order: lines,
    total: order.totalCents / 100,
    currency: 'USD',
    status: order.status,
    statusMessage: statusMessageOf(order.status, esimCount),
    orderReference: order.reference,
    createdDate: order.createdAt.toISOString(),
    assigned: order.status === 'completed',
  };
}

function statusMessageOf(status: OrderRow['status'], esimCount: number): string {
  switch (status) {
    case 'completed':
      return `Order completed: ${esimCount} eSIMs assigned`;
    case 'processing':
      return 'Order is being processed';
    case 'failed':
      return 'Order failed: no eSIMs were assigned';
  }
}

/** A refund from the inventory: completed, the same bundle as its purchase, and no eSIM. */
function toRefundResult(order: OrderRow): OrderResult {
  return {
    order: order.lines.map((stored) => ({
      ...lineResult(pricedFromStored(stored)),
      type: 'bundleRefund',
    })),
    total: order.totalCents / 100,
    currency: 'USD',
    status: 'completed',
    statusMessage: 'Bundle refunded to the organisation balance',
    orderReference: order.reference,
    createdDate: order.createdAt.toISOString(),
    assigned: false,
  };
}

/** Removes and returns the first `quantity` install rows of one bundle. */
function takeInstalls(rows: InstallRow[], bundle: string, quantity: number): InstallRow[] {
  const taken: InstallRow[] = [];
  for (let index = 0; index < rows.length && taken.length < quantity; ) {
    const row = rows[index];
    if (row?.bundleName === bundle) taken.push(...rows.splice(index, 1));
    else index += 1;
  }
  return taken;
}
