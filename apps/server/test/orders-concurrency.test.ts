import type { PaymentConfirmation, Plan } from '@tern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDueJob } from '../src/jobs/engine';
import { orderJobKey } from '../src/modules/orders/order-jobs';
import type { TestApp } from './helpers/test-app';
import {
  type Buyer,
  checkStatus,
  confirm,
  createOrdersTestApp,
  esimCount,
  gatewayTransactions,
  ledgerCount,
  mailTo,
  openedPayment,
  orderRow,
  payOnHostedPage,
  planIn,
  providerOrderCount,
  type SecondInstance,
  secondInstance,
  signIn,
} from './orders-kit';

let shop: TestApp;
let plan: Plan;
/** A second instance of the shop on the same database, as behind a load balancer. */
let other: SecondInstance;
let second: SecondInstance['app'];

beforeAll(async () => {
  shop = await createOrdersTestApp();
  plan = await planIn(shop, 'FR');
  other = await secondInstance(shop);
  second = other.app;
});
afterAll(async () => {
  await other?.close();
  await shop?.close();
});

const db = () => shop.database.db;

async function paidOrder(buyer: Buyer): Promise<{ reference: string; indicator: string }> {
  const session = await openedPayment(shop, buyer, plan);
  const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
  if (!indicator) throw new Error('The payment was not approved');
  return { reference: session.led_payment_gateway_ref, indicator };
}

async function expectDeliveredOnce(reference: string, providerOrdersBefore: number) {
  const order = await orderRow(db(), reference);
  expect(order.status).toBe('fulfilled');
  expect(await providerOrderCount(db())).toBe(providerOrdersBefore + 1);
  expect(await esimCount(db(), order.iccid ?? '')).toBe(1);
  expect(await ledgerCount(db(), reference)).toBe(1);
  expect(await gatewayTransactions(db(), reference, 'CAPTURE')).toBe(1);
}

describe('exactly once', () => {
  it('delivers one eSIM for 20 confirmations of one order at once', async () => {
    const buyer = await signIn(shop);
    const { reference, indicator } = await paidOrder(buyer);
    const before = await providerOrderCount(db());

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? confirm(shop.app, buyer, reference, indicator)
          : checkStatus(shop.app, buyer, reference),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const statuses = answers.map((answer) => (answer.json() as PaymentConfirmation).status);
    expect(new Set(statuses)).toEqual(new Set(['fulfilled']));
    await expectDeliveredOnce(reference, before);
    const mails = (await mailTo(shop.app, buyer.email)).filter((m) => /ready/.test(m.subject));
    expect(mails).toHaveLength(1);
  });

  it('delivers one eSIM when two instances confirm the same order together', async () => {
    const buyer = await signIn(shop);
    const { reference, indicator } = await paidOrder(buyer);
    const before = await providerOrderCount(db());

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        confirm(index % 2 === 0 ? shop.app : second, buyer, reference, indicator),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    await expectDeliveredOnce(reference, before);
  });

  it('runs each job once when the workers of two instances run at the same time', async () => {
    const buyer = await signIn(shop);
    const references: string[] = [];
    for (let count = 0; count < 4; count += 1) references.push((await paidOrder(buyer)).reference);
    // The reconciler marks them paid (nobody came back to confirm) and leaves the jobs queued.
    await shop.app.orders.reconcile();
    const before = await providerOrderCount(db());

    const ran = await Promise.all([
      shop.app.orders.runner.runDueJobs(),
      second.orders.runner.runDueJobs(),
      shop.app.orders.runner.runDueJobs(),
      second.orders.runner.runDueJobs(),
    ]);
    expect(ran.reduce((sum, count) => sum + count, 0)).toBe(references.length);
    expect(await providerOrderCount(db())).toBe(before + references.length);
    for (const reference of references) {
      expect((await orderRow(db(), reference)).status).toBe('fulfilled');
      expect(await ledgerCount(db(), reference)).toBe(1);
      expect(await gatewayTransactions(db(), reference, 'CAPTURE')).toBe(1);
    }
  });

  it('hands a due job to one claimer only (FOR UPDATE SKIP LOCKED)', async () => {
    const buyer = await signIn(shop);
    const { reference } = await paidOrder(buyer);
    await shop.app.orders.reconcile();
    const order = await orderRow(db(), reference);
    const now = new Date();
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        claimDueJob(index % 2 === 0 ? db() : second.database.db, {
          now,
          leaseUntil: new Date(now.getTime() + 60_000),
          workerId: `claimer-${index}`,
          kinds: ['fulfil', 'refund'],
          key: orderJobKey(order.id),
        }),
      ),
    );
    expect(claims.filter((claim) => claim !== undefined)).toHaveLength(1);
  });
});
