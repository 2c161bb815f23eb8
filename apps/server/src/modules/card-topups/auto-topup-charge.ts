/**
 * The charge of an automatic top-up (issue 32), a durable job of its own
 * ('auto-topup-charge', one per order): the merchant-initiated payment with the saved card's
 * token under the agreement made at opt-in, sent only when the gateway does not have it yet
 * (orders/card-payment.ts), so a crash or a lost answer never charges twice; then, paid, the
 * order is delivered and captured like any other and a receipt is e-mailed once with a
 * single-use stop link; declined (or refused as a request), the automatic top-up turns off and
 * the buyer is told once. Run at once by the decision, and after a crash by the background
 * rounds (plugin.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { cardShortName, hrefTo, paths } from '@tern/contract';
import { GatewayError } from '../../integrations/gateway/client';
import { createJobEngine, done, type JobOutcome, type JobRow, type Lease } from '../../jobs/engine';
import { findTokenOrderById, type OrderRow, payWithToken } from '../orders/card-payment';
import type { OrdersDependencies } from '../orders/dependencies';
import type { OrderJobs } from '../orders/order-jobs';
import { mailOrderOf } from '../orders/order-mail';
import { cancelUnpaid, checkPayment } from '../orders/payment-check';
import type { PayingCard, SavedCardsService } from '../saved-cards/service';
import {
  type AutoTopupPurchase,
  autoTopupDeclinedMail,
  autoTopupReceiptMail,
} from './auto-topup-mail';
import {
  type AutoTopupRunRow,
  countRunsInMonth,
  deleteAutoTopup,
  findAutoTopup,
  findRunOfOrder,
  insertStopLink,
  markRunMailed,
} from './repository';

export const CHARGE_KIND = 'auto-topup-charge';
export const chargeKey = (orderId: number) => `${CHARGE_KIND}:${orderId}`;
const orderIdOf = (job: JobRow) => Number(job.key.slice(CHARGE_KIND.length + 1));
/** A top-up when the data runs low: the unscheduled kind of agreement (cit-mit). */
export const AGREEMENT_TYPE = 'UNSCHEDULED';

export interface AutoTopupChargeDependencies {
  orders: OrdersDependencies;
  /** Delivers a paid order now, as the confirmation page would. */
  runner: Pick<OrderJobs, 'runJobsForOrder'>;
  savedCards: Pick<SavedCardsService, 'cardById'>;
  /** Where the e-mails' links lead. */
  publicUrl: string;
}

export type AutoTopupCharges = ReturnType<typeof createAutoTopupCharges>;

