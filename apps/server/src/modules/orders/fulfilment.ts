/**
 * Delivers a paid order, one step at a time: buy at the provider, store the eSIM and the
 * ledger entry, capture the payment, e-mail the buyer, mark it fulfilled. Each step first
 * looks whether it was already done (by an earlier attempt that crashed, or another worker),
 * so a replay repeats nothing: one provider order, one eSIM, one ledger entry, one capture.
 */
import type { Db } from '../../db/client';
import { EsimGoError, type OrderResponse } from '../../integrations/esimgo/client';
import type { OrdersContext } from './context';
import { esimReadyMail, topupReadyMail } from './order-mail';
import { gatewayTransactionIds } from './references';
import {
  addOrderEvent,
  findClientContact,
  findLedgerEntryForOrder,
  findOrderById,
  findOwnedEsim,
  finishJob,
  insertEsimIfAbsent,
  insertLedgerEntryIfAbsent,
  type OrderRow,
  recordProviderOrder,
  renewLease,
  updateOrder,
} from './repository';
import { awaitsFulfilment } from './status';

/** Our hold on a claimed job. */
export interface JobClaim {
  id: number;
  workerId: string;
}

/** The lease ran out and another worker may have the job: stop without touching anything. */
export class LeaseLost extends Error {
  override name = 'LeaseLost';
}

export async function fulfilOrder(
  ctx: OrdersContext,
  claim: JobClaim,
  order: OrderRow,
): Promise<void> {
  if (!awaitsFulfilment(order.status)) {
    await finishJob(ctx.db, claim, ctx.clock());
    return;
  }
  let current = await startFulfilling(ctx, order);
  current = await ensureProviderOrder(ctx, claim, current);
  current = await ensureDelivered(ctx, current);
  current = await ensureCaptured(ctx, current);
  current = await ensureConfirmationMailed(ctx, current);
  await completeFulfilment(ctx, claim, current);
}

async function startFulfilling(ctx: OrdersContext, order: OrderRow): Promise<OrderRow> {
  if (order.status !== 'paid') return order;
  const changed = await updateOrder(
    ctx.db,
    order.id,
    { status: 'fulfilling', updatedAt: ctx.clock() },
    ['paid'],
  );
  return changed ?? reread(ctx.db, order.id);
}

/**
 * Buys the bundle, once. The reference is stored right after the provider answers; a
 * start mark before the call tells a later attempt that an earlier one may have bought
 * without living to store the answer (a crash, a timeout).
 */
async function ensureProviderOrder(
  ctx: OrdersContext,
  claim: JobClaim,
  order: OrderRow,
): Promise<OrderRow> {
  if (order.providerOrderReference !== null) return order;
  const now = ctx.clock();
  // Fencing: never buy on a lease that may have passed to another worker.
  if (!(await renewLease(ctx.db, claim, now, leaseEnd(ctx, now)))) throw new LeaseLost();
  if (order.providerOrderStartedAt !== null) {
    ctx.log.warn(
      { order: order.gatewayOrderId },
      'an earlier provider order got no answer; ordering again (the provider has no idempotency key)',
    );
    await addOrderEvent(ctx.db, order.id, now, 'provider-order-outcome-unknown');
  }
  await updateOrder(ctx.db, order.id, { providerOrderStartedAt: now, updatedAt: now });
  const answer = await orderFromProvider(ctx, order);
  const iccid = order.targetIccid ?? answer.order[0]?.esims[0]?.iccid;
  if (!iccid) throw new Error(`The provider's order ${answer.orderReference} holds no eSIM`);
  const reference = answer.orderReference || `unreferenced-${order.gatewayOrderId}`;
  const at = ctx.clock();
  const stored = await recordProviderOrder(ctx.db, order.id, { reference, iccid, now: at });
  await addOrderEvent(ctx.db, order.id, at, 'provider-ordered', `${reference} ${iccid}`);
  return stored ?? reread(ctx.db, order.id);
}

async function orderFromProvider(ctx: OrdersContext, order: OrderRow): Promise<OrderResponse> {
  try {
    return await ctx.provider().createOrder({
      type: 'transaction',
      assign: true,
      order: [
        {
          type: 'bundle',
          item: order.planName,
          quantity: 1,
          allowReassign: false,
          ...(order.targetIccid ? { iccids: [order.targetIccid] } : {}),
        },
      ],
    });
  } catch (error) {
    // The provider answered with an error status: it sold nothing, so the next attempt
    // orders with a clear conscience.
    if (error instanceof EsimGoError && error.failure === 'http') {
      await updateOrder(ctx.db, order.id, { providerOrderStartedAt: null });
    }
    throw error;
  }
}

