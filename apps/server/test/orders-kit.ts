/**
 * What the order tests do as a traveller would: sign in through the dev mailbox, open a
 * payment, pay on the gateway sandbox's hosted page over real HTTP (following its 303 back
 * to the shop), and confirm. Plus counts of what the outside world holds afterwards.
 */
import {
  type CreateSessionResponse,
  orderApiPaths,
  type PaymentConfirmation,
  type Plan,
} from '@tern/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import jsQR from 'jsqr';
import pg from 'pg';
import { PNG } from 'pngjs';
import { expect } from 'vitest';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import type { Database, Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import {
  esimGoSandboxOrders,
  esims,
  gatewaySandboxOrders,
  gatewaySandboxTransactions,
  ledgerEntries,
  orders,
} from '../src/db/schema';
import { syncAppCatalogue } from '../src/modules/catalog/sync-runner';
import { UNANSWERED_ORDER_SETTLE_MS } from '../src/modules/orders/provider-order';
import type { MovableClock } from './helpers/movable-clock';
import {
  createTestApp,
  type TestApp,
  type TestAppOptions,
  withAntiForgery,
} from './helpers/test-app';

/** Worker off (tests run jobs themselves), tiny back-off, and every unpaid order is "old". */
export const ORDERS_TEST_ENVIRONMENT = {
  ORDERS_WORKER_ENABLED: 'false',
  ORDERS_RETRY_BASE_MS: '5',
  ORDERS_MAX_ATTEMPTS: '5',
  ORDERS_ABANDON_AFTER_MINUTES: '0',
};

export async function createOrdersTestApp(
  environment: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const shop = await createTestApp({ ...ORDERS_TEST_ENVIRONMENT, ...environment }, options);
  await syncAppCatalogue(shop.app);
  return shop;
}

export interface SecondInstance {
  app: FastifyInstance;
  /** Like app.inject, with the anti-forgery cookie and header. */
  request: Send;
  close(): Promise<void>;
}

/**
 * Another instance of the shop on the same database, as behind a load balancer, with its own
 * settings when given. On PostgreSQL it has its own connection pool; PGlite has one database.
 */
export async function secondInstance(
  shop: TestApp,
  changes: Partial<Config> = {},
): Promise<SecondInstance> {
  const own = shop.database.url ? ownPool(shop.database.url) : undefined;
  const app = await buildApp(
    { ...shop.config, ...changes },
    // The same machine's time: a test that moves the shop's clock moves this instance's too.
    { database: own ?? shop.database, logger: false, orderWorker: false, clock: shop.app.clock },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    request: await withAntiForgery(app),
    async close() {
      await app.close();
      await own?.close();
    },
  };
}

/** A pool of its own on an already migrated test database. */
function ownPool(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // pool.end() resolves before its sockets are closed, and the test database is then dropped
  // WITH (FORCE): a connection still closing hears FATAL 57P01 with nobody listening.
  pool.on('connect', (client) => client.on('error', () => {}));
  // An idle connection's error is repeated on the pool itself (pg-pool's idle listener): with
  // no listener there it became an uncaught exception that failed a clean CI run.
  pool.on('error', () => {});
  return {
    db: drizzle(pool, { schema }),
    kind: 'postgres',
    ping: async () => true,
    close: () => pool.end(),
  };
}

export const APPROVING_CARD = '5123450000000008';
export const DECLINING_CARD = '4000000000000002';

export interface Buyer {
  email: string;
  name: string;
  token: string;
}

type Send = (options: InjectOptions) => Promise<LightMyRequestResponse>;

let sequence = 0;

/** A new traveller, signed in with the code the dev mailbox received. */
export async function signIn(shop: TestApp, name = 'Maya Haddad'): Promise<Buyer> {
  sequence += 1;
  const email = `buyer.${Date.now().toString(36)}${sequence}@example.com`;
  const form = { cli_email: email, cli_name: name, cli_mobile: '+961 71 123 456' };
  const remoteAddress = `10.20.${sequence % 250}.${(Date.now() % 250) + 1}`;
  await shop.request({ method: 'POST', url: '/api/client/signup', payload: form, remoteAddress });
  const [mail] = await mailTo(shop.app, email);
  const code = mail?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`No sign-in code was mailed to ${email}`);
  const response = await shop.request({
    method: 'POST',
    url: '/api/client/validateotp',
    payload: { ...form, cli_number: code },
    remoteAddress,
  });
  expect(response.statusCode).toBe(200);
  return { email, name, token: response.json().token as string };
}

