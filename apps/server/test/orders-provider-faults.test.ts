/**
 * Fulfilment against an eSIM Go that answers late, not at all, or "Processing", that limits the
 * calls it takes or leaves an order failed, and workers stopped around the provider call: every
 * case ends with exactly one provider order per delivered shop order (and none kept for one
 * given back), counted in the simulator's own order table. Faults come from the stand-in; time
 * moves on the app's own clock.
 */
import { randomUUID } from 'node:crypto';
import { type EsimDetailsView, type Plan, profileApiPaths } from '@tern/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { esimGoSandboxOrders, orders } from '../src/db/schema';
import { findJob } from '../src/jobs/engine';
import { syncAppCatalogue } from '../src/modules/catalog/sync-runner';
import { orderJobKey } from '../src/modules/orders/order-jobs';
import { UNANSWERED_ORDER_SETTLE_MS } from '../src/modules/orders/provider-order';
import { listOrderEvents } from '../src/modules/orders/repository';
import {
  advanceClockMinutes,
  clearFault,
  type FaultRequest,
  getRateLimit,
  setFault,
  setProfileStatus,
  setRateLimit,
} from '../src/sandbox/esimgo/control-client';
import { DEFAULT_CALLS_PER_SECOND } from '../src/sandbox/esimgo/rate-limit';
import { movableClock } from './helpers/movable-clock';
import type { TestApp } from './helpers/test-app';
import {
  type Buyer,
  bearer,
  confirm,
  createOrdersTestApp,
  esimCount,
  gatewayTransactions,
  ledgerCount,
  openedPayment,
  orderRow,
  payOnHostedPage,
  planIn,
  providerOrderCount,
  runJobsUntil,
  signIn,
} from './orders-kit';

let shop: TestApp;
let plan: Plan;
const time = movableClock();

beforeAll(async () => {
  shop = await createOrdersTestApp({}, { clock: time.clock });
  plan = await planIn(shop, 'FR');
});
afterAll(async () => shop?.close());

const db = () => shop.database.db;
const context = () => shop.app.orders.context;
const realProvider = () => shop.app.esimGoClient();

afterEach(async () => {
  await clearFault(shop.url);
  await setRateLimit(shop.url, DEFAULT_CALLS_PER_SECOND);
  time.setAhead(0);
  context().provider = realProvider;
});

/** A worker that gives up on eSIM Go after 300 ms, so a held answer is a lost one. */
function impatientProvider(): void {
  context().provider = () => shop.app.esimGoClient({ timeoutMs: 300, retries: 0 });
}

/** The shop's clock (and its workers') runs past the lease and the settling time of a call. */
function laterThanLeaseAndSettling(): void {
  time.setAhead(Math.max(context().settings.leaseMs, UNANSWERED_ORDER_SETTLE_MS) + 60_000);
}

/** Where a worker is stopped around the provider call. */
type FulfilmentStep = 'before-provider-call' | 'after-provider-call' | 'after-provider-write';

/**
 * Stops the next fulfilment at `step`, by the stand-in: the call hangs before it runs, or runs
 * and its answer is lost, or the provider answers and then its reads fail; an impatient worker
 * gives up there, its start mark (and reference) written and nothing after.
 */
async function stopAt(step: FulfilmentStep): Promise<void> {
  impatientProvider();
  const fault: Record<FulfilmentStep, FaultRequest> = {
    'before-provider-call': { mode: 'timeout', count: 1 },
    'after-provider-call': { mode: 'lateAnswer', count: 1 },
    'after-provider-write': { mode: 'processing', count: 100 },
  };
  await setFault(shop.url, fault[step]);
}

/** Another worker, on a provider that answers again. */
async function providerBack(): Promise<void> {
  await clearFault(shop.url);
  context().provider = realProvider;
}

