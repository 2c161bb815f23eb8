/**
 * Outside systems failing at each step of fulfilment and confirmation: eSIM Go answering 5xx,
 * 429 or nothing at the step under test, the gateway out of reach when the buyer comes back or
 * at capture. Each case ends delivered once the part is back, and the shop passes the one
 * invariant check (helpers/invariants.ts). orders-provider-faults.test.ts has the cases of the
 * order call itself (5xx, timeouts, late answers, Processing); they are not repeated here.
 */
import { orderMessages, type Plan } from '@tern/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EsimGoClient } from '../src/integrations/esimgo/client';
import { UNANSWERED_ORDER_SETTLE_MS } from '../src/modules/orders/provider-order';
import { listOrderEvents } from '../src/modules/orders/repository';
import { clearFault, type FaultRequest, setFault } from '../src/sandbox/esimgo/control-client';
import {
  leaveTransactionsUnsettled,
  loseTransactionAnswers,
  resetGatewaySandbox,
  settleTransactions,
  takeGatewayDown,
} from '../src/sandbox/gateway/control-client';
import { invariantViolations } from './helpers/invariants';
import { movableClock } from './helpers/movable-clock';
import type { TestApp } from './helpers/test-app';
import {
  type Buyer,
  confirm,
  createOrdersTestApp,
  gatewayOrderTotals,
  gatewayTransactionIds,
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
let buyer: Buyer;
const time = movableClock();

beforeAll(async () => {
  shop = await createOrdersTestApp({}, { clock: time.clock });
  plan = await planIn(shop, 'FR');
  buyer = await signIn(shop);
});
afterAll(async () => shop?.close());

const db = () => shop.database.db;
const context = () => shop.app.orders.context;

afterEach(async () => {
  await clearFault(shop.url);
  await resetGatewaySandbox(shop.url);
  time.setAhead(0);
  const deps = context();
  deps.provider = () => shop.app.esimGoClient();
  // Every case leaves the shop settled: the one check after each fault.
  expect(await invariantViolations(db())).toEqual([]);
});

/** The provider calls a fulfilment makes, in the order it makes them. */
type ProviderStep = 'createOrder' | 'listOrders' | 'getAssignments' | 'getEsim';

/**
 * The worker's eSIM Go client, impatient (300 ms, no retries inside a call, so one fault fails
 * one attempt), which switches the simulator's fault on just before its first call of `step`.
 */
function faultAt(client: EsimGoClient, step: ProviderStep, fault: FaultRequest): EsimGoClient {
  let armed = false;
  // Every step is a method taking its arguments and answering a promise; the spread below
  // keeps each one's own type.
  const call = client[step] as (...args: unknown[]) => Promise<unknown>;
  const armedFirst = async (...args: unknown[]): Promise<unknown> => {
    if (!armed) {
      armed = true;
      await setFault(shop.url, fault);
    }
    return call(...args);
  };
  return { ...client, [step]: armedFirst };
}

function useProvider(client: EsimGoClient): void {
  context().provider = () => client;
}

const impatientProvider = () => shop.app.esimGoClient({ timeoutMs: 300, retries: 0 });

/** The shop's clock runs past the settling time of an unanswered call (and any lease). */
function laterThanSettling(): void {
  time.setAhead(Math.max(context().settings.leaseMs, UNANSWERED_ORDER_SETTLE_MS) + 60_000);
}

/** Opens and pays a payment; the buyer is about to come back to confirm it. */
async function paidPayment(): Promise<{ reference: string; indicator: string }> {
  const session = await openedPayment(shop, buyer, plan);
  const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
  if (!indicator) throw new Error('The payment was not approved');
  return { reference: session.led_payment_gateway_ref, indicator };
}

/** The buyer comes back and confirms: the answer is 200 whatever state delivery is in. */
async function payAndConfirm(): Promise<string> {
  const { reference, indicator } = await paidPayment();
  const answer = await confirm(shop.app, buyer, reference, indicator);
  expect(answer.statusCode, answer.body).toBe(200);
  return reference;
}

async function expectDeliveredOnce(reference: string, providerOrdersBefore: number) {
  expect(await runJobsUntil(shop, reference, (status) => status === 'fulfilled')).toBe('fulfilled');
  expect(await providerOrderCount(db())).toBe(providerOrdersBefore + 1);
  expect(await ledgerCount(db(), reference)).toBe(1);
  expect(await gatewayTransactions(db(), reference, 'CAPTURE')).toBe(1);
}

const RATE_LIMITED: FaultRequest = { mode: 'rateLimit', count: 1, retryAfterSeconds: 1 };
async function eventsOf(reference: string): Promise<string[]> {
  const order = await orderRow(db(), reference);
  return (await listOrderEvents(db(), order.id)).map((entry) => entry.event);
}

const FAULTS: { name: string; fault: FaultRequest }[] = [
  { name: '500', fault: { mode: 'error500', count: 1 } },
  { name: '429', fault: RATE_LIMITED },
  { name: 'no answer', fault: { mode: 'timeout', count: 1 } },
];

describe('eSIM Go failing at one step of fulfilment', () => {
  it('answers a 429 to the order call by looking the order up, then ordering once', async () => {
    const before = await providerOrderCount(db());
    useProvider(faultAt(impatientProvider(), 'createOrder', RATE_LIMITED));
    const reference = await payAndConfirm();
    await expectDeliveredOnce(reference, before);
    expect(await eventsOf(reference)).toContain('fulfil-attempt-failed');
  });

  for (const { name, fault } of FAULTS) {
    it(`reads the eSIM's details again after a ${name}, without buying again`, async () => {
      const before = await providerOrderCount(db());
      useProvider(faultAt(impatientProvider(), 'getEsim', fault));
      const reference = await payAndConfirm();
      await expectDeliveredOnce(reference, before);
      expect(await eventsOf(reference)).toContain('fulfil-attempt-failed');
    });

    it(`asks again for an order's eSIM after a ${name}, without buying again`, async () => {
      const before = await providerOrderCount(db());
      // The order completes later, so the shop must ask for its eSIM.
      await setFault(shop.url, { mode: 'async', asyncDelayMs: 100 });
      useProvider(faultAt(impatientProvider(), 'getAssignments', fault));
      const reference = await payAndConfirm();
      await expectDeliveredOnce(reference, before);
      const events = await eventsOf(reference);
      expect(events).toContain('fulfil-attempt-failed');
      // The order was recorded before its eSIM existed, and asked about afterwards.
      expect(events).toContain('provider-esim-assigned');
    });

    it(`looks a lost order up again after a ${name}, and orders only once sure`, async () => {
      const before = await providerOrderCount(db());
      // The order call answers 500 (the order may have been made: POST /orders documents a
      // 503 after the order); once it settled, the lookup that proves there is none fails.
      const lost = faultAt(impatientProvider(), 'createOrder', { mode: 'error500', count: 1 });
      useProvider(faultAt(lost, 'listOrders', fault));
      const reference = await payAndConfirm();
      expect(await providerOrderCount(db())).toBe(before);
      laterThanSettling();
      await expectDeliveredOnce(reference, before);
      expect(await eventsOf(reference)).toContain('provider-order-not-found');
    });
  }
});

describe('the gateway out of reach', () => {
  it('answers the returning buyer that payment cannot be confirmed yet, then delivers once', async () => {
    const before = await providerOrderCount(db());
    const { reference, indicator } = await paidPayment();
    await takeGatewayDown(shop.url);

    const refused = await confirm(shop.app, buyer, reference, indicator);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(orderMessages.confirmationUnavailable);
    expect((await orderRow(db(), reference)).status).toBe('awaiting_payment');
    expect(await providerOrderCount(db())).toBe(before);

    await resetGatewaySandbox(shop.url);
    const answer = await confirm(shop.app, buyer, reference, indicator);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().status).toBe('fulfilled');
    await expectDeliveredOnce(reference, before);
  });

  it('delivers the eSIM and captures once the gateway is back, when it was down at capture', async () => {
    const before = await providerOrderCount(db());
    await takeGatewayDown(shop.url, 'CAPTURE');

    const reference = await payAndConfirm();
    const delivered = await orderRow(db(), reference);
    expect(delivered.status).toBe('fulfilling');
    expect(delivered.capturedAt).toBeNull();
    expect(await ledgerCount(db(), reference)).toBe(1);
    expect(await gatewayTransactions(db(), reference, 'CAPTURE')).toBe(0);

    await resetGatewaySandbox(shop.url);
    await expectDeliveredOnce(reference, before);
  });

  it('captures once when the answer to the capture was lost', async () => {
    const before = await providerOrderCount(db());
    await loseTransactionAnswers(shop.url, 1);
    const reference = await payAndConfirm();
    await expectDeliveredOnce(reference, before);
  });

  for (const result of ['PENDING', 'UNKNOWN'] as const) {
    it(`captures once when the capture is answered ${result}, resubmitting it under its own id`, async () => {
      const before = await providerOrderCount(db());
      await leaveTransactionsUnsettled(shop.url, { result, operation: 'CAPTURE' });
      const reference = await payAndConfirm();
      expect((await orderRow(db(), reference)).capturedAt).toBeNull();

      // The job comes back while the acquirer still has not answered: the same capture again.
      time.setAhead(context().settings.leaseMs + 60_000);
      await shop.app.orders.runner.runDueJobs();
      expect((await orderRow(db(), reference)).status).toBe('fulfilling');
      expect(await gatewayTransactionIds(db(), reference, 'CAPTURE')).toEqual(['capture-1']);

      // The acquirer answers; the shop reads the capture as done, and takes nothing more.
      await settleTransactions(shop.url);
      time.setAhead(context().settings.leaseMs + 600_000);
      await expectDeliveredOnce(reference, before);
      const { amountCents } = await orderRow(db(), reference);
      expect(await gatewayOrderTotals(db(), reference)).toMatchObject({ captured: amountCents });
    });
  }
});

describe('two parts failing together', () => {
  it('delivers once when eSIM Go gives no answer and then the eSIM details fail', async () => {
    const before = await providerOrderCount(db());
    const silent = faultAt(impatientProvider(), 'createOrder', { mode: 'lateAnswer', count: 1 });
    useProvider(faultAt(silent, 'getEsim', { mode: 'error500', count: 1 }));
    const reference = await payAndConfirm();
    expect(await providerOrderCount(db())).toBe(before + 1);
    laterThanSettling();
    await expectDeliveredOnce(reference, before);
  });
});
