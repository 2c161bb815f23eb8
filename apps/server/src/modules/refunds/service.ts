/**
 * The self-service refund of an eSIM never installed. The recipe reads top-down:
 * `decide -> ensureRevoked -> ensureMoneyBack -> ensureMailed`, each step recorded in
 * esim_refunds (one row per order), so a step that fails answers 502 and a later request carries
 * on from there; the decision itself is taken once and not taken again. Every purchase on the
 * eSIM goes back together, top-ups included: an eSIM never installed never used any of them.
 *
 * Exactly once: the rows' unique order makes a decision one; concurrent requests in one
 * instance share one run; across instances each step is safe to meet twice, since the provider
 * refuses a second revoke of the same assignment (and the bundles are read again), the gateway
 * refuses a transaction id used before (and money-back reads its view again), and the mail is
 * claimed by a guarded update before it is sent.
 */
import {
  type EsimRefundEligibility,
  type EsimRefundResponse,
  type RefundRefusalReason,
  refundWindowEnd,
} from '@tern/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { badGateway, conflict, notFound } from '../../errors';
import { type EsimGoClient, EsimGoError } from '../../integrations/esimgo/client';
import { unlistedMailPlan } from '../../integrations/mail/mail-format';
import type { Mailer } from '../../integrations/mail/mailer';
import type { Clock } from '../../lib/clock';
import type { AuthenticatedClient, AuthService } from '../auth/auth-service';
import type { EsimRow, EsimsService } from '../esims/service';
import { purchaseMailPlan } from '../ledger/purchase-mail-plan';
import type { EsimPurchase, LedgerService } from '../ledger/service';
import type { MoneyReturn, OrderRefunds, OrderRow } from '../orders/self-service-refund';
import {
  neverInstalled,
  purchaseStanding,
  reasonBeforeProvider,
  refusalBeforeProvider,
} from './eligibility';
import { esimRefundedMail, type RefundedPurchase } from './refund-mail';
import {
  claimMail,
  findRefundsOfOrders,
  insertRefundsIfAbsent,
  markCompleted,
  markMoneyReturned,
  markProviderRevoked,
  type RefundRow,
  releaseMail,
} from './repository';

export interface RefundsDependencies {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
  brandName: string;
  /** Made on demand: the built-in simulator answers only once the app listens. */
  provider(): EsimGoClient;
  esims: Pick<EsimsService, 'requireOwned'>;
  ledger: Pick<LedgerService, 'purchasesOfEsims' | 'markRefunded'>;
  /** The orders' side: their rows, their money back at the gateway, their status. */
  orders: OrderRefunds;
  clients: Pick<AuthService, 'contactOf'>;
}

const REFUNDED: EsimRefundResponse = { status: 'refunded' };
/** Rounds of "read what is left, revoke it" before the provider is called unreliable. */
const REVOKE_ROUNDS = 3;

export type RefundsService = ReturnType<typeof createRefundsService>;

