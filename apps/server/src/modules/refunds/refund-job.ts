/**
 * The work of a self-service refund once it is decided, as a kind of job on the one engine
 * (jobs/engine.ts, decision 0035): `ensureRevoked -> ensureMoneyBack -> ensureMailed ->
 * ensureInventoryRefunded` (the merchant's money back at eSIM Go), each step
 * recorded in esim_refunds, so an attempt that fails carries on from there. The request that
 * asks runs the job at once (service.ts); a step that failed is retried with back-off by the
 * background worker until the money is back, whether or not the traveller asks again. The
 * job's lease lets one worker at a time, in any instance, take the steps; each step is also
 * safe to meet twice, since the provider refuses a second revoke of the same assignment, the
 * gateway refuses a transaction id used before (money-back reads its view again), and the mail
 * is claimed by a guarded update before it is sent.
 */
import { unlistedMailPlan } from '../../integrations/mail/mail-format';
import {
  done,
  type JobKind,
  type JobOutcome,
  type JobRow,
  type Lease,
  reasonOf,
} from '../../jobs/engine';
import { purchaseMailPlan } from '../ledger/purchase-mail-plan';
import type { EsimPurchase } from '../ledger/service';
import type { OrderRow } from '../orders/self-service-refund';
import { ensureInventoryRefunded } from './inventory-refund';
import { pendingWithOrders } from './pending-with-orders';
import { bundlesLeft, isRefusal } from './provider-bundles';
import { esimRefundedMail, type RefundedPurchase } from './refund-mail';
import {
  claimMail,
  findRefundsOfEsim,
  findRefundsOfOrders,
  markCompleted,
  markMoneyReturned,
  markProviderRevoked,
  type RefundRow,
  releaseMail,
} from './repository';
import type { RefundsDependencies } from './service';

export const ESIM_REFUND_KIND = 'esim-refund';

/** The key of an eSIM's refund job: one per eSIM, whatever the number of its purchases. */
export const refundJobKey = (iccid: string): string => `${ESIM_REFUND_KIND}:${iccid}`;

const iccidOf = (job: JobRow): string => job.key.slice(ESIM_REFUND_KIND.length + 1);

/** Rounds of "read what is left, revoke it" before the provider is called unreliable. */
const REVOKE_ROUNDS = 3;

/** Money goes back however long it takes: the kind is retried, never parked. */
export function esimRefundKind(deps: RefundsDependencies): JobKind {
  return {
    maxAttempts: Number.POSITIVE_INFINITY,
    retryBaseMs: deps.jobs.retryBaseMs,
    run: (job, lease) => carryOn(deps, iccidOf(job), lease),
    exhausted: async () => 'retry',
  };
}

/** The steps still to take for the eSIM's refunds, in order; the first one failing ends the attempt. */
async function carryOn(
  deps: RefundsDependencies,
  iccid: string,
  lease: Lease,
): Promise<JobOutcome> {
  const rows = (await findRefundsOfEsim(deps.db, iccid)).filter((row) => !row.completedAt);
  const [first] = rows;
  if (!first) return done;
  const orders = await deps.orders.findOrders(rows.map((row) => row.orderId));
  const failed = (step: string, error: unknown): JobOutcome => {
    deps.log.warn({ err: error, iccid }, `refund: ${step} failed`);
    return { kind: 'failed', reason: `${step}: ${reasonOf(error)}`, cause: error };
  };

  // Fencing: a worker whose lease passed on takes no step with a side effect.
  if (!(await lease.renew())) return { kind: 'lease-lost' };
  try {
    await ensureRevoked(deps, iccid, rows, orders);
  } catch (error) {
    return failed('the bundles could not be revoked', error);
  }
  try {
    await ensureMoneyBack(deps, rows, orders);
  } catch (error) {
    return failed('the money could not be given back', error);
  }
  const purchases = (await deps.ledger.purchasesOfEsims(first.clientId, [iccid])).get(iccid) ?? [];
  if (!(await ensureMailed(deps, { clientId: first.clientId, iccid, rows, orders, purchases }))) {
    return { kind: 'failed', reason: 'the confirmation could not be mailed' };
  }
  // Last: the merchant's money at eSIM Go never holds up the buyer's.
  if (!(await lease.renew())) return { kind: 'lease-lost' };
  try {
    await ensureInventoryRefunded(deps, rows, orders);
  } catch (error) {
    return failed('the bundles could not be refunded at eSIM Go', error);
  }
  await markCompleted(
    deps.db,
    rows.map((row) => row.id),
    deps.clock(),
  );
  return done;
}

/**
 * Revokes at the provider every bundle these orders put on the eSIM; assignments already
 * gone are not asked for again. Once the last one goes, eSIM Go returns the never-installed
 * eSIM and it leaves the account: its reads then answer 400, which means done here.
 */
