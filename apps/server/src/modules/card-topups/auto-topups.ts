/**
 * Capped automatic top-up (issue 32): "when X% of the data is left, buy this plan again with
 * this card, at most N times a month", per eSIM, opt-in.
 *
 * Turning it on makes an agreement at the gateway: a cardholder-initiated Verify with the
 * card's token names agreement.id and type UNSCHEDULED (a top-up when a balance runs low is
 * the unscheduled kind, Recurring Payments:
 * https://developer.mastercard.com/mastercard-gateway/documentation/gateway-features/cit-mit/),
 * and every automatic purchase is then a merchant-initiated payment under it.
 *
 * A usage reading (eSIM Go's callback or the alerts' poll, alerts/service.ts) that finds the
 * bundle low decides a purchase under the eSIM's row lock: one run per bundle (unique), the
 * month's runs counted against the cap, the order and its charge job written in the same
 * commit. So two instances, or a reading repeated, never buy twice, and the cap holds. The
 * charge is a durable job (auto-topup-charge.ts): a crash after the authorisation was sent
 * finds it at the gateway and never sends it again; a declined payment turns the feature off
 * and tells the buyer. It never runs for an eSIM past its bundle's last day, refunded, or not
 * installed.
 */
import { randomBytes } from 'node:crypto';
import { type AutoTopup, CURRENCY, isInstalledEsim } from '@tern/contract';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { badGateway, badRequest, conflict, HttpError, notFound } from '../../errors';
import { GatewayError } from '../../integrations/gateway/client';
import { enqueueJob } from '../../jobs/engine';
import { type BundleReading, bundleKeyOf } from '../alerts/decisions';
import type { AuthenticatedClient } from '../auth/require-client';
import {
  insertTokenOrder,
  type OrderRow,
  requireTopupTarget,
  topupPlanFor,
} from '../orders/card-payment';
import type { OrdersDependencies } from '../orders/dependencies';
import type { OrderJobs } from '../orders/order-jobs';
import type { PayingCard, SavedCardsService } from '../saved-cards/service';
import {
  AGREEMENT_TYPE,
  CHARGE_KIND,
  chargeKey,
  createAutoTopupCharges,
  hashOfStopToken,
} from './auto-topup-charge';
import {
  type AutoTopupRow,
  countRunsInMonth,
  deleteAutoTopup,
  findAutoTopup,
  insertRun,
  lockAutoTopup,
  lockStopLink,
  markStopLinkUsed,
  runOfBundle,
  upsertAutoTopup,
} from './repository';

export interface AutoTopupsDependencies {
  orders: OrdersDependencies;
  /** Delivers a paid order now, as the confirmation page would. */
  runner: Pick<OrderJobs, 'runJobsForOrder'>;
  savedCards: Pick<SavedCardsService, 'requireCard' | 'cardById'>;
  /** Where the e-mails' links lead. */
  publicUrl: string;
}

export type AutoTopups = ReturnType<typeof createAutoTopups>;

/** What the buyer asks for, as the route has read it. */
export interface AutoTopupSetting {
  planName: string;
  cardId: number;
  whenPercentLeft: number;
  maxPerMonth: number;
}