/** Pays and sends the buyer back to confirm: the confirmation runs the job once itself. */
async function payAndConfirm(buyer: Buyer): Promise<string> {
  const session = await openedPayment(shop, buyer, plan);
  const reference = session.led_payment_gateway_ref;
  const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
  const answer = await confirm(shop.app, buyer, reference, indicator);
  expect(answer.statusCode, answer.body).toBe(200);
  return reference;
}

/**
 * Pays, and the buyer never comes back: the reconciler marks the order paid, then a worker
 * runs its job (stopped at `step` when given).
 */
async function payAndRunJob(
  buyer: Buyer,
  extra: Record<string, unknown> = {},
  step?: FulfilmentStep,
): Promise<string> {
  const session = await openedPayment(shop, buyer, plan, extra);
  const reference = session.led_payment_gateway_ref;
  await payOnHostedPage(shop, session.gateway_transaction.sessionid);
  await shop.app.orders.reconcile();
  if (step) await stopAt(step);
  await shop.app.orders.runner.runJobsForOrder((await orderRow(db(), reference)).id);
  return reference;
}

async function providerOrderExists(reference: string | null): Promise<boolean> {
  if (!reference) return false;
  const rows = await db()
    .select({ reference: esimGoSandboxOrders.reference })
    .from(esimGoSandboxOrders)
    .where(eq(esimGoSandboxOrders.reference, reference));
  return rows.length === 1;
}

/** Delivered once: one more provider order than before, and it is the one the order holds. */
async function expectBoughtOnce(reference: string, providerOrdersBefore: number) {
  expect(await runJobsUntil(shop, reference, (s) => s === 'fulfilled')).toBe('fulfilled');
  const order = await orderRow(db(), reference);
  expect(await providerOrderCount(db())).toBe(providerOrdersBefore + 1);
  expect(await providerOrderExists(order.providerOrderReference)).toBe(true);
  expect(await esimCount(db(), order.iccid ?? '')).toBe(1);
  expect(await ledgerCount(db(), reference)).toBe(1);
  expect(await gatewayTransactions(db(), reference, 'CAPTURE')).toBe(1);
  return order;
}

async function eventsOf(reference: string): Promise<string[]> {
  const order = await orderRow(db(), reference);
  return (await listOrderEvents(db(), order.id)).map((entry) => entry.event);
}

describe('a provider that completes orders later', () => {
  it('stores the reference at once, then waits for the eSIM without buying again', async () => {
    const buyer = await signIn(shop);
    const before = await providerOrderCount(db());
    await setFault(shop.url, { mode: 'async', asyncDelayMs: 1500 });
    // No retries inside a call: the job itself must come back for the eSIM.
    context().provider = () => shop.app.esimGoClient({ retries: 0 });

    const reference = await payAndConfirm(buyer);
    const waiting = await orderRow(db(), reference);
    expect(waiting.providerOrderReference).not.toBeNull();
    expect(waiting.iccid).toBeNull();
    expect(waiting.status).toBe('fulfilling');
    // Waiting spent no attempt: the confirmation's one attempt was given back.
    expect((await findJob(db(), orderJobKey(waiting.id)))?.attempts).toBe(0);

    const order = await expectBoughtOnce(reference, before);
    expect(order.providerOrderReference).toBe(waiting.providerOrderReference);
  });

  it('waits out 503 Processing on reads, honouring Retry-After', async () => {
    const buyer = await signIn(shop);
    const before = await providerOrderCount(db());
    await setFault(shop.url, { mode: 'processing', count: 2, retryAfterSeconds: 1 });

    const reference = await payAndConfirm(buyer);
    expect((await orderRow(db(), reference)).status).toBe('fulfilled');
    await expectBoughtOnce(reference, before);
    const fault = await setFault(shop.url, { mode: 'none' });
    expect(fault.mode).toBe('none');
  });
});