/** Stores the new eSIM (with its details) and the ledger entry, together. */
async function ensureDelivered(ctx: OrdersContext, order: OrderRow): Promise<OrderRow> {
  if (await findLedgerEntryForOrder(ctx.db, order.id)) return order;
  const iccid = deliveredIccid(order);
  const details = order.type === 'Regular' ? await ctx.provider().getEsim(iccid) : undefined;
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    if (details) {
      await insertEsimIfAbsent(tx, {
        iccid,
        clientId: order.clientId,
        orderId: order.id,
        matchingId: details.matchingId,
        smdpAddress: details.smdpAddress,
        pin: details.pin ?? null,
        puk: details.puk ?? null,
        createdAt: now,
      });
    }
    await insertLedgerEntryIfAbsent(tx, {
      orderId: order.id,
      clientId: order.clientId,
      iccid,
      planName: order.planName,
      planDescription: order.planDescription,
      enduserPriceCents: order.amountCents,
      currency: order.currency,
      bookedAt: now,
      iso: order.destinationIso,
      country: order.destinationName,
      paymentGatewayRef: order.gatewayOrderId,
    });
    await addOrderEvent(tx, order.id, now, 'delivered', iccid);
  });
  return order;
}

/**
 * Takes the money held at payment (AUTHORIZE mode) now that the eSIM is the buyer's. The
 * transaction id is fixed per order, so a replay is the same capture, not a second one.
 */
async function ensureCaptured(ctx: OrdersContext, order: OrderRow): Promise<OrderRow> {
  if (order.gatewayOperation === 'PURCHASE' || order.capturedAt !== null) return order;
  const answer = await ctx
    .gateway()
    .capture(
      order.gatewayOrderId,
      gatewayTransactionIds.capture,
      order.amountCents / 100,
      order.currency,
    );
  if (answer.result !== 'SUCCESS') {
    throw new Error(`The gateway answered ${answer.result} to the capture`);
  }
  const now = ctx.clock();
  await addOrderEvent(ctx.db, order.id, now, 'captured');
  return (await updateOrder(ctx.db, order.id, { capturedAt: now, updatedAt: now })) ?? order;
}

async function ensureConfirmationMailed(ctx: OrdersContext, order: OrderRow): Promise<OrderRow> {
  if (order.confirmationMailedAt !== null) return order;
  const contact = await findClientContact(ctx.db, order.clientId);
  if (!contact) throw new Error(`Client ${order.clientId} of ${order.gatewayOrderId} is gone`);
  const recipient = { brandName: ctx.brandName, to: contact.email, name: contact.name };
  const iccid = deliveredIccid(order);
  if (order.type === 'Regular') {
    const esim = await findOwnedEsim(ctx.db, order.clientId, iccid);
    if (!esim) throw new Error(`eSIM ${iccid} of ${order.gatewayOrderId} is not stored`);
    await ctx.mailer.send(await esimReadyMail(recipient, order, esim));
  } else {
    await ctx.mailer.send(topupReadyMail(recipient, order, iccid));
  }
  const now = ctx.clock();
  return (
    (await updateOrder(ctx.db, order.id, { confirmationMailedAt: now, updatedAt: now })) ?? order
  );
}

async function completeFulfilment(
  ctx: OrdersContext,
  claim: JobClaim,
  order: OrderRow,
): Promise<void> {
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const done = await updateOrder(
      tx,
      order.id,
      { status: 'fulfilled', fulfilledAt: now, updatedAt: now },
      ['fulfilling'],
    );
    if (done) await addOrderEvent(tx, order.id, now, 'fulfilled');
    await finishJob(tx, claim, now);
  });
}

function deliveredIccid(order: OrderRow): string {
  if (!order.iccid) throw new Error(`Order ${order.gatewayOrderId} has no eSIM yet`);
  return order.iccid;
}

export function leaseEnd(ctx: OrdersContext, now: Date): Date {
  return new Date(now.getTime() + ctx.settings.leaseMs);
}

export async function reread(db: Db, id: number): Promise<OrderRow> {
  const order = await findOrderById(db, id);
  if (!order) throw new Error(`Order ${id} disappeared`);
  return order;
}
