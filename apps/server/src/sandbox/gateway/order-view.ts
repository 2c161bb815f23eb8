/**
 * Rows to the gateway's JSON answers, in one place: amounts back from minor units to decimals,
 * times to ISO 8601, cards masked to their last four digits.
 */
import { fromMinorUnits } from './money';
import type {
  CardView,
  DeviceCardView,
  OrderStatus,
  OrderSummary,
  RetrieveOrderAnswer,
  TransactionAnswer,
  TransactionEntry,
} from './protocol';
import { API_VERSION } from './protocol';
import type { OrderRow, TransactionFields } from './repository';
import { testWallets, type WalletProvider } from './test-wallets';

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
    entry.sourceOfFunds = {
      type: 'CARD',
      provided: { card: row.walletProvider ? deviceCard(card, row.walletProvider) : card },
    };
    // The token the payment stored the card under: Retrieve Order shows it with the
    // transaction (cof-hosted-checkout: "Hosted Checkout provides a token only").
    if (row.token) entry.sourceOfFunds.token = row.token;
  }
  return entry;
}

/** A wallet payment's card: the funding card with the wallet's device card beside it. */
function deviceCard(card: CardView, wallet: WalletProvider): DeviceCardView {
  const held = testWallets[wallet];
  const expiry = { month: held.expiry.slice(0, 2), year: held.expiry.slice(2) };
  return {
    ...card,
    encryption: 'DEVICE',
    deviceSpecificNumber: `xxxxxxxxxxxx${held.deviceLast4}`,
    deviceSpecificExpiry: expiry,
    expiry,
    devicePayment: { cryptogramFormat: '3DSECURE' },
  };
}

export function retrieveOrderAnswer(
  order: OrderRow,
  transactions: TransactionFields[],
): RetrieveOrderAnswer {
  // The wallet of the order's last wallet payment, as order.walletProvider.
  const walletProvider = transactions.findLast((row) => row.walletProvider)?.walletProvider;
  return {
    ...orderSummary(order),
    merchant: order.merchantId,
    ...(walletProvider ? { walletProvider } : {}),
    result: FAILED_ORDER_STATUSES.has(order.status) ? 'FAILURE' : 'SUCCESS',
    transaction: transactions.map(transactionEntry),
  };
}

export function transactionAnswer(order: OrderRow, row: TransactionFields): TransactionAnswer {
  const { sourceOfFunds: _card, ...entry } = transactionEntry(row);
  return { ...entry, merchant: order.merchantId, order: orderSummary(order), version: API_VERSION };
}
