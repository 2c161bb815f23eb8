/**
 * The shop killed (SIGKILL) at random points of payment confirmation, and started again on the
 * same data: a child process runs the real server on a temporary DATA_DIR (PGlite, which must
 * open again after the kill) or a fresh PostgreSQL database. Afterwards every buyer still gets
 * an eSIM or the money back, once: the one invariant check of helpers/invariants.ts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type CreateSessionResponse,
  orderApiPaths,
  type Plan,
  refundApiPaths,
} from '@tern/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esimGoSandboxOrders, esimRefunds, gatewaySandboxTransactions } from '../src/db/schema';
import {
  type DataPlace,
  disposeDataPlace,
  freePort,
  type HttpBuyer,
  newDataPlace,
  planIn,
  post,
  type ShopProcess,
  signIn,
  startShop,
  withDatabase,
  withShopAhead,
} from './helpers/child-shop';
import { invariantViolations } from './helpers/invariants';
import { payOnHostedPage } from './orders-kit';

// Each round costs a restart (5 to 10 s on a busy machine), hence few rounds of several orders.
const ROUNDS = 2;
/** Confirmations in flight at each kill, started a little apart so they are at different steps. */
const IN_FLIGHT = 4;

let place: DataPlace;
let shop: ShopProcess;
let buyer: HttpBuyer;
let plan: Plan;

beforeAll(async () => {
  place = await newDataPlace();
  shop = await startShop(place, await freePort());
  buyer = await signIn(shop.url);
  plan = await planIn(shop.url, 'FR');
}, 180_000);

afterAll(async () => {
  await shop?.stop();
  await disposeDataPlace(place);
});

describe('kill -9 during confirmation', () => {
  it('starts again, and every buyer gets one eSIM or the money back', async () => {
    const references: string[] = [];
    // A confirmation undisturbed, to learn how long one takes on this machine.
    const started = Date.now();
    references.push((await confirmedPurchase(shop.url)).reference);
    const confirmationMs = Math.max(Date.now() - started, 200);
    const kills: number[] = [];

    for (let round = 0; round < ROUNDS; round += 1) {
      const paid = await Promise.all(Array.from({ length: IN_FLIGHT }, () => paidOrder(shop.url)));
      references.push(...paid.map((order) => order.reference));
      // Each confirmation starts a third of a confirmation after the one before; the kill comes
      // at a random moment while they run.
      const killAfterMs = Math.round(confirmationMs * (0.1 + Math.random()));
      kills.push(killAfterMs);
      // Real time on purpose (here and for the kill): a process dies mid-request only if the
      // request is really running, which no clock of the shop's can stand in for.
      const answers = paid.map(async (order, index) => {
        await sleep((index * confirmationMs) / IN_FLIGHT);
        return confirmOnce(shop.url, order).catch(() => undefined);
      });
      await sleep(killAfterMs);
      await shop.kill();
      await Promise.all(answers);

      shop = await startShop(place, shop.port);
      // The buyers come back; the restarted shop answers each of them.
      for (const order of paid) {
        const answer = await confirmOnce(shop.url, order);
        const said = answer.status === 200 ? '' : `: ${await answer.text()}`;
        expect(answer.status, `after a kill at ${killAfterMs} ms${said}`).toBe(200);
      }
    }

    // Jobs killed between the provider call and its record wait out the call's settling time
    // (2 minutes) before looking the order up: a shop whose clock is past it finishes them.
    await shop.stop();
    const violations = await settleAndCheck();
    expect(violations, `kills at ${kills.join(', ')} ms`).toEqual([]);
    expect(references).toHaveLength(1 + ROUNDS * IN_FLIGHT);
  }, 300_000);
});

