/**
 * What the day's reconciliation (modules/reconciliation) needs of orders: which gateway order
 * ids and provider orders shop orders hold, whether a shop order is still looking for a lost
 * provider order, the day's paid orders not settled, and the money of a payment no shop order
 * holds given back through money-back's `returnPayment`, which reads the gateway's view first,
 * so a repeat voids or refunds nothing twice. The orders table stays this module's own.
 */
import type { OrdersDependencies } from './dependencies';
import { type MoneyReturn, returnPayment } from './money-back';
import {
  findClaimedProviderOrders,
  findOwnedGatewayOrderIds,
  findPaidUnsettledOrders,
  isProviderOrderSought,
  type UnsettledPaidOrder,
} from './repository';

export type { MoneyReturn, UnsettledPaidOrder };

export type OrderReconciliation = ReturnType<typeof createOrderReconciliation>;

export function createOrderReconciliation(deps: OrdersDependencies) {
  return {
    /** Which of these gateway order ids are shop orders'. */
    ownedGatewayOrderIds: (ids: readonly string[]) => findOwnedGatewayOrderIds(deps.db, ids),
    /** Which of these provider orders a shop order holds. */
    claimedProviderOrders: (references: readonly string[]) =>
      findClaimedProviderOrders(deps.db, references),
    /** Whether a shop order of one of these bundles is still looking for its provider order. */
    isProviderOrderSought: (bundles: readonly string[]) => isProviderOrderSought(deps.db, bundles),
    /** Orders created within [from, to) paid and not delivered, or with a refund under way. */
    paidUnsettled: (from: Date, to: Date) => findPaidUnsettledOrders(deps.db, from, to),
    /**
     * Gives back the money of a gateway order no shop order holds: the caller has checked
     * that, and checks it again just before (ownedGatewayOrderIds).
     */
    returnUnownedPayment: (gatewayOrderId: string): Promise<MoneyReturn> =>
      returnPayment(deps.gateway(), { gatewayOrderId, paymentTransactionId: null }),
  };
}
