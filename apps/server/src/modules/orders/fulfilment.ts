/**
 * Delivers a paid order, one step at a time: buy at the provider (provider-order.ts), store
 * the eSIM and the ledger entry, capture the payment, e-mail the buyer, mark it fulfilled.
 * Each step first looks whether it was already done (by an earlier attempt that crashed, or
 * another worker), so a replay repeats nothing: one provider order, one eSIM, one ledger
 * entry, one capture.
 */
import {
  nextTransactionId,
  requireApproved,
  successfulTransactions,
  unsettledTransaction,
} from '../../integrations/gateway/client';
import { done, type JobOutcome, type Lease } from '../../jobs/engine';
import { referralOrderOf } from './credit-order';
import type { OrdersDependencies } from './dependencies';
import { awaitingGateway } from './gateway-verdict';
import { giftEsimMail, giftSentMail } from './gift-mail';
import { esimReadyMail, mailOrderOf, topupReadyMail } from './order-mail';
import { ensureEsimAssigned, ensureProviderOrder, isStop } from './provider-order';
import { addOrderEvent, type OrderRow, reloadOrder, updateOrder } from './repository';
import { awaitsFulfilment } from './status';

export async function fulfilOrder(
  deps: OrdersDependencies,
  lease: Lease,
  order: OrderRow,
): Promise<JobOutcome> {
  if (!awaitsFulfilment(order.status)) return done;
  let current = await startFulfilling(deps, order);
  const bought = await ensureProviderOrder(deps, lease, current);
  if (isStop(bought)) return bought.stop;
  current = bought ?? (await reloadOrder(deps.db, order.id));
  const assigned = await ensureEsimAssigned(deps, current);
  if (isStop(assigned)) return assigned.stop;
  current = assigned ?? (await reloadOrder(deps.db, order.id));
  current = await ensureDelivered(deps, current);
  try {
    current = await ensureCaptured(deps, current);
  } catch (error) {
    return awaitingGateway(error, deps.clock);
  }
  // The money is taken: a friend's first order may now reward a referral (once).
  await deps.referrals.afterCapture(referralOrderOf(current));
  current = await ensureConfirmationMailed(deps, current);
  await completeFulfilment(deps, current);
  return done;
}

async function startFulfilling(deps: OrdersDependencies, order: OrderRow): Promise<OrderRow> {
  if (order.status !== 'paid') return order;
  const changed = await updateOrder(
    deps.db,
    order.id,
    { status: 'fulfilling', updatedAt: deps.clock() },
    ['paid'],
  );
  return changed ?? reloadOrder(deps.db, order.id);
}

/**
 * Stores the new eSIM (with its details) and books the ledger entry, together: one
 * transaction across the esims and ledger modules, passed to their services.
 */
async function ensureDelivered(deps: OrdersDependencies, order: OrderRow): Promise<OrderRow> {
  if (await deps.ledger.entryOfOrder(order.id)) return order;
  const iccid = deliveredIccid(order);
  const details = order.type === 'Regular' ? await deps.provider().getEsim(iccid) : undefined;
  const owner = details ? await esimOwnerOf(deps, order) : order.clientId;
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    if (details) {
      await deps.esims.storeDelivered(
        {
          iccid,
          clientId: owner,
          orderId: order.id,
          matchingId: details.matchingId,
          smdpAddress: details.smdpAddress,
          pin: details.pin ?? null,
          puk: details.puk ?? null,
          createdAt: now,
        },
        tx,
      );
    }
    await deps.ledger.bookOrder(
      {
        orderId: order.id,
        clientId: order.clientId,
        iccid,
        planName: order.planName,
        planDescription: order.planDescription,
        enduserPriceCents: order.amountCents,
        creditCents: order.creditCents,
        discountCents: order.discountCents,
        currency: order.currency,
        bookedAt: now,
        iso: order.destinationIso,
        country: order.destinationName,
        paymentGatewayRef: order.gatewayOrderId,
      },
      tx,
    );
    await addOrderEvent(tx, order.id, now, 'delivered', iccid);
  });
  return order;
}

/**
 * Whose account the new eSIM goes to: the buyer's, or a gift's recipient's (issue 31), found or
 * created once by the gifts module and read back by any retry. The ledger entry stays the
 * buyer's whichever it is.
 */
async function esimOwnerOf(deps: OrdersDependencies, order: OrderRow): Promise<number> {
  const gift = await deps.gifts.ofOrder(order.id);
  if (!gift) return order.clientId;
  const buyer = await deps.clients.contactOf(order.clientId);
  return deps.gifts.recipientOf(gift, buyer?.language ?? 'en');
}

/**
 * Takes the money held at payment (AUTHORIZE mode) now that the eSIM is the buyer's, once.
 * A capture whose answer was lost may have gone through, and MPGS does not promise to replay
 * a transaction id, so the gateway's own order is read first: a capture already there is
 * recorded, not taken again, and one still without an outcome (PENDING, UNKNOWN) is
 * resubmitted under its own id, never followed by a second capture.
 */
