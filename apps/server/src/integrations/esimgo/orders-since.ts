/**
 * Reading eSIM Go's order list back, for a caller whose answer was lost: a purchase made
 * (provider-order.ts) or a bundle refunded from the inventory (refunds). The list holds both
 * kinds: a refund is a completed `bundleRefund` order naming the same bundle and no eSIM, which
 * must never be taken for a purchase.
 */
import type { EsimGoClient, OrderResponse } from './client';

const LOOKUP_PAGE_SIZE = 100;
const LOOKUP_MAX_PAGES = 20;

/** Every provider order created since `since`, or a failure: "none" must be sure. */
export async function ordersSince(provider: EsimGoClient, since: Date): Promise<OrderResponse[]> {
  const found = new Map<string, OrderResponse>();
  for (let page = 1; page <= LOOKUP_MAX_PAGES; page += 1) {
    // No retries inside the call: the job's own retries ask again.
    const answer = await provider.listOrders(
      { createdFrom: since, page, perPage: LOOKUP_PAGE_SIZE },
      { retries: 0 },
    );
    const before = found.size;
    for (const order of answer.orders) found.set(order.orderReference || `#${found.size}`, order);
    // A bare list tells no page count: a short page ends it, and so does a page that brings
    // nothing new (a provider that does not page at all answers the same list again).
    const lastPage = answer.pageCount !== undefined && page >= answer.pageCount;
    const nothingNew = found.size === before;
    if (answer.orders.length < LOOKUP_PAGE_SIZE || lastPage || nothingNew)
      return [...found.values()];
  }
  throw new Error(`More than ${LOOKUP_MAX_PAGES} pages of provider orders to look through`);
}

/**
 * eSIM Go left the order failed: it holds no eSIM and never will. Its status is a free string
 * (https://docs.esim-go.com/api/v2_4/operations/ordersorderreference), so any case is read.
 */
export function isFailed(order: OrderResponse): boolean {
  return order.status.toLowerCase() === 'failed';
}

/** A purchase of bundles: every line a bundle (a line without a type is read as one). */
export function isPurchase(order: OrderResponse): boolean {
  return order.order.every((line) => (line.type ?? 'bundle') === 'bundle');
}

/** A refund of one use of `bundle` from the inventory to the balance. */
export function isInventoryRefundOf(order: OrderResponse, bundle: string): boolean {
  return (
    order.order.length === 1 &&
    order.order[0]?.type === 'bundleRefund' &&
    order.order[0]?.item === bundle &&
    order.order[0]?.quantity === 1
  );
}
