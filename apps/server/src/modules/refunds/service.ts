/**
 * The self-service refund of an eSIM never installed, as the traveller asks for it. The request
 * decides (the 14 days and the purchases from our records, the install state from the
 * provider) and records the decision with its job in one transaction; the job takes the steps
 * (refund-job.ts: revoke, money back, mail), and the request runs it at once and answers from
 * what was recorded. A step that fails answers 502 and the job carries on later by itself, or
 * at once when the traveller asks again. Every purchase on the eSIM goes back together, top-ups
 * included: an eSIM never installed never used any of them.
 *
 * Exactly once: the rows' unique order makes a decision one, and the job's lease lets one
 * worker at a time take its steps, whatever the clicks and instances; a request that finds the
 * job in another's hands waits for it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type EsimRefundEligibility,
  type EsimRefundResponse,
  type RefundRefusalReason,
  refundWindowEnd,
} from '@tern/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { RefundRequester } from '../../db/schema';
import { badGateway, conflict, notFound } from '../../errors';
import type { EsimGoClient } from '../../integrations/esimgo/client';
import type { Mailer } from '../../integrations/mail/mailer';
import { createJobEngine, enqueueJob, jobInHand, restartJob } from '../../jobs/engine';
import type { Clock } from '../../lib/clock';
import type { AuthenticatedClient, AuthService } from '../auth/auth-service';
import type { EsimRow, EsimsService } from '../esims/service';
import type { EsimPurchase, LedgerService } from '../ledger/service';
import type { OrderRefunds } from '../orders/self-service-refund';
import {
  neverInstalled,
  purchaseStanding,
  reasonBeforeProvider,
  refusalBeforeProvider,
} from './eligibility';
import { ESIM_REFUND_KIND, esimRefundKind, refundJobKey } from './refund-job';
import {
  findClaimedInventoryRefunds,
  findRefundsOfOrders,
  findUnfinishedRefunds,
  insertRefundsIfAbsent,
  type RefundRow,
} from './repository';

export interface RefundsDependencies {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
  brandName: string;
  /** Made on demand: the built-in simulator answers only once the app listens. */
  provider(): EsimGoClient;
  esims: Pick<EsimsService, 'find'>;
  ledger: Pick<LedgerService, 'purchasesOfEsims' | 'markRefunded' | 'markProviderRefunded'>;
  /** The orders' side: their rows, their money back at the gateway, their status. */
  orders: OrderRefunds;
  clients: Pick<AuthService, 'contactOf'>;
  /** The refund jobs' lease and first retry delay (the orders' settings). */
  jobs: { leaseMs: number; retryBaseMs: number; workerId: string };
}

const REFUNDED: EsimRefundResponse = { status: 'refunded' };
/** How long a request waits for a refund job another request or instance is running. */
const TWIN_WAIT_MS = 30_000;
const TWIN_POLL_MS = 100;

export type RefundsService = ReturnType<typeof createRefundsService>;

