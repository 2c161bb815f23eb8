/**
 * The day's reconciliation in the operator API (issue 30): with the stand-ins told to make a
 * provider order the shop never claimed and a gateway payment with no order, the console lists
 * both, beside a paid order not delivered and a refund under way, each with the action that
 * settles it; the operator's actions settle the two new ones, as the stand-ins' own tables
 * count (revoked assignments, bundleRefund orders, refunds at the gateway), once: a second call
 * changes nothing, a viewer is refused, and an order a shop order may still claim is left alone.
 */
import {
  type OpsOrderDetail,
  type OpsReconciliation,
  type OpsReturnResult,
  opsApiPaths,
  opsMessages,
  type Plan,
} from '@tern/contract';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  esimGoSandboxAssignments,
  esimGoSandboxOrders,
  gatewaySandboxTransactions,
} from '../src/db/schema';
import type { OrderResponse } from '../src/integrations/esimgo/client';
import { HANDLED_EVENT, PARKED_EVENT } from '../src/modules/orders/parked';
import { providerOrderOf } from '../src/modules/orders/provider-order';
import { addOrderEvent } from '../src/modules/orders/repository';
import { STUCK_AFTER_MS } from '../src/modules/reconciliation/day-report';
import {
  advanceClockMinutes,
  clearFault,
  getBalance,
  setFault,
} from '../src/sandbox/esimgo/control-client';
import {
  resetGatewaySandbox,
  setReportingLag,
  takeGatewayDown,
  takeOrphanPayment,
} from '../src/sandbox/gateway/control-client';
import { movableClock } from './helpers/movable-clock';
import { asOperator, operatorSessions } from './helpers/operator-session';
import type { TestApp } from './helpers/test-app';
import {
  type Buyer,
  buy,
  confirmed,
  createOrdersTestApp,
  gatewayOrderStatus,
  gatewayTransactions,
  openedPayment,
  orderRow,
  payOnHostedPage,
  planIn,
  signIn,
} from './orders-kit';

const OPERATOR = 'ops@example.com';
const VIEWER = 'view@example.com';
const clock = movableClock();

let shop: TestApp;
let france: Plan;
let turkey: Plan;
let buyer: Buyer;
let operatorToken: string;
let viewerToken: string;
/** Delivered, then refunded by an operator while the gateway's refunds were down. */
let refundUnderWay: string;
/** Paid while eSIM Go failed: still waiting for its eSIM, and looking for its provider order. */
let stuck: string;

beforeAll(async () => {
  shop = await createOrdersTestApp(
    { OPERATOR_EMAILS: `${OPERATOR}:operator, ${VIEWER}:viewer` },
    { clock: clock.clock },
  );
  france = await planIn(shop, 'FR');
  turkey = await planIn(shop, 'TR');
  buyer = await signIn(shop);
  operatorToken = await operatorSession(OPERATOR);
  viewerToken = await operatorSession(VIEWER);

  refundUnderWay = (await buy(shop, buyer, france)).reference;
  await takeGatewayDown(shop.url, 'REFUND');
  const refund = await shop.request({
    method: 'POST',
    url: opsApiPaths.refund.href(refundUnderWay),
    headers: asOperator(operatorToken),
    payload: { reason: 'The traveller cancelled the trip' },
  });
  expect(refund.json()).toMatchObject({ state: 'fulfilled' });
  await resetGatewaySandbox(shop.url);
  // The report is read at once here; the default lag has a test of its own below.
  await setReportingLag(shop.url, 0);

  const session = await openedPayment(shop, buyer, france);
  stuck = session.led_payment_gateway_ref;
  const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
  await setFault(shop.url, { mode: 'error500' });
  await confirmed(shop.app, buyer, stuck, indicator);
  await clearFault(shop.url);
  clock.advance(STUCK_AFTER_MS + 60_000);
});
afterAll(async () => shop?.close());

// ---- the operator's side ----

