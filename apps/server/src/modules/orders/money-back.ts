/**
 * Gives a buyer's money back: releases the hold (void) when it was only authorised, refunds
 * what was captured, then tells the buyer. What to do is read from the gateway's own view of
 * the order each time, so a retry after a crash or a lost answer never voids or refunds twice:
 * a void or refund the order shows without an outcome (PENDING, UNKNOWN) is resubmitted under
 * its own id, and only a new one gets an id the order has not used (MPGS does not replay ids).
 */
import {
  type GatewayClient,
  type GatewayOrder,
  nextTransactionId,
  OutcomeAwaited,
  requireApproved,
  unsettledTransaction,
} from '../../integrations/gateway/client';
import { done, type JobOutcome } from '../../jobs/engine';
import { creditOrderOf } from './credit-order';
import type { OrdersDependencies } from './dependencies';
import { awaitingGateway, paymentTransactionId } from './gateway-verdict';
import { mailOrderOf, paymentReturnedMail } from './order-mail';

import { addOrderEvent, type OrderRow, updateOrder } from './repository';
import { mayBeRefunded } from './status';

/** How the money went back: a released hold, or a refund of money taken. */
export type MoneyReturn = 'voided' | 'refunded' | 'nothing-taken';

const refundableStatuses = ['paid', 'fulfilling', 'fulfilled', 'fulfilment_failed'] as const;

export async function giveMoneyBack(
  deps: OrdersDependencies,
  order: OrderRow,
): Promise<JobOutcome> {
  if (!mayBeRefunded(order.status)) return done;
  let how: MoneyReturn;
  try {
    how = await returnPayment(deps.gateway(), order);
  } catch (error) {
    return awaitingGateway(error, deps.clock);
  }
  const contact = await deps.clients.contactOf(order.clientId);
  if (contact) {
    const recipient = {
      brandName: deps.brandName,
      to: contact.email,
      name: contact.name,
      language: contact.language,
    };
    const reason = order.status === 'fulfilment_failed' ? 'undeliverable' : 'operator';
    await deps.mailer.send(
      paymentReturnedMail(recipient, await mailOrderOf(deps, order), how, reason),
    );
  }
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const changed = await updateOrder(
      tx,
      order.id,
      { status: 'refunded', refundedAt: now, updatedAt: now },
      refundableStatuses,
    );
    if (!changed) return;
    await addOrderEvent(tx, order.id, now, 'refunded', how);
    // The card part went back to the card; the store credit part goes back as credit.
    if (changed.creditCents > 0) {
      await deps.credit.returnFromOrder(tx, creditOrderOf(changed), 'order-refund');
    }
    // The buyer's ledger shows the refund, and its credit note, as after a self-service refund.
    await deps.ledger.markRefunded(order.id, now, tx);
  });
  return done;
}

/**
 * Voids a hold or refunds what was taken, as the gateway's view of the order says; also for a
 * payment the shop refuses (the wrong amount), which never reaches the paid statuses, and for
 * one no shop order holds (the reconciliation's), known by the gateway's order id alone.
 */
export async function returnPayment(
  gateway: GatewayClient,
  order: Pick<OrderRow, 'gatewayOrderId' | 'paymentTransactionId'>,
): Promise<MoneyReturn> {
  try {
    return await returnOnce(gateway, order);
  } catch (error) {
    if (error instanceof OutcomeAwaited) throw error;
    // A twin asking at the same moment (the buyer's return and the gateway's notification, say)
    // read the same order and sent the same transaction id first: the gateway refuses the
    // second. What the gateway shows now tells whether the money is already back.
    const returned = alreadyReturned(await gateway.retrieveOrder(order.gatewayOrderId));
    if (returned) return returned;
    throw error;
  }
}

async function returnOnce(
  gateway: GatewayClient,
  order: Pick<OrderRow, 'gatewayOrderId' | 'paymentTransactionId'>,
): Promise<MoneyReturn> {
  const reference = order.gatewayOrderId;
  const current = await gateway.retrieveOrder(reference);
  if (!current) return 'nothing-taken';
  switch (current.status) {
    case 'AUTHORIZED':
      await voidHold(gateway, current, order.paymentTransactionId);
      return 'voided';
    case 'CAPTURED':
    case 'PARTIALLY_CAPTURED':
    case 'PARTIALLY_REFUNDED':
      await refundTaken(gateway, current);
      return 'refunded';
    default:
      return alreadyReturned(current) ?? 'nothing-taken';
  }
}

/**
 * The hold released or the capture given back. MPGS is reported to show CANCELLED after a void,
 * our first reading was VOIDED; the stored pages list neither, so both are read (the gateway
 * stand-in gives CANCELLED).
 */
function alreadyReturned(current: GatewayOrder | undefined): MoneyReturn | undefined {
  switch (current?.status) {
    case 'VOIDED':
    case 'CANCELLED':
      return 'voided';
    case 'REFUNDED':
      return 'refunded';
    default:
      return undefined;
  }
}

async function voidHold(
  gateway: GatewayClient,
  current: GatewayOrder,
  knownPayment: string | null,
): Promise<void> {
  const waiting = unsettledTransaction(current, 'VOID_AUTHORIZATION');
  const target =
    waiting?.transaction.targetTransactionId ?? knownPayment ?? paymentTransactionId(current);
  if (!target) throw new Error(`No approved authorisation to void on ${current.id}`);
  const id = waiting?.transaction.id ?? nextTransactionId(current, 'void');
  requireApproved(await gateway.voidAuthorization(current.id, id, target), 'void');
}

/** Refunds what is captured and not yet refunded; a refund still without an outcome goes first. */
async function refundTaken(gateway: GatewayClient, current: GatewayOrder): Promise<void> {
  const waiting = unsettledTransaction(current, 'REFUND');
  const amount = waiting
    ? (waiting.transaction.amount ?? 0)
    : current.totalCapturedAmount - current.totalRefundedAmount;
  if (amount <= 0) return;
  const id = waiting?.transaction.id ?? nextTransactionId(current, 'refund');
  requireApproved(await gateway.refund(current.id, id, amount, current.currency), 'refund');
}