export const bearer = (buyer: Pick<Buyer, 'token'>) => ({ authorization: `Bearer ${buyer.token}` });

export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function mailTo(app: FastifyInstance, email: string): Promise<MailboxMessage[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/_sandbox/mailbox/messages?to=${encodeURIComponent(email)}`,
  });
  return response.json() as MailboxMessage[];
}

/** A plan on sale in a country, as the plan page lists it. */
export async function planIn(shop: TestApp, iso = 'FR'): Promise<Plan> {
  const response = await shop.app.inject({ method: 'GET', url: `/api/plan/country/${iso}` });
  const [plan] = response.json() as Plan[];
  if (!plan) throw new Error(`No plan on sale in ${iso}`);
  return plan;
}

/** The buyer opens the payment page for a plan; `headers` go beside the bearer token. */
export function openPayment(
  send: Send,
  buyer: Buyer,
  plan: Plan,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return send({
    method: 'POST',
    url: orderApiPaths.createSession.href(),
    headers: { ...bearer(buyer), ...headers },
    payload: {
      pur_pla_name: plan.pla_name,
      pur_client_name: buyer.name,
      pur_client_email: buyer.email,
      pur_client_iccid: '',
      pur_type: 'Regular',
      ...extra,
    },
  });
}

export async function openedPayment(
  shop: TestApp,
  buyer: Buyer,
  plan: Plan,
  extra: Record<string, unknown> = {},
): Promise<CreateSessionResponse> {
  const response = await openPayment(shop.request, buyer, plan, extra);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CreateSessionResponse;
}

/**
 * Pays on the hosted page as a browser would; resolves with the resultIndicator of the
 * 303 back to the shop (undefined when the page did not send the payer back: a decline).
 */
export async function payOnHostedPage(
  shop: Pick<TestApp, 'url'>,
  sessionId: string,
  cardNumber = APPROVING_CARD,
): Promise<string | undefined> {
  const response = await fetch(`${shop.url}/_sandbox/gateway/pay/${sessionId}`, {
    method: 'POST',
    body: new URLSearchParams({
      action: 'pay',
      cardNumber,
      expiry: '12/49',
      cvc: '123',
      nameOnCard: 'Maya Haddad',
    }),
    redirect: 'manual',
  });
  await response.text();
  if (response.status !== 303) return undefined;
  const location = new URL(response.headers.get('location') ?? '');
  // The shop's return address has no '#', so the gateway's query is well placed on it.
  expect(location.pathname).toBe(orderApiPaths.paymentReturn.href());
  expect(location.hash).toBe('');
  return location.searchParams.get('resultIndicator') ?? undefined;
}

/** The spec's confirmation call, `{backend}/payment/webhook_netcommerce/{ref}`. */
export function confirm(
  app: FastifyInstance,
  buyer: Buyer,
  reference: string,
  resultIndicator?: string,
): Promise<LightMyRequestResponse> {
  const query = resultIndicator ? `?resultIndicator=${encodeURIComponent(resultIndicator)}` : '';
  return app.inject({
    method: 'GET',
    url: `${orderApiPaths.confirmation.href(reference)}${query}`,
    headers: bearer(buyer),
  });
}

export function checkStatus(
  app: FastifyInstance,
  buyer: Buyer,
  reference: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: orderApiPaths.checkStatus.href(reference),
    headers: bearer(buyer),
  });
}

export async function confirmed(
  app: FastifyInstance,
  buyer: Buyer,
  reference: string,
  resultIndicator?: string,
): Promise<PaymentConfirmation> {
  const response = await confirm(app, buyer, reference, resultIndicator);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PaymentConfirmation;
}

/** Opens, pays and confirms: a delivered purchase. */
export async function buy(shop: TestApp, buyer: Buyer, plan: Plan, extra = {}) {
  const session = await openedPayment(shop, buyer, plan, extra);
  const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
  const answer = await confirmed(shop.app, buyer, session.led_payment_gateway_ref, indicator);
  return { session, answer, reference: session.led_payment_gateway_ref };
}

// ---- what the world holds ----

export async function orderRow(db: Db, reference: string) {
  const [row] = await db.select().from(orders).where(eq(orders.gatewayOrderId, reference));
  if (!row) throw new Error(`No order ${reference}`);
  return row;
}

/** Purchases the eSIM Go simulator recorded (its refunds from the inventory are orders too). */
export async function providerOrderCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(esimGoSandboxOrders)
    .where(eq(esimGoSandboxOrders.type, 'transaction'));
  return row?.n ?? 0;
}

export async function ledgerCount(db: Db, reference: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentGatewayRef, reference));
  return row?.n ?? 0;
}

export async function esimCount(db: Db, iccid: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(esims).where(eq(esims.iccid, iccid));
  return row?.n ?? 0;
}

/** Transactions of one type the gateway recorded on an order. */
export async function gatewayTransactions(
  db: Db,
  reference: string,
  type: 'CAPTURE' | 'VOID_AUTHORIZATION' | 'REFUND' | 'AUTHORIZATION',
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(gatewaySandboxTransactions)
    .where(
      and(
        eq(gatewaySandboxTransactions.orderId, reference),
        eq(gatewaySandboxTransactions.type, type),
      ),
    );
  return row?.n ?? 0;
}

/** The ids of one type's transactions on an order, in the order the gateway recorded them. */
export async function gatewayTransactionIds(
  db: Db,
  reference: string,
  type: 'CAPTURE' | 'VOID_AUTHORIZATION' | 'REFUND',
): Promise<string[]> {
  const rows = await db
    .select({ id: gatewaySandboxTransactions.transactionId })
    .from(gatewaySandboxTransactions)
    .where(
      and(
        eq(gatewaySandboxTransactions.orderId, reference),
        eq(gatewaySandboxTransactions.type, type),
      ),
    )
    .orderBy(asc(gatewaySandboxTransactions.sequence));
  return rows.map((row) => row.id);
}

/** What the gateway holds on an order, in cents: authorised, captured and refunded. */
export async function gatewayOrderTotals(db: Db, reference: string) {
  const [row] = await db
    .select({
      authorized: gatewaySandboxOrders.totalAuthorizedMinor,
      captured: gatewaySandboxOrders.totalCapturedMinor,
      refunded: gatewaySandboxOrders.totalRefundedMinor,
    })
    .from(gatewaySandboxOrders)
    .where(eq(gatewaySandboxOrders.orderId, reference));
  return row;
}

export async function gatewayOrderStatus(db: Db, reference: string): Promise<string | undefined> {
  const [row] = await db
    .select({ status: gatewaySandboxOrders.status })
    .from(gatewaySandboxOrders)
    .where(eq(gatewaySandboxOrders.orderId, reference));
  return row?.status;
}

/** Reads the QR code out of a dev-mailbox message (which embeds its images), as a phone would. */
export function qrCodeIn(html: string): string | undefined {
  const base64 = html.match(/src="data:image\/png;base64,([^"]+)"/)?.[1];
  if (!base64) return undefined;
  return decodeQrPng(Buffer.from(base64, 'base64')).text;
}

/** Reads a QR code PNG as a phone camera would: its size in pixels and the text it holds. */
export function decodeQrPng(png: Buffer) {
  const image = PNG.sync.read(png);
  const text = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
  return { width: image.width, height: image.height, text };
}

/**
 * Runs due jobs round after round, the shop's clock moving past a provider order's settling
 * time before each (an order call answered 5xx is looked up only once it has settled), until
 * the order settles or the rounds run out; answers the order's status.
 */
export async function runJobsPastSettling(
  shop: TestApp,
  reference: string,
  settled: (status: string) => boolean,
  time: MovableClock,
  { rounds = 40, runner = shop.app.orders.runner } = {},
): Promise<string> {
  for (let round = 0; round < rounds; round += 1) {
    time.advance(UNANSWERED_ORDER_SETTLE_MS);
    await runner.runDueJobs();
    const { status } = await orderRow(shop.database.db, reference);
    if (settled(status)) return status;
  }
  return (await orderRow(shop.database.db, reference)).status;
}

/** Runs due jobs the way the worker does, until the order settles or time is up. */
export async function runJobsUntil(
  shop: TestApp,
  reference: string,
  settled: (status: string) => boolean,
  timeoutMs = 10_000,
  runner = shop.app.orders.runner,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await runner.runDueJobs();
    const { status } = await orderRow(shop.database.db, reference);
    if (settled(status) || Date.now() > deadline) return status;
    // A bounded poll between rounds: a stand-in's answer (an order completed later, a mail)
    // lands in real time, outside the shop's clock.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
