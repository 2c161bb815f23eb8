/**
 * Asks the gateway whether an order was paid and moves ours accordingly. Moving to paid and
 * enqueueing the fulfilment job happen in one transaction under the order's row lock, so
 * however many confirmations, notifications and reconcilers ask at once, the order is
 * paid once and has one job. An order that spent store credit gives it back in the same
 * transaction that leaves it unpaid (failed, refused, cancelled), and takes it again if a
 * payment lands after all; when the credit is gone by then, the payment is given back.
 */
import type { Db } from '../../db/client';
import type { GatewayOrder } from '../../integrations/gateway/client';
import { saveCardOfPaidOrder } from '../saved-cards/service';
import { creditOrderOf, referralOrderOf } from './credit-order';
import type { OrdersDependencies } from './dependencies';
import { type GatewayVerdict, judgeGatewayOrder } from './gateway-verdict';
import { returnPayment } from './money-back';
import { enqueueFulfilment } from './order-jobs';
import {
  addOrderEvent,
  countPaymentCheck,
  lockOrder,
  type OrderRow,
  reloadOrder,
  updateOrder,
} from './repository';
import { acceptsPayment } from './status';

export interface PaymentCheck {
  order: OrderRow;
  verdict: GatewayVerdict;
}

/** Throws when the gateway cannot be asked; the caller decides what that means. */
export async function checkPayment(
  deps: OrdersDependencies,
  order: OrderRow,
  /** The gateway's order as just retrieved, when the caller has it: not asked for again. */
  retrieved?: GatewayOrder,
): Promise<PaymentCheck> {
  const gatewayOrder = retrieved ?? (await deps.gateway().retrieveOrder(order.gatewayOrderId));
  const verdict = judgeGatewayOrder(gatewayOrder, order);
  await countPaymentCheck(deps.db, order.id, deps.clock());
  switch (verdict.kind) {
    case 'paid': {
      // What the gateway shows of the card, kept to compare (never a number): see referrals.
      await deps.referrals.paidWith(referralOrderOf(order), gatewayOrder);
      const paid = await markPaid(deps, order.id, verdict.paymentTransactionId);
      if (paid !== 'credit-gone') {
        if (order.saveCard) await keepSavedCard(deps, order, gatewayOrder);
        return { order: paid, verdict };
      }
      const reason = 'the store credit it was to spend is spent on another order';
      return { order: await refuseMismatchedPayment(deps, order, reason), verdict };
    }
    case 'failed':
      return { order: await markPaymentFailed(deps, order), verdict };
    case 'mismatch':
      return { order: await refuseMismatchedPayment(deps, order, verdict.reason), verdict };
    case 'unpaid':
      return { order: await reloadOrder(deps.db, order.id), verdict };
  }
}

/**
 * The buyer agreed to save the card (issue 32): the token the gateway made with the payment is
 * kept for them. A failure here never fails the payment's confirmation; it is logged.
 */
async function keepSavedCard(
  deps: OrdersDependencies,
  order: OrderRow,
  gatewayOrder: Parameters<typeof saveCardOfPaidOrder>[2],
): Promise<void> {
  try {
    await saveCardOfPaidOrder(deps, order.clientId, gatewayOrder);
  } catch (error) {
    deps.log.error({ err: error, order: order.gatewayOrderId }, 'could not keep the saved card');
  }
}

/**
 * Gives back what an order left unpaid holds, in the transaction that leaves it so: its store
 * credit, and its promo code's use (the code is the account's to use again).
 */
async function returnCredit(deps: OrdersDependencies, tx: Db, order: OrderRow): Promise<void> {
  if (order.creditCents > 0) {
    await deps.credit.returnFromOrder(tx, creditOrderOf(order), 'order-unpaid');
  }
  if (order.discountCents > 0) await deps.promoCodes.release(tx, order.id);
}

async function markPaid(
  deps: OrdersDependencies,
  orderId: number,
  paymentTransactionId: string | undefined,
): Promise<OrderRow | 'credit-gone'> {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new Error(`Order ${orderId} disappeared`);
    if (!acceptsPayment(order.status)) return order;
    // Paid after its credit went back (a later card, a late payment): it must hold it again.
    if (!(await deps.credit.retakeForOrder(tx, creditOrderOf(order), order.creditCents))) {
      return 'credit-gone';
    }
    if (order.discountCents > 0) await deps.promoCodes.retake(tx, order.id);
    const now = deps.clock();
    const paid = await updateOrder(tx, orderId, {
      status: 'paid',
      paidAt: now,
      paymentTransactionId: paymentTransactionId ?? null,
      updatedAt: now,
    });
    await enqueueFulfilment(tx, orderId, now);
    await addOrderEvent(tx, orderId, now, 'paid', `was ${order.status}`);
    return paid ?? order;
  });
}

async function markPaymentFailed(deps: OrdersDependencies, order: OrderRow): Promise<OrderRow> {
  const now = deps.clock();
  const failed = await deps.db.transaction(async (tx) => {
    const changed = await updateOrder(tx, order.id, { status: 'payment_failed', updatedAt: now }, [
      'created',
      'awaiting_payment',
    ]);
    if (changed) {
      await addOrderEvent(tx, order.id, now, 'payment-failed');
      await returnCredit(deps, tx, changed);
    }
    return changed;
  });
  return failed ?? reloadOrder(deps.db, order.id);
}

/**
 * A payment for another amount or currency is never accepted, nor left hanging: the hold is
 * voided (or the capture refunded) first, then the order fails, so the buyer sees "Your
 * payment did not go through" and may buy again. A crash between the two is harmless: the
 * next check finds the gateway order voided, which the reconciler closes as unpaid.
 */
async function refuseMismatchedPayment(
  deps: OrdersDependencies,
  order: OrderRow,
  reason: string,
): Promise<OrderRow> {
  deps.log.error({ order: order.gatewayOrderId, reason }, 'payment mismatch');
  const how = await returnPayment(deps.gateway(), order);
  const now = deps.clock();
  const failed = await deps.db.transaction(async (tx) => {
    const changed = await updateOrder(tx, order.id, { status: 'payment_failed', updatedAt: now }, [
      'created',
      'awaiting_payment',
      'payment_failed',
      'cancelled',
    ]);
    if (changed) {
      await addOrderEvent(tx, order.id, now, 'payment-mismatch', `${reason}; ${how}`);
      await returnCredit(deps, tx, changed);
    }
    return changed;
  });
  return failed ?? reloadOrder(deps.db, order.id);
}

/** Gives up on an order nobody paid: its gateway session has expired by now. */
export async function cancelUnpaid(deps: OrdersDependencies, order: OrderRow): Promise<OrderRow> {
  const now = deps.clock();
  const cancelled = await deps.db.transaction(async (tx) => {
    const changed = await updateOrder(
      tx,
      order.id,
      { status: 'cancelled', cancelledAt: now, updatedAt: now },
      ['created', 'awaiting_payment'],
    );
    if (changed) {
      await addOrderEvent(tx, order.id, now, 'cancelled', 'abandoned unpaid');
      await returnCredit(deps, tx, changed);
    }
    return changed;
  });
  return cancelled ?? reloadOrder(deps.db, order.id);
}