describe('an order whose answer never came', () => {
  const cases: { name: string; fault: FaultRequest; placed: number; event: string }[] = [
    {
      name: 'orders again once sure the provider has no order (a timeout before the call ran)',
      fault: { mode: 'timeout', count: 1 },
      placed: 0,
      event: 'provider-order-not-found',
    },
    {
      name: 'finds and claims the order the provider made (its answer came too late)',
      fault: { mode: 'lateAnswer', count: 1 },
      placed: 1,
      event: 'provider-order-found',
    },
  ];

  for (const { name, fault, placed, event } of cases) {
    it(name, async () => {
      const buyer = await signIn(shop);
      const before = await providerOrderCount(db());
      await setFault(shop.url, fault);
      impatientProvider();

      const reference = await payAndConfirm(buyer);
      expect(await providerOrderCount(db())).toBe(before + placed);
      const unknown = await orderRow(db(), reference);
      expect(unknown.providerOrderReference).toBeNull();
      expect(unknown.providerOrderStartedAt).not.toBeNull();

      // Before the call settled, nothing is bought or looked up.
      await shop.app.orders.runner.runJobsForOrder(unknown.id);
      expect(await providerOrderCount(db())).toBe(before + placed);

      laterThanLeaseAndSettling();
      await expectBoughtOnce(reference, before);
      expect(await eventsOf(reference)).toContain(event);
    });
  }

  it('never takes a refund from the inventory, listed among the orders, for a lost purchase', async () => {
    const buyer = await signIn(shop);
    const before = await providerOrderCount(db());
    await setFault(shop.url, { mode: 'timeout', count: 1 });
    impatientProvider();
    const reference = await payAndConfirm(buyer);
    const { planName } = await orderRow(db(), reference);
    // Meanwhile eSIM Go lists a refund of the same bundle: completed, one use, no eSIM.
    await db()
      .insert(esimGoSandboxOrders)
      .values({
        reference: randomUUID(),
        type: 'bundleRefund',
        totalCents: 100,
        status: 'completed',
        lines: [{ item: planName, quantity: 1, allowReassign: false, priceCents: 100 }],
        createdAt: new Date(),
      });

    laterThanLeaseAndSettling();
    await expectBoughtOnce(reference, before);
    expect(await eventsOf(reference)).toContain('provider-order-not-found');
  });

  // POST /orders documents 503 "Processing" with Retry-After, and an order being processed is
  // not listed yet: after a 5xx the shop waits for the call to settle before looking it up.
  const afterAnError: { name: string; fault: FaultRequest; placed: number; event: string }[] = [
    {
      name: 'waits after a 500 to the order call, then orders when the provider has none',
      fault: { mode: 'error500', count: 1 },
      placed: 0,
      event: 'provider-order-not-found',
    },
    {
      name: 'waits after a 503 that came once the order was made, then claims it: one order',
      fault: {
        mode: 'processingAfterOrder',
        count: 1,
        retryAfterSeconds: 30,
        asyncDelayMs: 20_000,
      },
      placed: 1,
      event: 'provider-order-found',
    },
  ];

  for (const { name, fault, placed, event } of afterAnError) {
    it(name, async () => {
      const buyer = await signIn(shop);
      const before = await providerOrderCount(db());
      await setFault(shop.url, fault);

      const reference = await payAndConfirm(buyer);
      expect(await providerOrderCount(db())).toBe(before + placed);
      const unsure = await orderRow(db(), reference);
      expect(unsure.providerOrderReference).toBeNull();
      expect(await eventsOf(reference)).toContain('provider-order-unsure');

      // Before the call settled, nothing is bought or looked up.
      await shop.app.orders.runner.runJobsForOrder(unsure.id);
      expect(await providerOrderCount(db())).toBe(before + placed);
      expect((await orderRow(db(), reference)).providerOrderReference).toBeNull();

      laterThanLeaseAndSettling();
      // The provider's clock moves on too: the order made under the 503 is listed by then.
      await advanceClockMinutes(shop.url, 3);
      await expectBoughtOnce(reference, before);
      expect(await eventsOf(reference)).toContain(event);
    });
  }
});