describe('kill -9 during a self-service refund', () => {
  it('finishes by itself once restarted: one gateway refund and one inventory refund', async () => {
    // The confirmation case above ends with the shop stopped and its data settled.
    shop = await startShop(place, shop.port);
    const { reference, iccid } = await confirmedPurchase(shop.url);
    // The gateway takes no refund for now: the request revokes the bundle and stops there.
    await control(shop.url, '/_sandbox/gateway/control/faults', {
      mode: 'down',
      operation: 'REFUND',
    });
    const refused = await post(shop.url, refundApiPaths.esimRefund.href(iccid), {}, bearer());
    expect(refused.status).toBe(502);

    // Killed with the money not back yet. The stand-ins start again with the shop, the gateway
    // up; nobody asks again: the shop's background round must finish the refund by itself.
    await shop.kill();
    shop = await startShop(place, shop.port);
    expect(await refundedWithin(shop.url, iccid, 60_000)).toBe(true);
    await shop.stop();

    await withDatabase(place, async (database) => {
      const returned = await database.db
        .select({ type: gatewaySandboxTransactions.type })
        .from(gatewaySandboxTransactions)
        .where(eq(gatewaySandboxTransactions.orderId, reference));
      expect(returned.filter((row) => row.type === 'REFUND')).toHaveLength(1);
      const refunds = await database.db
        .select({ type: esimGoSandboxOrders.type })
        .from(esimGoSandboxOrders)
        .where(eq(esimGoSandboxOrders.type, 'bundleRefund'));
      expect(refunds).toHaveLength(1);
      const [row] = await database.db
        .select()
        .from(esimRefunds)
        .where(eq(esimRefunds.iccid, iccid));
      expect(row?.completedAt).not.toBeNull();
      expect(row?.inventoryRefundReference).not.toBeNull();
    });
  }, 240_000);
});

/** Polls the refund's eligibility until it says refunded: a restarted process works in real time. */
async function refundedWithin(url: string, iccid: string, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const answer = await fetch(`${url}${refundApiPaths.esimRefund.href(iccid)}`, {
      headers: bearer(),
    });
    const body = (await answer.json()) as { reason?: string | null };
    if (answer.ok && body.reason === 'already-refunded') return true;
    await sleep(500);
  }
  return false;
}

const bearer = () => ({ authorization: `Bearer ${buyer.token}` });

async function control(url: string, pathname: string, body: unknown): Promise<void> {
  const answer = await fetch(`${url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.ok).toBe(true);
}

// ---- a buyer over HTTP, as the web app does it ----

interface PaidOrder {
  reference: string;
  indicator: string;
}

async function paidOrder(url: string): Promise<PaidOrder> {
  const response = await post(
    url,
    orderApiPaths.createSession.href(),
    {
      pur_pla_name: plan.pla_name,
      pur_client_name: 'Maya Haddad',
      pur_client_email: buyer.email,
      pur_client_iccid: '',
      pur_type: 'Regular',
    },
    { authorization: `Bearer ${buyer.token}` },
  );
  expect(response.status).toBe(200);
  const session = (await response.json()) as CreateSessionResponse;
  const indicator = await payOnHostedPage({ url }, session.gateway_transaction.sessionid);
  if (!indicator) throw new Error('The payment was not approved');
  return { reference: session.led_payment_gateway_ref, indicator };
}

function confirmOnce(url: string, order: PaidOrder): Promise<Response> {
  const query = `?resultIndicator=${encodeURIComponent(order.indicator)}`;
  return fetch(`${url}${orderApiPaths.confirmation.href(order.reference)}${query}`, {
    headers: { authorization: `Bearer ${buyer.token}` },
  });
}

async function confirmedPurchase(url: string): Promise<{ reference: string; iccid: string }> {
  const order = await paidOrder(url);
  const answer = await confirmOnce(url, order);
  expect(answer.status).toBe(200);
  const confirmed = (await answer.json()) as { status: string; iccid: string };
  expect(confirmed.status).toBe('fulfilled');
  return { reference: order.reference, iccid: confirmed.iccid };
}

// ---- settling what the kills left, then the one check ----

/**
 * The shop once more, in this process on the same data, with its clock past any lease and the
 * settling time of an unanswered provider call: it runs the reconciler and the due jobs until
 * nothing is left to do (bounded), then the invariant check judges.
 */
function settleAndCheck(): Promise<string[]> {
  return withShopAhead(place, async ({ app, database, clock }) => {
    const deadline = Date.now() + 20_000;
    let violations = await invariantViolations(database.db, clock());
    while (violations.length > 0 && Date.now() < deadline) {
      await app.orders.reconcile();
      await app.orders.runner.runDueJobs();
      violations = await invariantViolations(database.db, clock());
      // A bounded poll, not a wait for time to pass (the clock is already past every lease):
      // work a round hands on, such as a mail or a provider order, completes in real time.
      if (violations.length > 0) await sleep(100);
    }
    return violations;
  });
}
