/**
 * Retrieve order, and the merchant's follow-up transactions: capture an authorisation, void
 * one not yet captured, refund captured money. A transaction id names one transaction of an
 * order; by default any reuse is refused, as MPGS may: it documents the id as unique within the
 * order, not as a replay key. Under the control switch the same PUT again gets the stored first
 * answer.
 *
 * A transaction answered PENDING or UNKNOWN (a control switch) has been sent to the acquirer
 * without an outcome yet. MPGS's Transaction Errors page asks the merchant to retrieve it
 * later or resubmit the identical request under the same id, which the gateway does not
 * process twice (https://developer.mastercard.com/mastercard-gateway/documentation/testing/trans-error/):
 * such a resubmission gets the transaction's answer as it stands. The outcome comes by
 * itself after SETTLE_AFTER_MS on the gateway's clock, or at once through the `settle`
 * control, and it holds whatever the merchant did meanwhile: a second capture or refund sent
 * under a new id takes or returns the money twice, as it would at a real acquirer.
 */
import type { Db } from '../../db/client';
import type { ReusedTransactionIds, TransactionOperation, UnsettledResult } from './controls';
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
  findOrdersWithUnsettled,
  findOrderWithTransactions,
  findTransaction,
  findUnsettledTransactions,
  insertTransaction,
  lockOrder,
  type OrderKey,
  type OrderRow,
  settleTransaction,
  type TransactionFields,
  type TransactionRow,
  updateOrder,
} from './repository';

/** How long an unsettled transaction waits for its outcome when nobody settles it. */
export const SETTLE_AFTER_MS = 60_000;

export async function retrieveOrder(
  db: Db,
  key: OrderKey,
  now: Date,
): Promise<RetrieveOrderAnswer> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, key);
    if (!order) throw unknownOrder(key.orderId);
    await settleDue(tx, key, order, now);
    const found = await findOrderWithTransactions(tx, key);
    if (!found) throw unknownOrder(key.orderId);
    return retrieveOrderAnswer(found.order, found.transactions);
  });
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

export interface TransactionSwitches {
  reuse: ReusedTransactionIds;
  /** Whether a new transaction of this operation is to be answered without an outcome. */
  unsettled: (operation: TransactionOperation) => UnsettledResult | undefined;
}

const noSwitches: TransactionSwitches = { reuse: 'refuse', unsettled: () => undefined };

export async function applyTransaction(
  db: Db,
  key: OrderKey,
  transactionId: string,
  request: TransactionRequest,
  now: Date,
  switches: TransactionSwitches = noSwitches,
): Promise<TransactionAnswer> {
  return db.transaction(async (tx) => {
    const locked = await lockOrder(tx, key);
    if (!locked) throw unknownOrder(key.orderId);
    const order = await settleDue(tx, key, locked, now);
    const earlier = await findTransaction(tx, key, transactionId);
    if (earlier && (switches.reuse === 'replay' || wasUnsettled(earlier))) {
      return replay(earlier, request, order);
    }
    if (earlier) throw transactionIdInUse(transactionId);
    const plan = await planFor(tx, key, order, request);
    const unsettled = switches.unsettled(request.apiOperation);
    const row: TransactionFields = {
      ...key,
      transactionId,
      type: plan.type,
      result: unsettled ?? 'SUCCESS',
      gatewayCode: unsettled ? unsettledCode[unsettled] : 'APPROVED',
      amountMinor: plan.amountMinor,
      currency: order.currency,
      targetTransactionId: plan.targetTransactionId ?? null,
      cardBrand: null,
      cardLast4: null,
      cardExpiry: null,
      token: null,
      authenticationStatus: null,
      redirectResponseUrl: null,
      response: null,
      settledAt: null,
      createdAt: now,
    };
    // Without an outcome, nothing moves yet: the order stays as it is until it settles.
    const updated = unsettled
      ? order
      : await updateOrder(tx, key, { ...plan.changes, updatedAt: now });
    if (!updated) throw unknownOrder(key.orderId);
    const answer = transactionAnswer(updated, row);
    await insertTransaction(tx, { ...row, response: answer });
    return answer;
  });
}

/** MPGS's response.gatewayCode for each result without an outcome. */
const unsettledCode = { PENDING: 'SUBMITTED', UNKNOWN: 'UNKNOWN' } as const;

/** A capture, void or refund first answered without an outcome: resubmitted, never redone. */
function wasUnsettled(row: TransactionRow): boolean {
  return row.settledAt !== null || row.result === 'PENDING' || row.result === 'UNKNOWN';
}

/**
 * Gives the order's unsettled transactions their outcome (approved), those due by `now`, or
 * all of them. The acquirer had them, so each takes effect as it stands, without the checks a
 * new transaction gets; returns the order as it is afterwards.
 */
export async function settleDue(
  tx: Db,
  key: OrderKey,
  order: OrderRow,
  now: Date,
  all = false,
): Promise<OrderRow> {
  let current = order;
  for (const row of await findUnsettledTransactions(tx, key)) {
    if (!all && now.getTime() - row.createdAt.getTime() < SETTLE_AFTER_MS) continue;
    const updated = await updateOrder(tx, key, { ...settledChanges(current, row), updatedAt: now });
    if (!updated) throw unknownOrder(key.orderId);
    current = updated;
    const settled = { ...row, result: 'SUCCESS', gatewayCode: 'APPROVED', settledAt: now } as const;
    await settleTransaction(tx, key, row.transactionId, {
      result: settled.result,
      gatewayCode: settled.gatewayCode,
      settledAt: now,
      response: transactionAnswer(current, settled),
    });
  }
  return current;
}

/** Every unsettled transaction gets its outcome now (the `settle` control); returns how many. */
export async function settleEverything(db: Db, now: Date): Promise<number> {
  const keys = await findOrdersWithUnsettled(db);
  for (const key of keys) {
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, key);
      if (order) await settleDue(tx, key, order, now, true);
    });
  }
  return keys.length;
}

function settledChanges(order: OrderRow, row: TransactionRow): Plan['changes'] {
  switch (row.type) {
    case 'CAPTURE': {
      const captured = order.totalCapturedMinor + row.amountMinor;
      const status = captured >= order.totalAuthorizedMinor ? 'CAPTURED' : 'PARTIALLY_CAPTURED';
      return { status, totalCapturedMinor: captured };
    }
    case 'REFUND': {
      const refunded = order.totalRefundedMinor + row.amountMinor;
      const status = refunded >= order.totalCapturedMinor ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      return { status, totalRefundedMinor: refunded };
    }
    default:
      return { status: 'VOIDED', totalAuthorizedMinor: 0 };
  }
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
export function transactionIdInUse(transactionId: string) {
  return invalidRequest(
    `Transaction ID ${transactionId} is already used by another transaction on this order`,
    'transaction.id',
  );
}