export function createRefundsService(deps: RefundsDependencies) {
  const engine = createJobEngine({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    workerId: deps.jobs.workerId,
    leaseMs: deps.jobs.leaseMs,
    kinds: { [ESIM_REFUND_KIND]: esimRefundKind(deps) },
  });

  /**
   * The eSIM and what the client bought for it, when they paid for it: the refund is the
   * payer's. For one's own purchase that is its owner; for a gift (issue 31) its buyer, never
   * the recipient, who paid nothing. Anyone else's eSIM answers like none at all.
   */
  async function paidFor(client: AuthenticatedClient, iccid: string) {
    const esim = await deps.esims.find(iccid);
    const purchases = esim
      ? ((await deps.ledger.purchasesOfEsims(client.id, [iccid])).get(iccid) ?? [])
      : [];
    if (!esim || !purchases.some((purchase) => purchase.orderId === esim.orderId)) {
      throw notFound('orderMessages.esimNotFound');
    }
    // A gift's recipient may have bought a top-up for it: cancelling the eSIM would take what
    // they paid for, so the buyer's refund stops there (support can still decide).
    if (esim.clientId !== client.id) {
      const onEsim = (await deps.ledger.purchasesOfEsims(undefined, [iccid])).get(iccid) ?? [];
      const own = new Set(purchases.map((purchase) => purchase.orderId));
      if (onEsim.some((purchase) => !own.has(purchase.orderId))) {
        throw conflict('giftMessages.toppedUpByRecipient');
      }
    }
    return { esim, purchases };
  }

  async function refund(client: AuthenticatedClient, iccid: string): Promise<EsimRefundResponse> {
    const { esim, purchases } = await paidFor(client, iccid);
    const orderIds = purchases.map((purchase) => purchase.orderId);
    let rows = await findRefundsOfOrders(deps.db, orderIds);
    if (rows.length === 0) rows = await decide(client, esim, purchases);
    if (rows.every((row) => row.completedAt)) return REFUNDED;

    await runJobNow(iccid);
    return answerOf(await findRefundsOfOrders(deps.db, orderIds));
  }

  /**
   * Runs the eSIM's refund job here, now: a traveller asking again is reason enough not to wait
   * for the back-off. When another request or instance holds it (or is claiming it), waits
   * until that attempt is over, running it here if it comes free still due.
   */
  async function runJobNow(iccid: string): Promise<void> {
    const key = refundJobKey(iccid);
    const now = deps.clock();
    await restartJob(deps.db, { key, kind: ESIM_REFUND_KIND, now, unlessLeased: true });
    await engine.runJob(key);
    const deadline = now.getTime() + TWIN_WAIT_MS;
    while (deps.clock().getTime() < deadline && (await jobInHand(deps.db, key, deps.clock()))) {
      await sleep(TWIN_POLL_MS);
      await engine.runJob(key);
    }
  }

  /**
   * Whether the eSIM may be refunded now and, when not, why: for the profile to say before the
   * button what the refund would answer after it. The same rules as `decide`, in its order
   * (the shop's records first, then the provider's install state); nothing is recorded.
   */
  async function eligibility(
    client: AuthenticatedClient,
    iccid: string,
  ): Promise<EsimRefundEligibility> {
    const { esim, purchases } = await paidFor(client, iccid);
    const purchasedAt = ownPurchaseTime(esim, purchases);
    const answer = (reason?: RefundRefusalReason): EsimRefundEligibility => ({
      refundable: reason === undefined,
      reason: reason ?? null,
      refundableUntil: refundWindowEnd(purchasedAt).toISOString(),
    });
    const orderIds = purchases.map((purchase) => purchase.orderId);
    const rows = await findRefundsOfOrders(deps.db, orderIds);
    // Decided already: done, or under way (a new request carries on where it stopped).
    if (rows.length > 0) {
      return answer(rows.every((row) => row.completedAt) ? 'already-refunded' : undefined);
    }
    const orders = await deps.orders.findOrders(orderIds);
    const standings = orders.map((order) => purchaseStanding(order.status));
    if (standings.every((standing) => standing === 'already-refunded')) {
      return answer('already-refunded');
    }
    const before = reasonBeforeProvider({
      purchasedAt,
      now: deps.clock(),
      orderStatuses: orders.map((order) => order.status),
    });
    if (before) return answer(before);
    const live = await askProviderForInstallState(iccid);
    return answer(neverInstalled(live) ? undefined : 'installed');
  }

  async function askProviderForInstallState(iccid: string) {
    try {
      return await deps.provider().getEsim(iccid);
    } catch (error) {
      deps.log.warn({ err: error, iccid }, 'install state unknown for a refund eligibility');
      throw badGateway('profileMessages.providerUnavailable');
    }
  }

  /**
   * Whether the eSIM may be refunded, asked at this moment: the 14 days and the purchases from
   * our records, the install state from the provider. Records the refund of every purchase on
   * it when it may; throws 409 (or 502 when the provider cannot say) when it may not.
   */
  async function decide(
    client: AuthenticatedClient,
    esim: EsimRow,
    purchases: readonly EsimPurchase[],
  ): Promise<RefundRow[]> {
    const orderIds = purchases.map((purchase) => purchase.orderId);
    const orders = await deps.orders.findOrders(orderIds);
    const refusal = refusalBeforeProvider({
      purchasedAt: ownPurchaseTime(esim, purchases),
      now: deps.clock(),
      orderStatuses: orders.map((order) => order.status),
    });
    if (refusal) throw conflict(refusal);

    let live: Awaited<ReturnType<EsimGoClient['getEsim']>>;
    try {
      live = await deps.provider().getEsim(esim.iccid);
    } catch (error) {
      // A twin request (another instance) may have decided and revoked meanwhile: the eSIM has
      // left the provider's account then, and this request carries on with its refund.
      const decided = await findRefundsOfOrders(deps.db, orderIds);
      if (decided.length > 0) return decided;
      deps.log.warn({ err: error, iccid: esim.iccid }, 'install state unknown for a refund');
      throw badGateway('profileMessages.providerUnavailable');
    }
    if (!neverInstalled(live)) throw conflict('refundMessages.installed');

    const refundable = orders.filter((order) => purchaseStanding(order.status) === 'refundable');
    await record(
      { clientId: client.id, iccid: esim.iccid, requestedBy: 'buyer' },
      refundable.map((order) => order.id),
    );
    return findRefundsOfOrders(deps.db, orderIds);
  }

  /**
   * The refund of these orders of the eSIM, decided, with its job: together, so a crash right
   * after deciding still gives the money back. A refund recorded already stays as it is.
   */
  async function record(
    decision: { clientId: number; iccid: string; requestedBy: RefundRequester },
    orderIds: readonly number[],
  ) {
    const now = deps.clock();
    await deps.db.transaction(async (tx) => {
      await insertRefundsIfAbsent(
        tx,
        orderIds.map((orderId) => ({ ...decision, orderId, requestedAt: now })),
      );
      const key = refundJobKey(decision.iccid);
      await enqueueJob(tx, { kind: ESIM_REFUND_KIND, key, runAfter: now, now });
    });
  }

  /**
   * An operator's refund of a delivered order (operators' console, `npm run orders`): the
   * buyer's refund job for this one order, decided by the operator instead of the 14 days and
   * the install state. Its bundles revoked at eSIM Go, the money back, the buyer mailed, the
   * bundle refunded from eSIM Go's inventory; run at once, and a step that fails is carried on
   * by the background round (or by the operator asking again) from where it stopped.
   */
  async function refundDelivered(order: DeliveredOrder): Promise<void> {
    const { clientId, iccid } = order;
    await record({ clientId, iccid, requestedBy: 'operator' }, [order.id]);
    await runJobNow(iccid);
  }

  /** Carries on this order's refund when one is under way (an operator's retry); false if none. */
  async function carryOnRefund(order: Pick<DeliveredOrder, 'id'>): Promise<boolean> {
    const [row] = await findRefundsOfOrders(deps.db, [order.id]);
    if (!row || row.completedAt) return false;
    await runJobNow(row.iccid);
    return true;
  }

  /**
   * The refunds asked for within [from, to) still under way, by order reference: the buyer's
   * money still at the gateway, or (the buyer paid back) ours still at eSIM Go.
   */
  async function unfinished(from: Date, to: Date): Promise<UnfinishedRefund[]> {
    const rows = await findUnfinishedRefunds(deps.db, from, to);
    const orders = await deps.orders.findOrders(rows.map((row) => row.orderId));
    const references = new Map(orders.map((order) => [order.id, order.gatewayOrderId]));
    return rows.map((row) => ({
      reference: references.get(row.orderId) ?? `order ${row.orderId}`,
      side: row.moneyReturnedAt ? 'provider' : 'gateway',
      since: row.requestedAt,
    }));
  }

  return {
    refund,
    refundDelivered,
    carryOnRefund,
    eligibility,
    unfinished,
    /** The self-service refunds asked for on these orders, for the operator's account page. */
    ofOrders: (orderIds: readonly number[]): Promise<SelfServiceRefund[]> =>
      findRefundsOfOrders(deps.db, orderIds),
    /** Which of these bundleRefund orders at eSIM Go some refund holds already. */
    claimedInventoryRefunds: (references: readonly string[]) =>
      findClaimedInventoryRefunds(deps.db, references),
    /** The background worker's round: refunds whose last attempt failed, when due. */
    runDueJobs: () => engine.runDueJobs(),
  };
}