export function createAutoTopupCharges(deps: AutoTopupChargeDependencies) {
  const { orders } = deps;
  const { db, log } = orders;
  const engine = createJobEngine({
    db,
    clock: orders.clock,
    log,
    workerId: orders.workerId,
    leaseMs: orders.settings.leaseMs,
    kinds: {
      [CHARGE_KIND]: {
        maxAttempts: orders.settings.maxAttempts,
        retryBaseMs: orders.settings.retryBaseMs,
        run: charge,
        exhausted: settleAfterAttempts,
      },
    },
  });

  /** The charge job: the merchant-initiated payment, then the receipt or the decline. */
  async function charge(job: JobRow, lease: Lease): Promise<JobOutcome> {
    const order = await findTokenOrderById(orders, orderIdOf(job));
    const run = order && (await findRunOfOrder(db, order.id));
    if (!order || !run) return done;
    if (order.status !== 'awaiting_payment') return afterCharge(order, run);
    const card =
      order.savedCardId === null ? undefined : await deps.savedCards.cardById(order.savedCardId);
    // Removed since (its automatic top-up went with it): nothing is charged.
    if (!card) {
      await cancelUnpaid(orders, order);
      return done;
    }
    if (!(await lease.renew())) return { kind: 'lease-lost' };
    const agreement = { id: run.agreementId, type: AGREEMENT_TYPE } as const;
    let verdict: Awaited<ReturnType<typeof payWithToken>>['verdict'];
    try {
      verdict = (await payWithToken(orders, order, { token: card.token, agreement })).verdict;
    } catch (error) {
      // The gateway refusing the request itself (an agreement it no longer honours) is final.
      if (!(error instanceof GatewayError && error.status === 400)) throw error;
      log.error({ err: error, order: order.gatewayOrderId }, 'automatic top-up refused');
      await cancelUnpaid(orders, order);
      return declined(order, run, card);
    }
    switch (verdict.kind) {
      case 'paid':
        return afterCharge(order, run, card);
      case 'failed':
        return declined(order, run, card);
      case 'mismatch':
      case 'unpaid':
        return { kind: 'failed', reason: `the gateway shows no payment yet (${verdict.kind})` };
    }
  }

  /**
   * Out of attempts (the gateway down for long, or showing no payment): the order, which the
   * reconciler leaves to this job, is settled by what the gateway holds, paid (then delivered)
   * or cancelled, and the job goes on with back-off so its next run sends the receipt or ends;
   * it is never left awaiting a payment nobody makes.
   */
  async function settleAfterAttempts(job: JobRow): Promise<'retry'> {
    const order = await findTokenOrderById(orders, orderIdOf(job));
    if (order?.status !== 'awaiting_payment') return 'retry';
    try {
      const { verdict } = await checkPayment(orders, order);
      if (verdict.kind !== 'paid') await cancelUnpaid(orders, order);
    } catch (error) {
      log.error({ err: error, order: order.gatewayOrderId }, 'automatic top-up not settled yet');
    }
    return 'retry';
  }

  /** Paid: delivered now if it can be, and the receipt sent once. */
  async function afterCharge(
    order: OrderRow,
    run: AutoTopupRunRow,
    known?: PayingCard,
  ): Promise<JobOutcome> {
    if (order.status === 'cancelled' || order.status === 'payment_failed') return done;
    try {
      await deps.runner.runJobsForOrder(order.id);
    } catch (error) {
      // The order's own job is durable: the worker delivers what this could not.
      log.error({ err: error, order: order.gatewayOrderId }, 'automatic top-up: not delivered now');
    }
    if (run.mailedAt) return done;
    const card =
      known ?? (order.savedCardId ? await deps.savedCards.cardById(order.savedCardId) : undefined);
    const recipient = await recipientOf(order.clientId);
    const purchase = await purchaseOf(order, card);
    const cap = {
      used: await countRunsInMonth(db, run.iccid, run.month),
      max: (await findAutoTopup(db, run.iccid))?.maxPerMonth ?? 0,
    };
    const stopUrl = await newStopLink(run);
    await orders.mailer.send(autoTopupReceiptMail(recipient, purchase, cap, stopUrl));
    await markRunMailed(db, run.id, orders.clock());
    return done;
  }

  /** Declined: the feature turns off, and the buyer is told once. */
  async function declined(
    order: OrderRow,
    run: AutoTopupRunRow,
    card: PayingCard,
  ): Promise<JobOutcome> {
    await deleteAutoTopup(db, run.iccid, run.clientId);
    log.warn({ iccid: run.iccid, order: order.gatewayOrderId }, 'automatic top-up declined: off');
    if (run.mailedAt) return done;
    const recipient = await recipientOf(order.clientId);
    const profileUrl = `${deps.publicUrl}/${hrefTo(paths.profile)}`;
    await orders.mailer.send(
      autoTopupDeclinedMail(recipient, await purchaseOf(order, card), profileUrl),
    );
    await markRunMailed(db, run.id, orders.clock());
    return done;
  }

  async function recipientOf(clientId: number) {
    const contact = await orders.clients.contactOf(clientId);
    if (!contact) throw new Error(`client ${clientId} not found`);
    return {
      brandName: orders.brandName,
      to: contact.email,
      name: contact.name,
      language: contact.language,
    };
  }

  async function purchaseOf(order: OrderRow, card: PayingCard | undefined) {
    const mailed = await mailOrderOf(orders, order);
    return {
      iccid: order.targetIccid ?? '',
      plan: mailed.plan,
      amountCents: order.amountCents,
      currency: order.currency,
      card: card ? cardShortName(card) : '',
    } satisfies AutoTopupPurchase;
  }

  /** A fresh single-use link; only its hash is kept. */
  async function newStopLink(run: AutoTopupRunRow): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await insertStopLink(db, {
      tokenHash: hashOfStopToken(token),
      iccid: run.iccid,
      clientId: run.clientId,
      createdAt: orders.clock(),
    });
    return `${deps.publicUrl}/${hrefTo(paths.autoTopupStop, { token })}`;
  }

  return {
    /** Runs the order's charge now, when it is due and no other worker has it. */
    runCharge: (orderId: number) => engine.runJob(chargeKey(orderId)),
    /** Charges left due by a crash or a fault, on the worker's rounds. */
    runDueCharges: () => engine.runDueJobs(),
  };
}

/** sha256 of a stop link's token: only this is kept. */
export function hashOfStopToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