const operatorSession = operatorSessions(() => shop, clock);

/** Today, as the stand-ins (on real time) and the orders made above record it. */
const today = () => new Date().toISOString().slice(0, 10);

async function reconciliation(token = viewerToken): Promise<OpsReconciliation> {
  const response = await shop.app.inject({
    method: 'GET',
    url: opsApiPaths.reconciliation.href(today()),
    headers: asOperator(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  // A day's money is kept by no browser, proxy or service worker, as every console answer.
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json() as OpsReconciliation;
}

function returnProviderOrder(reference: string, token = operatorToken) {
  return shop.request({
    method: 'POST',
    url: opsApiPaths.returnProviderOrder.href(reference),
    headers: asOperator(token),
  });
}

function returnPayment(orderId: string, token = operatorToken) {
  return shop.request({
    method: 'POST',
    url: opsApiPaths.returnPayment.href(orderId),
    headers: asOperator(token),
  });
}

// ---- what the stand-ins hold ----

const db = () => shop.database.db;

/** A purchase at eSIM Go that no shop order made: as another tool on the same account would. */
function unclaimedProviderOrder(plan: Plan): Promise<OrderResponse> {
  return shop.app.esimGoClient().createOrder({
    type: 'transaction',
    ...providerOrderOf(plan.pla_name, null),
  });
}

async function revokedAssignments(reference: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(esimGoSandboxAssignments)
    .where(
      and(
        eq(esimGoSandboxAssignments.orderReference, reference),
        isNotNull(esimGoSandboxAssignments.revokedAt),
      ),
    );
  return row?.n ?? 0;
}

async function inventoryRefunds(): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(esimGoSandboxOrders)
    .where(eq(esimGoSandboxOrders.type, 'bundleRefund'));
  return row?.n ?? 0;
}

async function gatewayTransactionCount(orderId: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(gatewaySandboxTransactions)
    .where(eq(gatewaySandboxTransactions.orderId, orderId));
  return row?.n ?? 0;
}

describe('the reconciliation of a day', () => {
  let providerOrder: OrderResponse;
  let orphan: string;

  it('lists a provider order no shop order claims, a payment with no order, a paid order not delivered and a refund under way, each with its action', async () => {
    providerOrder = await unclaimedProviderOrder(turkey);
    orphan = (await takeOrphanPayment(shop.url, { amount: '12.50', currency: 'USD' })).orderId;

    const report = await reconciliation();
    expect(report.date).toBe(today());
    expect(report.unclaimedProviderOrders).toEqual([
      expect.objectContaining({
        reference: providerOrder.orderReference,
        bundles: [turkey.pla_name],
        action: 'return-to-provider',
      }),
    ]);
    expect(report.paymentsWithoutOrder).toEqual([
      expect.objectContaining({
        orderId: orphan,
        status: 'CAPTURED',
        amount: 12.5,
        currency: 'USD',
        action: 'refund-payment',
      }),
    ]);
    expect(report.paidNotFulfilled).toEqual([
      expect.objectContaining({ ref: stuck, state: 'fulfilling', action: 'retry' }),
    ]);
    expect(report.pendingRefunds).toEqual([
      // A delivered order's refund is the refunds module's job, which its worker carries on.
      expect.objectContaining({ ref: refundUnderWay, side: 'gateway', action: 'wait' }),
    ]);
  });

  it('refuses a viewer the actions with 403, and nothing changes at eSIM Go or the gateway', async () => {
    const balance = await getBalance(shop.url);
    for (const response of [
      await returnProviderOrder(providerOrder.orderReference, viewerToken),
      await returnPayment(orphan, viewerToken),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(opsMessages.roleRequired);
    }
    expect(await revokedAssignments(providerOrder.orderReference)).toBe(0);
    expect(await gatewayTransactions(db(), orphan, 'REFUND')).toBe(0);
    expect(await getBalance(shop.url)).toEqual(balance);
  });

  it('returns the provider order to eSIM Go: its bundle revoked and refunded to the balance', async () => {
    const balance = await getBalance(shop.url);
    const refundsBefore = await inventoryRefunds();
    const response = await returnProviderOrder(providerOrder.orderReference);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ref: providerOrder.orderReference, outcome: 'returned' });

    expect(await revokedAssignments(providerOrder.orderReference)).toBe(1);
    expect(await inventoryRefunds()).toBe(refundsBefore + 1);
    expect((await getBalance(shop.url)).balance).toBeCloseTo(balance.balance + providerOrder.total);
  });

  it('gives the payment with no order back at the gateway', async () => {
    const response = await returnPayment(orphan);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ref: orphan, outcome: 'returned' });
    expect(await gatewayTransactions(db(), orphan, 'REFUND')).toBe(1);
    expect(await gatewayOrderStatus(db(), orphan)).toBe('REFUNDED');
  });

  it('lists neither once settled, and a second call does nothing twice', async () => {
    const report = await reconciliation();
    expect(report.unclaimedProviderOrders).toEqual([]);
    expect(report.paymentsWithoutOrder).toEqual([]);

    const balance = await getBalance(shop.url);
    const refundsBefore = await inventoryRefunds();
    const transactionsBefore = await gatewayTransactionCount(orphan);
    const again = [
      await returnProviderOrder(providerOrder.orderReference),
      await returnPayment(orphan),
    ];
    expect(again.map((response) => response.json() as OpsReturnResult)).toEqual([
      { ref: providerOrder.orderReference, outcome: 'already-returned' },
      { ref: orphan, outcome: 'already-returned' },
    ]);
    expect(await revokedAssignments(providerOrder.orderReference)).toBe(1);
    expect(await inventoryRefunds()).toBe(refundsBefore);
    expect(await getBalance(shop.url)).toEqual(balance);
    expect(await gatewayTransactionCount(orphan)).toBe(transactionsBefore);
  });

  it('audits each action with the operator and what came of it', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: opsApiPaths.audit.href(),
      headers: asOperator(operatorToken),
    });
    const audit = response.json() as { operator: string; target: string; outcome: string }[];
    const of = (target: string) => audit.filter((entry) => entry.target === target);
    expect(of(providerOrder.orderReference).map((entry) => entry.outcome)).toEqual([
      'done: already-returned',
      'done: returned',
      'refused: viewer role',
    ]);
    expect(of(orphan).map((entry) => entry.operator)).toEqual([OPERATOR, OPERATOR, VIEWER]);
  });
});