async function ensureRevoked(
  deps: RefundsDependencies,
  iccid: string,
  rows: readonly RefundRow[],
  orders: readonly OrderRow[],
): Promise<void> {
  const pending = rows.filter((row) => !row.providerRevokedAt);
  if (pending.length === 0) return;
  const references = new Set(
    orders.flatMap((order) => (order.providerOrderReference ? [order.providerOrderReference] : [])),
  );
  await revokeAtProvider(deps, iccid, references);
  await markProviderRevoked(
    deps.db,
    pending.map((row) => row.id),
    deps.clock(),
  );
}

async function revokeAtProvider(
  deps: RefundsDependencies,
  iccid: string,
  references: ReadonlySet<string>,
): Promise<void> {
  const provider = deps.provider();
  for (let round = 0; round < REVOKE_ROUNDS; round += 1) {
    const left = await bundlesLeft(provider, iccid, references);
    if (left.length === 0) return;
    for (const bundle of left) {
      try {
        await provider.revokeBundle(iccid, bundle);
      } catch (error) {
        // Refused (4xx): revoked by a twin meanwhile, or the eSIM left the account. The next
        // round reads what is really left; anything else is the provider failing.
        if (!isRefusal(error)) throw error;
      }
    }
  }
  const left = await bundlesLeft(provider, iccid, references);
  if (left.length > 0) throw new Error(`${left.length} bundle(s) are still on eSIM ${iccid}`);
}

/** Voids or refunds each order at the gateway, then marks it refunded with its ledger entry. */
async function ensureMoneyBack(
  deps: RefundsDependencies,
  rows: readonly RefundRow[],
  orders: readonly OrderRow[],
): Promise<void> {
  for (const [row, order] of pendingWithOrders(rows, orders, (row) => !row.moneyReturnedAt)) {
    const how = await deps.orders.returnPayment(order);
    // Money-back reads the gateway's view first: nothing held there is no payment to return.
    if (how === 'nothing-taken') throw new Error(`The gateway holds no payment for ${order.id}`);
    const at = deps.clock();
    await deps.db.transaction(async (tx) => {
      await markMoneyReturned(tx, row.id, how, at);
      const by = row.requestedBy === 'operator' ? 'operator' : 'self-service';
      await deps.orders.markRefunded(order.id, `${by}: ${how}`, at, tx);
      await deps.ledger.markRefunded(order.id, at, tx);
    });
  }
}

interface MailSubject {
  clientId: number;
  iccid: string;
  rows: readonly RefundRow[];
  orders: readonly OrderRow[];
  purchases: readonly EsimPurchase[];
}

/**
 * One confirmation for the eSIM, sent by whichever worker claims it. A mail that fails is
 * given back for the next attempt: false then.
 */
async function ensureMailed(deps: RefundsDependencies, subject: MailSubject): Promise<boolean> {
  const unmailed = subject.rows.filter((row) => !row.mailedAt).map((row) => row.id);
  const claimed = await claimMail(deps.db, unmailed, deps.clock());
  if (claimed.length === 0) return true;
  try {
    const contact = await deps.clients.contactOf(subject.clientId);
    if (!contact) return true;
    const refunded = await refundedPurchases(deps, subject, claimed);
    const recipient = {
      brandName: deps.brandName,
      to: contact.email,
      name: contact.name,
      language: contact.language,
    };
    // An operator's refund is one order's (its own row): the mail then speaks of that order.
    const requestedBy = claimed.every((row) => row.requestedBy === 'operator')
      ? 'operator'
      : 'buyer';
    await deps.mailer.send(esimRefundedMail(recipient, subject.iccid, refunded, requestedBy));
    return true;
  } catch (error) {
    await releaseMail(
      deps.db,
      claimed.map((row) => row.id),
    );
    deps.log.error(
      { err: error, iccid: subject.iccid },
      'refund: the confirmation could not be mailed',
    );
    return false;
  }
}

/** The mail's lines: each claimed refund's order, its plan as the shop names it, and how. */
async function refundedPurchases(
  deps: RefundsDependencies,
  subject: MailSubject,
  claimed: readonly RefundRow[],
): Promise<RefundedPurchase[]> {
  const plans = new Map(subject.purchases.map((purchase) => [purchase.orderId, purchase]));
  const byId = new Map(subject.orders.map((order) => [order.id, order]));
  const current = await findRefundsOfOrders(
    deps.db,
    claimed.map((row) => row.orderId),
  );
  return current.flatMap((row): RefundedPurchase[] => {
    const order = byId.get(row.orderId);
    if (!order || !row.moneyReturn) return [];
    const purchase = plans.get(order.id);
    return [
      {
        gatewayOrderId: order.gatewayOrderId,
        plan: purchase ? purchaseMailPlan(purchase) : unlistedMailPlan(order.planDescription),
        amountCents: order.amountCents,
        creditCents: order.creditCents,
        currency: order.currency,
        how: row.moneyReturn === 'voided' ? 'voided' : 'refunded',
      },
    ];
  });
}
