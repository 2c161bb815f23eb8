/**
 * Rows to the gateway's JSON answers, in one place: amounts back from minor units to decimals,
 * times to ISO 8601, cards masked to their last four digits.
 */
import { fromMinorUnits } from './money';
import type {
  OrderStatus,
  OrderSummary,
  RetrieveOrderAnswer,
  TransactionAnswer,
  TransactionEntry,
} from './protocol';
import { API_VERSION } from './protocol';
import type { OrderRow, TransactionFields } from './repository';

/** The order's last attempt failed: a declined payment, or a payer who failed 3-D Secure. */
const FAILED_ORDER_STATUSES: ReadonlySet<OrderStatus> = new Set([
  'FAILED',
  'AUTHENTICATION_UNSUCCESSFUL',
]);

export function orderSummary(order: OrderRow): OrderSummary {
  const money = (minor: number) => fromMinorUnits(minor, order.currency);
  return {
    id: order.orderId,
    amount: money(order.amountMinor),
    currency: order.currency,
    description: order.description,
    status: order.status,
    totalAuthorizedAmount: money(order.totalAuthorizedMinor),
    totalCapturedAmount: money(order.totalCapturedMinor),
    totalRefundedAmount: money(order.totalRefundedMinor),
    creationTime: order.createdAt.toISOString(),
    lastUpdatedTime: order.updatedAt.toISOString(),
  };
}

export function transactionEntry(row: TransactionFields): TransactionEntry {
  const entry: TransactionEntry = {
    result: row.result,
    response: {
      gatewayCode: row.gatewayCode,
      acquirerCode: row.result === 'SUCCESS' ? '00' : '05',
    },
    transaction: {
      id: row.transactionId,
      type: row.type,
      amount: fromMinorUnits(row.amountMinor, row.currency),
      currency: row.currency,
      ...(row.targetTransactionId ? { targetTransactionId: row.targetTransactionId } : {}),
    },
    timeOfRecord: row.createdAt.toISOString(),
  };
  if (row.cardBrand && row.cardLast4) {
    const card = { brand: row.cardBrand, number: `xxxxxxxxxxxx${row.cardLast4}` };
    entry.sourceOfFunds = { type: 'CARD', provided: { card } };
    // The token the payment stored the card under: Retrieve Order shows it with the
    // transaction (cof-hosted-checkout: "Hosted Checkout provides a token only").
    if (row.token) entry.sourceOfFunds.token = row.token;
  }
  return entry;
}

export function retrieveOrderAnswer(
  order: OrderRow,
  transactions: TransactionFields[],
): RetrieveOrderAnswer {
  return {
    ...orderSummary(order),
    merchant: order.merchantId,
    result: FAILED_ORDER_STATUSES.has(order.status) ? 'FAILURE' : 'SUCCESS',
    transaction: transactions.map(transactionEntry),
  };
}

export function transactionAnswer(order: OrderRow, row: TransactionFields): TransactionAnswer {
  const { sourceOfFunds: _card, ...entry } = transactionEntry(row);
  return { ...entry, merchant: order.merchantId, order: orderSummary(order), version: API_VERSION };
}