describe('refused while something else handles the same thing', () => {
  it('leaves a provider order alone while a shop order of its bundle still looks for its own', async () => {
    const sought = await unclaimedProviderOrder(france);
    const report = await reconciliation();
    expect(report.unclaimedProviderOrders).toContainEqual(
      expect.objectContaining({ reference: sought.orderReference, action: 'wait' }),
    );
    const response = await returnProviderOrder(sought.orderReference);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(opsMessages.providerOrderInDoubt);
    expect(await revokedAssignments(sought.orderReference)).toBe(0);
  });

  it('refuses to give back a payment a shop order holds, and a provider order one claimed', async () => {
    const { providerOrderReference: claimed } = await orderRow(db(), refundUnderWay);
    // The operator's refund revoked the order's bundle before the gateway failed it.
    expect(await revokedAssignments(claimed ?? '')).toBe(1);
    const payment = await returnPayment(refundUnderWay);
    expect(payment.statusCode).toBe(409);
    expect(payment.json().message).toBe(opsMessages.paymentHasOrder);
    const { providerOrderReference } = await orderRow(db(), refundUnderWay);
    const provider = await returnProviderOrder(providerOrderReference ?? '');
    expect(provider.statusCode).toBe(409);
    expect(provider.json().message).toBe(opsMessages.providerOrderClaimed);
    expect(await gatewayTransactions(db(), refundUnderWay, 'REFUND')).toBe(0);
    expect(await revokedAssignments(providerOrderReference ?? '')).toBe(1);
  });

  it('offers a bundle already in use for review instead, and revokes nothing', async () => {
    const used = await unclaimedProviderOrder(turkey);
    await advanceClockMinutes(shop.url, 5);
    const response = await returnProviderOrder(used.orderReference);
    expect(response.json()).toEqual({ ref: used.orderReference, outcome: 'in-use' });
    expect(await revokedAssignments(used.orderReference)).toBe(0);
    const report = await reconciliation();
    expect(report.unclaimedProviderOrders).toContainEqual(
      expect.objectContaining({ reference: used.orderReference, action: 'review' }),
    );
  });
});

