/**
 * Retrieve order, and the merchant's follow-up transactions: capture an authorisation, void
 * one not yet captured, refund captured money. A transaction id names one transaction of an
 * order; by default any reuse is refused, as MPGS may: it documents the id as unique within the
 * order, not as a replay key. Under the control switch the same PUT again gets the stored first
 * answer.
 */
import type { Db } from '../../db/client';
import type { ReusedTransactionIds } from './controls';
import { invalidRequest, unknownOrder } from './gateway-errors';
import { toMinorUnits } from './money';
import { retrieveOrderAnswer, transactionAnswer } from './order-view';
import type {
  OrderStatus,
  RetrieveOrderAnswer,
  TransactionAnswer,
  TransactionRequest,
  TransactionType,
} from './protocol';
import {
  findOrderWithTransactions,
  findTransaction,
  insertTransaction,
  lockOrder,
  type OrderKey,
  type OrderRow,
  type TransactionFields,
  type TransactionRow,
  updateOrder,
} from './repository';

export async function retrieveOrder(db: Db, key: OrderKey): Promise<RetrieveOrderAnswer> {
  const found = await findOrderWithTransactions(db, key);
  if (!found) throw unknownOrder(key.orderId);
  return retrieveOrderAnswer(found.order, found.transactions);
}

interface Plan {
  type: TransactionType;
  amountMinor: number;
  targetTransactionId?: string;
  /** What the transaction changes on the order. */
  changes: Partial<
    Pick<OrderRow, 'status' | 'totalAuthorizedMinor' | 'totalCapturedMinor' | 'totalRefundedMinor'>
  >;
}

export async function applyTransaction(
  db: Db,
  key: OrderKey,
  transactionId: string,
  request: TransactionRequest,
  now: Date,
  reuse: ReusedTransactionIds = 'refuse',
): Promise<TransactionAnswer> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, key);
    if (!order) throw unknownOrder(key.orderId);
    const earlier = await findTransaction(tx, key, transactionId);
    if (earlier && reuse === 'refuse') throw transactionIdInUse(transactionId);
    if (earlier) return replay(earlier, request, order);
    const plan = await planFor(tx, key, order, request);
    const updated = await updateOrder(tx, key, { ...plan.changes, updatedAt: now });
    if (!updated) throw unknownOrder(key.orderId);
    const row: TransactionFields = {
      ...key,
      transactionId,
      type: plan.type,
      result: 'SUCCESS',
      gatewayCode: 'APPROVED',
      amountMinor: plan.amountMinor,
      currency: order.currency,
      targetTransactionId: plan.targetTransactionId ?? null,
      cardBrand: null,
      cardLast4: null,
      response: null,
      createdAt: now,
    };
    const answer = transactionAnswer(updated, row);
    await insertTransaction(tx, { ...row, response: answer });
    return answer;
  });
}

async function planFor(
  tx: Db,
  key: OrderKey,
  order: OrderRow,
  request: TransactionRequest,
): Promise<Plan> {
  switch (request.apiOperation) {
    case 'CAPTURE':
      return planCapture(order, amountOf(request.transaction, order));
    case 'REFUND':
      return planRefund(order, amountOf(request.transaction, order));
    case 'VOID': {
      const target = await findTransaction(tx, key, request.transaction.targetTransactionId);
      return planVoid(order, target, request.transaction.targetTransactionId);
    }
  }
}

function planCapture(order: OrderRow, amountMinor: number): Plan {
  if (order.status !== 'AUTHORIZED' && order.status !== 'PARTIALLY_CAPTURED') {
    throw invalidRequest(
      `Capture not permitted: the order is ${order.status}; only an authorised order can be captured`,
    );
  }
  const captured = order.totalCapturedMinor + amountMinor;
  if (captured > order.totalAuthorizedMinor) {
    throw invalidRequest(
      'Requested capture amount exceeds the authorised amount not yet captured',
      'transaction.amount',
    );
  }
  const status: OrderStatus =
    captured === order.totalAuthorizedMinor ? 'CAPTURED' : 'PARTIALLY_CAPTURED';
  return { type: 'CAPTURE', amountMinor, changes: { status, totalCapturedMinor: captured } };
}

function planVoid(order: OrderRow, target: TransactionRow | undefined, targetId: string): Plan {
  if (order.status !== 'AUTHORIZED') {
    throw invalidRequest(
      `Void not permitted: the order is ${order.status}; only an authorisation not yet captured can be voided`,
    );
  }
  if (target?.type !== 'AUTHORIZATION' || target.result !== 'SUCCESS') {
    throw invalidRequest(
      `Transaction ${targetId} is not an approved authorisation of this order`,
      'transaction.targetTransactionId',
    );
  }
  return {
    type: 'VOID_AUTHORIZATION',
    amountMinor: target.amountMinor,
    targetTransactionId: targetId,
    changes: { status: 'VOIDED', totalAuthorizedMinor: 0 },
  };
}

function planRefund(order: OrderRow, amountMinor: number): Plan {
  const refundable = order.totalCapturedMinor - order.totalRefundedMinor;
  if (refundable <= 0) {
    throw invalidRequest(
      `Refund not permitted: the order is ${order.status} and has no captured money left to refund`,
    );
  }
  if (amountMinor > refundable) {
    throw invalidRequest(
      'Requested refund amount exceeds the captured amount not yet refunded',
      'transaction.amount',
    );
  }
  const refunded = order.totalRefundedMinor + amountMinor;
  const status: OrderStatus =
    refunded === order.totalCapturedMinor ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  return { type: 'REFUND', amountMinor, changes: { status, totalRefundedMinor: refunded } };
}

function amountOf(transaction: { amount: string | number; currency: string }, order: OrderRow) {
  if (transaction.currency !== order.currency) {
    throw invalidRequest(
      `transaction.currency must be the order's currency, ${order.currency}`,
      'transaction.currency',
    );
  }
  const minor = toMinorUnits(transaction.amount, order.currency);
  if (minor === undefined) {
    throw invalidRequest(
      `transaction.amount must be a positive amount in ${order.currency}`,
      'transaction.amount',
    );
  }
  return minor;
}

const typeOfOperation: Record<TransactionRequest['apiOperation'], TransactionType> = {
  CAPTURE: 'CAPTURE',
  REFUND: 'REFUND',
  VOID: 'VOID_AUTHORIZATION',
};

/** The same PUT again gets the first answer; a different request under a used id is refused. */
function replay(
  earlier: TransactionRow,
  request: TransactionRequest,
  order: OrderRow,
): TransactionAnswer {
  const same =
    earlier.response !== null &&
    earlier.type === typeOfOperation[request.apiOperation] &&
    (request.apiOperation === 'VOID'
      ? earlier.targetTransactionId === request.transaction.targetTransactionId
      : request.transaction.currency === earlier.currency &&
        toMinorUnits(request.transaction.amount, order.currency) === earlier.amountMinor);
  if (!same) throw transactionIdInUse(earlier.transactionId);
  return earlier.response as TransactionAnswer;
}

/**
 * "must be unique for transactions you create within an order":
 * https://developer.mastercard.com/mastercard-gateway/documentation/build/hosted-batch/integrate-hosted-batch/know-your-input-fields/
 * refused as a request error (400 INVALID_REQUEST, the cause MPGS gives a request it will not
 * process: https://developer.mastercard.com/mastercard-gateway/documentation/testing/trans-error/).
 */
function transactionIdInUse(transactionId: string) {
  return invalidRequest(
    `Transaction ID ${transactionId} is already used by another transaction on this order`,
    'transaction.id',
  );
}