export function createAutoTopups(deps: AutoTopupsDependencies) {
  const { orders } = deps;
  const { db, log } = orders;
  const charges = createAutoTopupCharges(deps);

  /** Turns it on (or changes it): a new agreement at the gateway first, then the row. */
  async function turnOn(
    client: AuthenticatedClient,
    iccid: string,
    request: AutoTopupSetting,
  ): Promise<AutoTopup> {
    const card = await deps.savedCards.requireCard(client.id, request.cardId);
    const target = await eligibleTarget(client.id, iccid);
    const plan = await topupPlanFor(orders, request.planName, target);
    const agreementId = await makeAgreement(card);
    const now = orders.clock();
    const existing = await findAutoTopup(db, target);
    await upsertAutoTopup(db, {
      iccid: target,
      clientId: client.id,
      savedCardId: card.id,
      planName: plan.name,
      whenPercentLeft: request.whenPercentLeft,
      maxPerMonth: request.maxPerMonth,
      agreementId,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    });
    log.info({ iccid: target, agreementId }, 'automatic top-up turned on');
    return requireView(client.id, target);
  }

  async function eligibleTarget(clientId: number, iccid: string): Promise<string> {
    try {
      return await requireTopupTarget(orders, clientId, iccid);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 409) {
        throw conflict('cardTopupMessages.esimNotEligible');
      }
      throw error;
    }
  }

  /**
   * The cardholder-initiated Verify that sets up the agreement (no money moves). Its gateway
   * order is the agreement's own id, apart from any shop order.
   */
  async function makeAgreement(card: PayingCard): Promise<string> {
    const agreementId = `AGR-${randomBytes(10).toString('hex').toUpperCase()}`;
    let result: string;
    try {
      const answer = await orders.gateway().verifyWithToken({
        orderId: agreementId,
        transactionId: 'verify-1',
        token: card.token,
        currency: CURRENCY,
        agreement: { id: agreementId, type: AGREEMENT_TYPE },
      });
      result = answer.result;
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      if (error instanceof GatewayError && error.status === 400) result = 'REFUSED';
      else {
        log.warn({ err: error }, 'automatic top-up: the agreement could not be made');
        throw badGateway('cardTopupMessages.gatewayUnavailable');
      }
    }
    if (result !== 'SUCCESS') throw new HttpError(402, 'cardTopupMessages.agreementRefused');
    return agreementId;
  }

  async function view(clientId: number, iccid: string): Promise<AutoTopup | null> {
    await orders.esims.requireOwned(clientId, iccid);
    const row = await findAutoTopup(db, iccid);
    if (!row || row.clientId !== clientId) return null;
    const usedThisMonth = await countRunsInMonth(db, iccid, monthOf(orders.clock()));
    return {
      iccid: row.iccid,
      planName: row.planName,
      cardId: row.savedCardId,
      whenPercentLeft: row.whenPercentLeft,
      maxPerMonth: row.maxPerMonth,
      usedThisMonth,
      since: row.createdAt.toISOString(),
    };
  }

  async function requireView(clientId: number, iccid: string): Promise<AutoTopup> {
    const shown = await view(clientId, iccid);
    if (!shown) throw notFound('cardTopupMessages.autoTopupNotFound');
    return shown;
  }

  async function turnOff(clientId: number, iccid: string): Promise<void> {
    await orders.esims.requireOwned(clientId, iccid);
    if (!(await deleteAutoTopup(db, iccid, clientId))) {
      throw notFound('cardTopupMessages.autoTopupNotFound');
    }
    log.info({ iccid }, 'automatic top-up turned off');
  }

  /** The e-mail's stop link: single use, no sign-in; a link used before says so. */
  async function stopByLink(token: string): Promise<void> {
    const tokenHash = hashOfStopToken(token);
    await db.transaction(async (tx) => {
      const link = await lockStopLink(tx, tokenHash);
      if (!link) throw badRequest('cardTopupMessages.stopLinkInvalid');
      if (link.usedAt) throw conflict('cardTopupMessages.stopLinkUsed');
      await markStopLinkUsed(tx, tokenHash, orders.clock());
      await deleteAutoTopup(tx, link.iccid, link.clientId);
    });
    log.info('automatic top-up stopped from its e-mail');
  }

  /**
   * A usage reading: when the bundle is low and the eSIM eligible, one automatic purchase is
   * decided and charged. Never throws: the reading's other work (alerts) goes on.
   */
  async function consider(reading: BundleReading): Promise<void> {
    try {
      const setting = await findAutoTopup(db, reading.iccid);
      if (!setting || !runsLow(reading, setting.whenPercentLeft, orders.clock())) return;
      if (!(await mayRun(setting))) return;
      const order = await decide(setting, reading);
      if (order) await charges.runCharge(order.id);
    } catch (error) {
      // The plan off sale, the provider refusing the top-up: the shop's own "no", tried again
      // at the next reading; anything else is a fault.
      const refused = error instanceof HttpError && error.statusCode < 500;
      const what = { err: error, iccid: reading.iccid };
      if (refused) log.warn(what, 'automatic top-up: the plan cannot be bought now');
      else log.error(what, 'automatic top-up: a reading failed');
    }
  }

  /** Not refunded, still the buyer's, installed; a provider that cannot tell now means not now. */
  async function mayRun(setting: AutoTopupRow): Promise<boolean> {
    try {
      await requireTopupTarget(orders, setting.clientId, setting.iccid);
      return isInstalledEsim(await orders.provider().getEsim(setting.iccid));
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      log.info({ err: error, iccid: setting.iccid }, 'automatic top-up: not eligible now');
      return false;
    }
  }

  /** The purchase, decided under the row lock: once per bundle, within the month's cap. */
  async function decide(
    setting: AutoTopupRow,
    reading: BundleReading,
  ): Promise<OrderRow | undefined> {
    const plan = await topupPlanFor(orders, setting.planName, setting.iccid);
    const bundleKey = bundleKeyOf(reading);
    const now = orders.clock();
    const month = monthOf(now);
    return db.transaction(async (tx) => {
      const locked = await lockAutoTopup(tx, setting.iccid);
      if (!locked || (await runOfBundle(tx, locked.iccid, bundleKey))) return undefined;
      if ((await countRunsInMonth(tx, locked.iccid, month)) >= locked.maxPerMonth) {
        log.info({ iccid: locked.iccid, month }, 'automatic top-up: the month’s cap is reached');
        return undefined;
      }
      const order = await insertTokenOrder(orders, tx, {
        clientId: locked.clientId,
        plan,
        iccid: locked.iccid,
        savedCardId: locked.savedCardId,
        initiator: 'merchant',
      });
      const run = await insertRun(tx, {
        iccid: locked.iccid,
        clientId: locked.clientId,
        bundleKey,
        month,
        orderId: order.id,
        agreementId: locked.agreementId,
        createdAt: now,
      });
      if (!run) throw new Error(`A run for ${bundleKey} appeared under the row lock`);
      await enqueueJob(tx, { kind: CHARGE_KIND, key: chargeKey(order.id), runAfter: now, now });
      return order;
    });
  }

  /** Charges left due by a crash or a fault, on the worker's rounds. */
  const runDueCharges = () => charges.runDueCharges();

  return {
    turnOn,
    view,
    turnOff,
    stopByLink,
    consider,
    runDueCharges,
  };
}

/**
 * The bundle is in use, not past its last day, and at or under the threshold. An unlimited
 * bundle never runs low; a reading without a state is a callback's, about a bundle in use.
 */
export function runsLow(reading: BundleReading, whenPercentLeft: number, now: Date): boolean {
  if (reading.unlimited || reading.initialBytes <= 0) return false;
  if (reading.state !== undefined && reading.state.toLowerCase() !== 'active') return false;
  if (reading.endTime && Date.parse(reading.endTime) <= now.getTime()) return false;
  return reading.remainingBytes * 100 <= whenPercentLeft * reading.initialBytes;
}

/** The calendar month (UTC) a run counts in. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}