describe('the gateway’s report', () => {
  it('ends where the gateway’s data ends: a payment of the last minutes shows once the report reaches it', async () => {
    await setReportingLag(shop.url, 300);
    const late = (
      await takeOrphanPayment(shop.url, { amount: 5, currency: 'USD', operation: 'AUTHORIZE' })
    ).orderId;
    const lagging = await reconciliation();
    expect(new Date(lagging.gatewayReportedUntil ?? '').getTime()).toBeLessThanOrEqual(
      Date.now() - 299_000,
    );
    expect(lagging.paymentsWithoutOrder.map((line) => line.orderId)).not.toContain(late);

    await setReportingLag(shop.url, 0);
    const caughtUp = await reconciliation();
    expect(caughtUp.paymentsWithoutOrder).toContainEqual(
      expect.objectContaining({ orderId: late, status: 'AUTHORIZED', action: 'void-payment' }),
    );
    const voided = await returnPayment(late);
    expect(voided.json()).toEqual({ ref: late, outcome: 'returned' });
    expect(await gatewayTransactions(db(), late, 'VOID_AUTHORIZATION')).toBe(1);
  });

  it('refuses a day that has not begun', async () => {
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const response = await shop.app.inject({
      method: 'GET',
      url: opsApiPaths.reconciliation.href(tomorrow),
      headers: asOperator(viewerToken),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(opsMessages.dayNotBegun);
  });
});

describe('a parked order', () => {
  const note = 'eSIM handed to the buyer by the support desk';
  const markHandled = (token: string) =>
    shop.request({
      method: 'POST',
      url: opsApiPaths.markHandled.href(stuck),
      headers: asOperator(token),
      payload: { note },
    });
  const detail = async () =>
    (
      await shop.app.inject({
        method: 'GET',
        url: opsApiPaths.order.href(stuck),
        headers: asOperator(viewerToken),
      })
    ).json() as OpsOrderDetail;

  it('is refused while the order does not wait for an operator, and nothing is marked', async () => {
    const response = await markHandled(operatorToken);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(opsMessages.notParked);
    expect((await detail()).events.map(({ event }) => event)).not.toContain(HANDLED_EVENT);
  });

  it('is marked handled by an operator with a note: kept in its history, and no longer listed as paid but not fulfilled', async () => {
    // What the worker does when the delivery runs out of attempts after the eSIM was bought.
    const order = await orderRow(shop.database.db, stuck);
    await addOrderEvent(shop.database.db, order.id, clock.clock(), PARKED_EVENT, 'out of attempts');
    expect((await detail()).parked).toBe(true);
    expect((await reconciliation()).paidNotFulfilled.map(({ ref }) => ref)).toContain(stuck);

    expect((await markHandled(viewerToken)).statusCode).toBe(403);
    const response = await markHandled(operatorToken);
    expect(response.statusCode, response.body).toBe(200);

    const after = await detail();
    expect(after.parked).toBe(false);
    expect(after.events.at(-1)).toMatchObject({
      event: HANDLED_EVENT,
      detail: `operator ${OPERATOR}: ${note}`,
    });
    expect((await reconciliation()).paidNotFulfilled.map(({ ref }) => ref)).not.toContain(stuck);
  });
});