export function createRefundsService(deps: RefundsDependencies) {
  // A double click in one instance waits for the run in progress instead of starting another.
  const running = new Map<string, Promise<EsimRefundResponse>>();

  function refund(client: AuthenticatedClient, iccid: string): Promise<EsimRefundResponse> {
    const key = `${client.id}:${iccid}`;
    const current = running.get(key);
    if (current) return current;
    const run = refundOnce(client, iccid).finally(() => running.delete(key));
    running.set(key, run);
    return run;
  }

  async function refundOnce(client: AuthenticatedClient, iccid: string) {
    const esim = await deps.esims.requireOwned(client.id, iccid);
    const purchases = (await deps.ledger.purchasesOfEsims(client.id, [iccid])).get(iccid) ?? [];
    if (purchases.length === 0) throw notFound('orderMessages.esimNotFound');
    const orderIds = purchases.map((purchase) => purchase.orderId);
    let rows = await findRefundsOfOrders(deps.db, orderIds);
    if (rows.length === 0) rows = await decide(client, esim, purchases);
    if (rows.every((row) => row.completedAt)) return REFUNDED;

    const orders = await deps.orders.findOrders(rows.map((row) => row.orderId));
    await ensureRevoked(iccid, rows, orders);
    await ensureMoneyBack(rows, orders);
    await ensureMailed(client.id, iccid, rows, orders, purchases);
    await markCompleted(
      deps.db,
      rows.map((row) => row.id),
      deps.clock(),
    );
    return REFUNDED;
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
    const esim = await deps.esims.requireOwned(client.id, iccid);
    const purchases = (await deps.ledger.purchasesOfEsims(client.id, [iccid])).get(iccid) ?? [];
    if (purchases.length === 0) throw notFound('orderMessages.esimNotFound');
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

    const now = deps.clock();
    const refundable = orders.filter((order) => purchaseStanding(order.status) === 'refundable');
    await insertRefundsIfAbsent(
      deps.db,
      refundable.map((order) => ({
        orderId: order.id,
        clientId: client.id,
        iccid: esim.iccid,
        requestedAt: now,
      })),
    );
    return findRefundsOfOrders(deps.db, orderIds);
  }

  /**
   * Revokes at the provider every bundle these orders put on the eSIM; assignments already
   * gone are not asked for again. Once the last one goes, eSIM Go returns the never-installed
   * eSIM and it leaves the account: its reads then answer 400, which means done here.
   */
  async function ensureRevoked(
    iccid: string,
    rows: readonly RefundRow[],
    orders: readonly OrderRow[],
  ): Promise<void> {
    const pending = rows.filter((row) => !row.providerRevokedAt);
    if (pending.length === 0) return;
    const references = new Set(
      orders.flatMap((order) =>
        order.providerOrderReference ? [order.providerOrderReference] : [],
      ),
    );
    try {
      await revokeAtProvider(iccid, references);
    } catch (error) {
      deps.log.warn({ err: error, iccid }, 'refund: the bundles could not be revoked');
      throw badGateway('refundMessages.providerUnavailable');
    }
    await markProviderRevoked(
      deps.db,
      pending.map((row) => row.id),
      deps.clock(),
    );
  }

  async function revokeAtProvider(iccid: string, references: ReadonlySet<string>): Promise<void> {
    const provider = deps.provider();
    for (let round = 0; round < REVOKE_ROUNDS; round += 1) {
      const left = await bundlesLeft(provider, iccid, references);
      if (left.length === 0) return;
      for (const bundle of left) {
        try {
          await provider.revokeBundle(iccid, bundle);
        } catch (error) {
          // Refused (4xx): revoked by a twin request meanwhile, or the eSIM left the account.
          // The next round reads what is really left; anything else is the provider failing.
          if (!isRefusal(error)) throw error;
        }
      }
    }
    const left = await bundlesLeft(provider, iccid, references);
    if (left.length > 0) throw new Error(`${left.length} bundle(s) are still on eSIM ${iccid}`);
  }

  /** Voids or refunds each order at the gateway, then marks it refunded with its ledger entry. */
  async function ensureMoneyBack(
    rows: readonly RefundRow[],
    orders: readonly OrderRow[],
  ): Promise<void> {
    const byId = new Map(orders.map((order) => [order.id, order]));
    for (const row of rows) {
      if (row.moneyReturnedAt) continue;
      const order = byId.get(row.orderId);
      if (!order) throw new Error(`Refund ${row.id} names order ${row.orderId}, which is gone`);
      const how = await moneyBack(order);
      const at = deps.clock();
      await deps.db.transaction(async (tx) => {
        await markMoneyReturned(tx, row.id, how, at);
        await deps.orders.markRefunded(order.id, how, at, tx);
        await deps.ledger.markRefunded(order.id, at, tx);
      });
    }
  }

  async function moneyBack(order: OrderRow): Promise<'voided' | 'refunded'> {
    let how: MoneyReturn;
    try {
      how = await deps.orders.returnPayment(order);
    } catch (first) {
      // A twin request's void or refund refuses ours (the same transaction id): money-back reads
      // the gateway's view again and sees it done. A gateway that is down fails again.
      try {
        how = await deps.orders.returnPayment(order);
      } catch (error) {
        deps.log.warn({ err: error, first, order: order.gatewayOrderId }, 'refund: money not back');
        throw badGateway('refundMessages.gatewayUnavailable');
      }
    }
    if (how === 'nothing-taken') {
      deps.log.error({ order: order.gatewayOrderId }, 'refund: the gateway holds no payment');
      throw badGateway('refundMessages.gatewayUnavailable');
    }
    return how;
  }

  /**
   * One confirmation for the eSIM, sent by whichever request claims it. A mail that fails is
   * given back for a later request: the money is back already, so the buyer still hears 200.
   */
  async function ensureMailed(
    clientId: number,
    iccid: string,
    rows: readonly RefundRow[],
    orders: readonly OrderRow[],
    purchases: readonly EsimPurchase[],
  ): Promise<void> {
    const unmailed = rows.filter((row) => !row.mailedAt).map((row) => row.id);
    const claimed = await claimMail(deps.db, unmailed, deps.clock());
    if (claimed.length === 0) return;
    try {
      const contact = await deps.clients.contactOf(clientId);
      if (!contact) return;
      const plans = new Map(purchases.map((purchase) => [purchase.orderId, purchase]));
      const byId = new Map(orders.map((order) => [order.id, order]));
      const refunded = (
        await findRefundsOfOrders(
          deps.db,
          claimed.map((row) => row.orderId),
        )
      ).flatMap((row): RefundedPurchase[] => {
        const order = byId.get(row.orderId);
        if (!order || !row.moneyReturn) return [];
        const purchase = plans.get(order.id);
        return [
          {
            gatewayOrderId: order.gatewayOrderId,
            plan: purchase ? purchaseMailPlan(purchase) : unlistedMailPlan(order.planDescription),
            amountCents: order.amountCents,
            currency: order.currency,
            how: row.moneyReturn === 'voided' ? 'voided' : 'refunded',
          },
        ];
      });
      const recipient = {
        brandName: deps.brandName,
        to: contact.email,
        name: contact.name,
        language: contact.language,
      };
      await deps.mailer.send(esimRefundedMail(recipient, iccid, refunded));
    } catch (error) {
      await releaseMail(
        deps.db,
        claimed.map((row) => row.id),
      );
      deps.log.error({ err: error, iccid }, 'refund: the confirmation could not be mailed');
    }
  }

  return { refund, eligibility };
}

