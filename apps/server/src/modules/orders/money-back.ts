/**
 * Gives a buyer's money back: releases the hold (void) when it was only authorised, refunds
 * what was captured, then tells the buyer. What to do is read from the gateway's own view of
 * the order each time, so a retry after a crash or a lost answer never voids or refunds twice,
 * and each new void or refund gets an id the order has not used (MPGS does not replay ids).
 */
import { type GatewayClient, nextTransactionId } from '../../integrations/gateway/client';
import { done, type JobOutcome } from '../../jobs/engine';
import type { OrdersDependencies } from './dependencies';
import { paymentTransactionId } from './gateway-verdict';
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
  const how = await returnPayment(deps.gateway(), order);
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
    if (changed) await addOrderEvent(tx, order.id, now, 'refunded', how);
  });
  return done;
}

/**
 * Voids a hold or refunds what was taken, as the gateway's view of the order says; also for a
 * payment the shop refuses (the wrong amount), which never reaches the paid statuses.
 */
export async function returnPayment(gateway: GatewayClient, order: OrderRow): Promise<MoneyReturn> {
  const reference = order.gatewayOrderId;
  const current = await gateway.retrieveOrder(reference);
  if (!current) return 'nothing-taken';
  switch (current.status) {
    case 'AUTHORIZED': {
      const target = order.paymentTransactionId ?? paymentTransactionId(current);
      if (!target) throw new Error(`No approved authorisation to void on ${reference}`);
      await gateway.voidAuthorization(reference, nextTransactionId(current, 'void'), target);
      return 'voided';
    }
    case 'CAPTURED':
    case 'PARTIALLY_CAPTURED':
    case 'PARTIALLY_REFUNDED': {
      const left = current.totalCapturedAmount - current.totalRefundedAmount;
      if (left > 0) {
        const id = nextTransactionId(current, 'refund');
        await gateway.refund(reference, id, left, current.currency);
      }
      return 'refunded';
    }
    // The hold released: MPGS is reported to show CANCELLED, our first reading was VOIDED; the
    // stored pages list neither, so both are read (the gateway stand-in gives CANCELLED).
    case 'VOIDED':
    case 'CANCELLED':
      return 'voided';
    case 'REFUNDED':
      return 'refunded';
    default:
      return 'nothing-taken';
  }
}