async function ensureCaptured(deps: OrdersDependencies, order: OrderRow): Promise<OrderRow> {
  if (order.gatewayOperation === 'PURCHASE' || order.capturedAt !== null) return order;
  const gateway = deps.gateway();
  const reference = order.gatewayOrderId;
  const current = await gateway.retrieveOrder(reference);
  if (!current) throw new Error(`The gateway does not know the paid order ${reference}`);
  if (successfulTransactions(current, 'CAPTURE').length === 0) {
    const waiting = unsettledTransaction(current, 'CAPTURE');
    const answer = await gateway.capture(
      reference,
      waiting?.transaction.id ?? nextTransactionId(current, 'capture'),
      order.amountCents / 100,
      order.currency,
    );
    requireApproved(answer, 'capture');
  }
  const now = deps.clock();
  await addOrderEvent(deps.db, order.id, now, 'captured');
  return (await updateOrder(deps.db, order.id, { capturedAt: now, updatedAt: now })) ?? order;
}

async function ensureConfirmationMailed(
  deps: OrdersDependencies,
  order: OrderRow,
): Promise<OrderRow> {
  if (order.confirmationMailedAt !== null) return order;
  await sendDeliveryMail(deps, order);
  const now = deps.clock();
  return (
    (await updateOrder(deps.db, order.id, { confirmationMailedAt: now, updatedAt: now })) ?? order
  );
}

/** The eSIM (or top-up) e-mail of a delivered order; sent again when an operator asks. */
export async function sendDeliveryMail(deps: OrdersDependencies, order: OrderRow): Promise<void> {
  const contact = await deps.clients.contactOf(order.clientId);
  if (!contact) throw new Error(`Client ${order.clientId} of ${order.gatewayOrderId} is gone`);
  const recipient = {
    brandName: deps.brandName,
    to: contact.email,
    name: contact.name,
    language: contact.language,
  };
  const iccid = deliveredIccid(order);
  const mailOrder = await mailOrderOf(deps, order);
  const gift = order.type === 'Regular' ? await deps.gifts.ofOrder(order.id) : undefined;
  if (gift) {
    await sendGiftMails(deps, order, recipient, gift);
  } else if (order.type === 'Regular') {
    const esim = await deps.esims.findOwned(order.clientId, iccid);
    if (!esim) throw new Error(`eSIM ${iccid} of ${order.gatewayOrderId} is not stored`);
    await deps.mailer.send(await esimReadyMail(recipient, mailOrder, esim));
  } else {
    await deps.mailer.send(topupReadyMail(recipient, mailOrder, iccid));
  }
}

/**
 * A gift's e-mails: the install e-mail to the recipient, in their account's language (the
 * buyer's when the account was made for this gift), from the buyer; then the buyer's own
 * confirmation that it was sent.
 */
async function sendGiftMails(
  deps: OrdersDependencies,
  order: OrderRow,
  buyer: Parameters<typeof giftSentMail>[0],
  gift: NonNullable<Awaited<ReturnType<OrdersDependencies['gifts']['ofOrder']>>>,
): Promise<void> {
  const iccid = deliveredIccid(order);
  const recipientId = gift.recipientClientId;
  const contact = recipientId === null ? undefined : await deps.clients.contactOf(recipientId);
  const esim = recipientId === null ? undefined : await deps.esims.findOwned(recipientId, iccid);
  if (!contact || !esim)
    throw new Error(`The gift eSIM ${iccid} of ${order.gatewayOrderId} is not stored`);
  const mailOrder = await mailOrderOf(deps, order);
  const recipient = {
    brandName: deps.brandName,
    to: contact.email,
    name: contact.name,
    language: contact.language,
  };
  await deps.mailer.send(
    await giftEsimMail(recipient, mailOrder, esim, {
      senderName: gift.senderName,
      message: gift.message,
    }),
  );
  await deps.mailer.send(giftSentMail(buyer, mailOrder, gift.recipientEmail));
}

async function completeFulfilment(deps: OrdersDependencies, order: OrderRow): Promise<void> {
  const now = deps.clock();
  const fulfilled = await deps.db.transaction(async (tx) => {
    const changed = await updateOrder(
      tx,
      order.id,
      { status: 'fulfilled', fulfilledAt: now, updatedAt: now },
      ['fulfilling'],
    );
    if (changed) await addOrderEvent(tx, order.id, now, 'fulfilled');
    return changed;
  });
  // Once committed, and only by the run that fulfilled it: a replay finds it fulfilled already.
  if (fulfilled) deps.metrics.fulfilled(fulfilled.paidAt, now);
}

function deliveredIccid(order: OrderRow): string {
  if (!order.iccid) throw new Error(`Order ${order.gatewayOrderId} has no eSIM yet`);
  return order.iccid;
}