describe('a worker stopped around the provider call', () => {
  const steps: { step: FulfilmentStep; placed: number }[] = [
    { step: 'before-provider-call', placed: 0 },
    { step: 'after-provider-call', placed: 1 },
    { step: 'after-provider-write', placed: 1 },
  ];

  for (const { step, placed } of steps) {
    it(`buys once when it stops ${step.replaceAll('-', ' ')}`, async () => {
      const buyer = await signIn(shop);
      const before = await providerOrderCount(db());
      const reference = await payAndRunJob(buyer, {}, step);
      expect(await providerOrderCount(db())).toBe(before + placed);
      const crashed = await orderRow(db(), reference);
      expect(crashed.status).toBe('fulfilling');
      expect(crashed.providerOrderReference !== null).toBe(step === 'after-provider-write');

      // Another worker, after the lease ran out.
      await providerBack();
      laterThanLeaseAndSettling();
      await expectBoughtOnce(reference, before);
    });
  }

  it('gives two orders of the same plan, both lost after the call, one provider order each', async () => {
    const buyer = await signIn(shop);
    const before = await providerOrderCount(db());
    const first = await payAndRunJob(buyer, {}, 'after-provider-call');
    const second = await payAndRunJob(buyer, {}, 'after-provider-call');
    expect(await providerOrderCount(db())).toBe(before + 2);

    await providerBack();
    laterThanLeaseAndSettling();
    const one = await expectBoughtOnce(first, before + 1);
    const other = await expectBoughtOnce(second, before + 1);
    expect(one.providerOrderReference).not.toBe(other.providerOrderReference);
    expect(one.iccid).not.toBe(other.iccid);
  });

  it('gives a lost top-up its own eSIM’s order, and a lost new eSIM never someone’s top-up', async () => {
    const traveller = await signIn(shop);
    const target = (await orderRow(db(), await payAndConfirm(traveller))).iccid ?? '';
    const newcomer = await signIn(shop, 'Karim Nasser');
    const before = await providerOrderCount(db());
    // The top-up is ordered first, so it is the older provider order of the same plan.
    const topupOrder = { pur_type: 'Topup', pur_client_iccid: target };
    const topup = await payAndRunJob(traveller, topupOrder, 'after-provider-call');
    const fresh = await payAndRunJob(newcomer, {}, 'after-provider-call');
    expect(await providerOrderCount(db())).toBe(before + 2);

    await providerBack();
    laterThanLeaseAndSettling();
    // The new eSIM's order is looked up first: the top-up's provider order must not be it.
    const delivered = await expectBoughtOnce(fresh, before + 1);
    expect(delivered.iccid).not.toBe(target);
    const toppedUp = await expectBoughtOnce(topup, before + 1);
    expect(toppedUp.iccid).toBe(target);
  });
});

describe('a rate-limited provider', () => {
  it('delivers a purchase while the limit bites: one provider order, one capture', async () => {
    const buyer = await signIn(shop);
    const before = await providerOrderCount(db());
    // Stricter than the shop's own pace (as when other instances share its address): the
    // eSIM details read right after the order is turned away, and asked again after Retry-After.
    await setRateLimit(shop.url, 1);

    const reference = await payAndConfirm(buyer);
    const order = await expectBoughtOnce(reference, before);
    expect(order.status).toBe('fulfilled');
    expect(await shopOrdersOfBuyer(reference)).toBe(1);
    expect((await getRateLimit(shop.url)).refused).toBeGreaterThan(0);
  });

  it('is not pushed past its 10 calls a second by the shop: a whole catalogue sync meets no 429', async () => {
    // Counts from zero; the catalogue is 41 pages of 100 bundles, read one after the other.
    await setRateLimit(shop.url, DEFAULT_CALLS_PER_SECOND);
    const report = await syncAppCatalogue(shop.app);
    expect(report.plans).toBeGreaterThan(0);
    expect((await getRateLimit(shop.url)).refused).toBe(0);
  });
});