/** A refund a buyer asked for, with how far it has come. */
export type SelfServiceRefund = Pick<
  RefundRow,
  'orderId' | 'iccid' | 'requestedAt' | 'moneyReturnedAt' | 'completedAt' | 'requestedBy'
>;

/** A delivered order as an operator's refund names it: whose, which eSIM. */
export interface DeliveredOrder {
  id: number;
  clientId: number;
  iccid: string;
}

export interface UnfinishedRefund {
  reference: string;
  side: 'gateway' | 'provider';
  since: Date;
}

/**
 * The answer to the traveller once the job has run (here or elsewhere): refunded once every
 * payment is back (a mail still owed is the job's to send); else which side did not answer.
 */
function answerOf(rows: readonly RefundRow[]): EsimRefundResponse {
  if (rows.every((row) => row.moneyReturnedAt)) return REFUNDED;
  const revoked = rows.every((row) => row.providerRevokedAt);
  throw badGateway(
    revoked ? 'refundMessages.gatewayUnavailable' : 'refundMessages.providerUnavailable',
  );
}

/** When the eSIM itself was bought (its own order), from which the 14 days count. */
function ownPurchaseTime(esim: EsimRow, purchases: readonly EsimPurchase[]): Date {
  const own = purchases.find((purchase) => purchase.orderId === esim.orderId) ?? purchases.at(-1);
  return own?.bookedAt ?? esim.createdAt;
}