/** When the eSIM itself was bought (its own order), from which the 14 days count. */
function ownPurchaseTime(esim: EsimRow, purchases: readonly EsimPurchase[]): Date {
  const own = purchases.find((purchase) => purchase.orderId === esim.orderId) ?? purchases.at(-1);
  return own?.bookedAt ?? esim.createdAt;
}

/**
 * The bundles these orders put on the eSIM that are still on it, as the provider lists them
 * (used ones too). An eSIM the account no longer holds (400) has none left.
 */
async function bundlesLeft(
  provider: EsimGoClient,
  iccid: string,
  references: ReadonlySet<string>,
): Promise<{ name: string; assignmentId: string }[]> {
  let listed: Awaited<ReturnType<EsimGoClient['getEsimBundles']>>;
  try {
    listed = await provider.getEsimBundles(iccid);
  } catch (error) {
    if (error instanceof EsimGoError && error.status === 400) return [];
    throw error;
  }
  return listed.bundles.flatMap((bundle) =>
    bundle.assignments
      .filter(
        (assignment) =>
          assignment.bundleState !== 'revoked' &&
          (!assignment.assignmentReference || references.has(assignment.assignmentReference)),
      )
      .map((assignment) => ({ name: bundle.name, assignmentId: assignment.id })),
  );
}

/** The provider said no (4xx other than a rate limit): worth reading again, not retrying. */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof EsimGoError &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 429
  );
}
