/**
 * What a refund from the inventory needs to read at eSIM Go, for every caller that gives a
 * revoked bundle's price back to the balance (a self-service refund, a reconciliation's return):
 * the use to refund, and, after an answer was lost, the bundleRefund orders the provider lists.
 */
import type { EsimGoClient, OrderResponse } from './client';
import { isInventoryRefundOf, ordersSince } from './orders-since';

/** The first usageId with a use left of this bundle, if the inventory holds one. */
export async function usableInventory(
  provider: EsimGoClient,
  bundle: string,
): Promise<number | undefined> {
  const { bundles } = await provider.getInventory();
  const uses = bundles.find((entry) => entry.name === bundle)?.available ?? [];
  return uses.find((use) => use.remaining > 0)?.id;
}

/** The refunds of one use of `bundle` listed since `since`, oldest first. */
export async function inventoryRefundsSince(
  provider: EsimGoClient,
  bundle: string,
  since: Date,
): Promise<OrderResponse[]> {
  const refunds = (await ordersSince(provider, since)).filter((listed) =>
    isInventoryRefundOf(listed, bundle),
  );
  return refunds.sort((a, b) => (a.createdDate ?? '').localeCompare(b.createdDate ?? ''));
}