/** Purchases eSIM Go left failed, counted in its own order table. */
async function failedProviderOrders(): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(esimGoSandboxOrders)
    .where(
      and(eq(esimGoSandboxOrders.type, 'transaction'), eq(esimGoSandboxOrders.status, 'failed')),
    );
  return row?.n ?? 0;
}

/** The shop orders of the buyer who placed this one (a fresh buyer in each case): no second one. */
async function shopOrdersOfBuyer(reference: string): Promise<number> {
  const { clientId } = await orderRow(db(), reference);
  const [row] = await db().select({ n: count() }).from(orders).where(eq(orders.clientId, clientId));
  return row?.n ?? 0;
}

describe('an order left failed', () => {
  const attempts = () => context().settings.maxAttempts;
  const cases: {
    name: string;
    fault: FaultRequest;
    placed: () => number;
    failed: () => number;
    captures: number;
    returned: number;
    outcome: 'fulfilled' | 'refunded';
  }[] = [
    {
      name: 'buys again when eSIM Go fails the order it took, and delivers that one',
      fault: { mode: 'failedOrder', count: 1, asyncDelayMs: 1000 },
      placed: () => 2,
      failed: () => 1,
      captures: 1,
      returned: 0,
      outcome: 'fulfilled',
    },
    {
      name: 'gives the money back when every order it places is failed, within its attempts',
      fault: { mode: 'failedOrder', asyncDelayMs: 0 },
      placed: attempts,
      failed: attempts,
      captures: 0,
      returned: 1,
      outcome: 'refunded',
    },
  ];

  for (const { name, fault, placed, failed, captures, returned, outcome } of cases) {
    it(name, async () => {
      const buyer = await signIn(shop);
      const [ordersBefore, failedBefore] = [
        await providerOrderCount(db()),
        await failedProviderOrders(),
      ];
      await setFault(shop.url, fault);

      const reference = await payAndConfirm(buyer);
      const settled = (status: string) => status === 'fulfilled' || status === 'refunded';
      expect(await runJobsUntil(shop, reference, settled, 20_000)).toBe(outcome);

      expect(await providerOrderCount(db())).toBe(ordersBefore + placed());
      expect(await failedProviderOrders()).toBe(failedBefore + failed());
      expect(await gatewayTransactions(db(), reference, 'CAPTURE')).toBe(captures);
      const voids = await gatewayTransactions(db(), reference, 'VOID_AUTHORIZATION');
      const refunds = await gatewayTransactions(db(), reference, 'REFUND');
      expect(voids + refunds).toBe(returned);
      expect(await shopOrdersOfBuyer(reference)).toBe(1);
      const order = await orderRow(db(), reference);
      // Delivered from the order that completed, or nothing delivered and nothing held.
      expect(await esimCount(db(), order.iccid ?? '')).toBe(outcome === 'fulfilled' ? 1 : 0);
      expect(await ledgerCount(db(), reference)).toBe(outcome === 'fulfilled' ? 1 : 0);
      expect(await providerOrderExists(order.providerOrderReference)).toBe(outcome === 'fulfilled');
      expect(await eventsOf(reference)).toContain('provider-order-failed');
    });
  }
});

describe('installed eSIMs', () => {
  it('show their install time, which eSIM Go gives in milliseconds', async () => {
    const buyer = await signIn(shop);
    const reference = await payAndConfirm(buyer);
    const { iccid } = await orderRow(db(), reference);
    if (!iccid) throw new Error('No eSIM was delivered');
    const installed = await setProfileStatus(shop.url, iccid, 'Installed');
    expect(typeof installed.firstInstalledDateTime).toBe('number');

    const response = await shop.app.inject({
      method: 'GET',
      url: profileApiPaths.esimDetails.href(iccid),
      headers: bearer(buyer),
    });
    expect(response.statusCode, response.body).toBe(200);
    const details = response.json() as EsimDetailsView;
    expect(details.profileStatus).toBe('Installed');
    expect(details.firstInstalledDateTime).toBe(
      new Date(installed.firstInstalledDateTime ?? 0).toISOString(),
    );
  });
});
