/**
 * The gateway's webhook notifications (issue 29, line 10): the sandbox sends one for each
 * transaction, with the merchant's secret in X-Notification-Secret, and the shop acts on it by
 * asking the gateway itself. The case they exist for: a payer who pays after the shop gave up
 * on the order as unpaid and never comes back is delivered the eSIM, not charged for nothing.
 * Also: the session's interaction.timeout, which the sandbox honours.
 */
import { orderApiPaths, type Plan } from '@tern/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_GATEWAY_NOTIFICATION_SECRET } from '../src/config';
import { gatewaySandboxSessions } from '../src/db/schema';
import { listOrderEvents } from '../src/modules/orders/repository';
import { resetGatewaySandbox } from '../src/sandbox/gateway/control-client';
import { invariantViolations } from './helpers/invariants';
import type { TestApp } from './helpers/test-app';
import {
  type Buyer,
  createOrdersTestApp,
  gatewayTransactions,
  mailTo,
  openedPayment,
  orderRow,
  payOnHostedPage,
  planIn,
  runJobsUntil,
  signIn,
} from './orders-kit';

let shop: TestApp;
let plan: Plan;
let buyer: Buyer;

beforeAll(async () => {
  shop = await createOrdersTestApp();
  plan = await planIn(shop, 'FR');
  buyer = await signIn(shop);
});
afterAll(async () => shop?.close());

const db = () => shop.database.db;

afterEach(async () => {
  await resetGatewaySandbox(shop.url);
  expect(await invariantViolations(db())).toEqual([]);
});

function notify(body: unknown, headers: Record<string, string>) {
  return shop.app.inject({
    method: 'POST',
    url: orderApiPaths.gatewayNotification.href(),
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
}

/** Waits for the order to reach a status, the worker's rounds run by the test. */
function settlesAs(reference: string, status: string) {
  return runJobsUntil(shop, reference, (current) => current === status);
}

describe('a payment after the shop gave up on the order', () => {
  it('is fulfilled when the gateway tells the shop, though the payer never comes back', async () => {
    const session = await openedPayment(shop, buyer, plan);
    const reference = session.led_payment_gateway_ref;
    // The reconciler gives up on it as unpaid (ORDERS_ABANDON_AFTER_MINUTES=0 here).
    await shop.app.orders.reconcile();
    expect((await orderRow(db(), reference)).status).toBe('cancelled');

    // The payer was still on the hosted page, and pays; the browser never returns.
    await payOnHostedPage(shop, session.gateway_transaction.sessionid);
    expect(await settlesAs(reference, 'fulfilled')).toBe('fulfilled');
    expect(await gatewayTransactions(db(), reference, 'CAPTURE')).toBe(1);
    const mails = await mailTo(shop.app, buyer.email);
    expect(mails.some((mail) => /eSIM is ready/i.test(mail.subject))).toBe(true);
    const events = await listOrderEvents(db(), (await orderRow(db(), reference)).id);
    expect(events.map((entry) => entry.event)).toContain('paid');
  });
});

describe('POST /payment/notifications', () => {
  it('refuses a notification without the secret, or with another, and changes nothing', async () => {
    const session = await openedPayment(shop, buyer, plan);
    const reference = session.led_payment_gateway_ref;
    const before = await orderRow(db(), reference);
    const attempts: Record<string, string>[] = [
      {},
      { 'x-notification-secret': 'not-the-secret-at-all' },
    ];
    for (const headers of attempts) {
      const refused = await notify({ order: { id: reference } }, headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe('The notification secret is missing or does not match.');
    }
    const after = await orderRow(db(), reference);
    expect(after.paymentChecks).toBe(before.paymentChecks);
    await shop.app.orders.reconcile();
  });

  it('acts once on a notification the gateway sends again', async () => {
    const session = await openedPayment(shop, buyer, plan);
    const reference = session.led_payment_gateway_ref;
    const headers = {
      'x-notification-secret': SANDBOX_GATEWAY_NOTIFICATION_SECRET,
      'x-notification-id': `replayed-${reference}`,
    };
    const first = await notify({ order: { id: reference } }, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const checked = (await orderRow(db(), reference)).paymentChecks;
    expect(checked).toBeGreaterThan(0);

    const again = await notify({ order: { id: reference } }, headers);
    expect(again.statusCode).toBe(200);
    expect((await orderRow(db(), reference)).paymentChecks).toBe(checked);
    await shop.app.orders.reconcile();
  });

  it('acknowledges a notification about an order that is not the shop’s', async () => {
    const answer = await notify(
      { order: { id: 'SOMEONE-ELSES-ORDER' } },
      { 'x-notification-secret': SANDBOX_GATEWAY_NOTIFICATION_SECRET },
    );
    expect(answer.statusCode).toBe(200);
  });

  it('answers 400 when the notification names no order', async () => {
    const answer = await notify(
      { transaction: { id: '1' } },
      { 'x-notification-secret': SANDBOX_GATEWAY_NOTIFICATION_SECRET },
    );
    expect(answer.statusCode).toBe(400);
  });
});

describe('the hosted page’s time limit (interaction.timeout)', () => {
  it('is set on every session the shop opens, and the sandbox closes the page after it', async () => {
    const session = await openedPayment(shop, buyer, plan);
    const id = session.gateway_transaction.sessionid;
    const [stored] = await db()
      .select({ timeoutSeconds: gatewaySandboxSessions.timeoutSeconds })
      .from(gatewaySandboxSessions)
      .where(eq(gatewaySandboxSessions.id, id));
    expect(stored?.timeoutSeconds).toBe(shop.config.gateway.checkoutTimeoutSeconds);

    // Opened just longer ago than the limit: the page no longer takes a payment.
    const longAgo = new Date(Date.now() - (shop.config.gateway.checkoutTimeoutSeconds + 1) * 1000);
    await db()
      .update(gatewaySandboxSessions)
      .set({ createdAt: longAgo })
      .where(eq(gatewaySandboxSessions.id, id));
    expect(await payOnHostedPage(shop, id)).toBeUndefined();
    const page = await fetch(`${shop.url}/_sandbox/gateway/pay/${id}`);
    expect(await page.text()).toMatch(/expired/i);
    await shop.app.orders.reconcile();
  });
});
