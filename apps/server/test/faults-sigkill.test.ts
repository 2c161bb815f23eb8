/**
 * The shop killed (SIGKILL) at random points of payment confirmation, and started again on the
 * same data: a child process runs the real server on a temporary DATA_DIR (PGlite, which must
 * open again after the kill) or a fresh PostgreSQL database. Afterwards every buyer still gets
 * an eSIM or the money back, once: the one invariant check of helpers/invariants.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  accountApiPaths,
  type CreateSessionResponse,
  catalogApiPaths,
  healthApiPath,
  orderApiPaths,
  type Plan,
  refundApiPaths,
} from '@tern/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { esimGoSandboxOrders, esimRefunds, gatewaySandboxTransactions } from '../src/db/schema';
import { UNANSWERED_ORDER_SETTLE_MS } from '../src/modules/orders/provider-order';
import { invariantViolations } from './helpers/invariants';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './helpers/test-database';
import { payOnHostedPage } from './orders-kit';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const READY_TIMEOUT_MS = 90_000;
// Each round costs a restart (5 to 10 s on a busy machine), hence few rounds of several orders.
const ROUNDS = 2;
/** Confirmations in flight at each kill, started a little apart so they are at different steps. */
const IN_FLIGHT = 4;

/** Short leases and quick worker rounds, so a restarted shop takes over killed jobs at once. */
const ORDERS_ENVIRONMENT = {
  ORDERS_WORKER_INTERVAL_MS: '100',
  // Longer than a fulfilment on a busy machine (else the first, undisturbed confirmation sees
  // the worker's job unleased and still fulfilling, and answers 'fulfilling'), and shorter than
  // a restart (5 to 10 s), so the killed jobs' leases have ended when the shop is back.
  ORDERS_LEASE_MS: '3000',
  ORDERS_RETRY_BASE_MS: '50',
  // Not 0: an order is `created` for the moment its gateway session takes to open, and one
  // given up in that moment gets no session (the buyer tries again); 3 s is past that moment.
  ORDERS_ABANDON_AFTER_MINUTES: '0.05',
  ORDERS_RECONCILE_INTERVAL_MS: '200',
};

/** Where the shop keeps its data across kills: a DATA_DIR, or a PostgreSQL database. */
type DataPlace = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; database: TestDatabase };

let place: DataPlace;
let shop: ShopProcess;
let buyer: { email: string; token: string };
let plan: Plan;

beforeAll(async () => {
  place =
    testDatabaseKind() === 'postgres'
      ? { kind: 'postgres', database: await createTestDatabase() }
      : { kind: 'pglite', dataDir: await mkdtemp(path.join(tmpdir(), 'tern-sigkill-')) };
  shop = await startShop(await freePort());
  buyer = await signIn(shop.url);
  plan = await planIn(shop.url, 'FR');
}, 180_000);

afterAll(async () => {
  await shop?.stop();
  if (place?.kind === 'postgres') await place.database.dispose();
  if (place?.kind === 'pglite') await rm(place.dataDir, { recursive: true, force: true });
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

      shop = await startShop(shop.port);
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
    shop = await startShop(shop.port);
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
    shop = await startShop(shop.port);
    expect(await refundedWithin(shop.url, iccid, 60_000)).toBe(true);
    await shop.stop();

    const database = await reopenDatabase();
    try {
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
    } finally {
      if (place.kind === 'pglite') await database.close();
    }
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

// ---- the shop as a child process ----

interface ShopProcess {
  url: string;
  port: number;
  kill(): Promise<void>;
  stop(): Promise<void>;
}

async function startShop(port: number): Promise<ShopProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: { ...shopEnvironment(), PORT: String(port), PUBLIC_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  try {
    await waitUntilReady(url, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`The shop did not start: ${(error as Error).message}\n${output.join('')}`);
  }
  return {
    url,
    port,
    kill: () => ended(child, 'SIGKILL'),
    stop: () => ended(child, 'SIGINT'),
  };
}

function shopEnvironment(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _unused, REDIS_URL: _none, ...inherited } = process.env;
  return {
    ...inherited,
    ...ORDERS_ENVIRONMENT,
    HOST: '127.0.0.1',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'error',
    // Every request of this test comes from 127.0.0.1.
    RATE_LIMIT_FACTOR: '20',
    ...(place.kind === 'postgres'
      ? { DATABASE_URL: place.database.url }
      : { DATA_DIR: place.dataDir }),
  };
}

async function ended(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  // A process that ignores the signal is killed: an outside process has no clock to move.
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function waitUntilReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`it exited with code ${child.exitCode}`);
    if ((await answers(`${url}${healthApiPath.href()}`)) && (await hasCatalogue(url))) return;
    // Polls a child process coming up: its start takes real time.
    await sleep(200);
  }
  throw new Error(`not ready after ${READY_TIMEOUT_MS} ms`);
}

async function answers(address: string): Promise<boolean> {
  try {
    return (await fetch(address)).ok;
  } catch {
    return false;
  }
}

async function hasCatalogue(url: string): Promise<boolean> {
  const response = await fetch(`${url}${catalogApiPaths.countries.href()}`);
  return response.ok && ((await response.json()) as unknown[]).length > 0;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

// ---- a buyer over HTTP, as the web app does it ----

interface PaidOrder {
  reference: string;
  indicator: string;
}

/** The anti-forgery cookie and header the web app sends with every state-changing call. */
async function antiForgery(url: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}${healthApiPath.href()}`);
  const token = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('The shop set no anti-forgery cookie');
  return { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token };
}

async function post(url: string, pathname: string, body: unknown, headers = {}) {
  return fetch(`${url}${pathname}`, {
    method: 'POST',
    headers: { ...(await antiForgery(url)), 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function signIn(url: string): Promise<{ email: string; token: string }> {
  const email = `killed.${Date.now().toString(36)}@example.com`;
  const form = { cli_email: email, cli_name: 'Maya Haddad', cli_mobile: '+961 71 123 456' };
  expect((await post(url, accountApiPaths.signup.href(), form)).status).toBe(200);
  const mailbox = await fetch(`${url}/_sandbox/mailbox/messages?to=${encodeURIComponent(email)}`);
  const [mail] = (await mailbox.json()) as { text: string }[];
  const code = mail?.text.match(/\b\d{6}\b/)?.[0];
  const answer = await post(url, accountApiPaths.validateOtp.href(), { ...form, cli_number: code });
  expect(answer.status).toBe(200);
  return { email, token: ((await answer.json()) as { token: string }).token };
}

async function planIn(url: string, iso: string): Promise<Plan> {
  const response = await fetch(`${url}${catalogApiPaths.countryPlans.href(iso)}`);
  const [first] = (await response.json()) as Plan[];
  if (!first) throw new Error(`No plan on sale in ${iso}`);
  return first;
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
async function settleAndCheck(): Promise<string[]> {
  const database = await reopenDatabase();
  const aheadMs = UNANSWERED_ORDER_SETTLE_MS + 60_000;
  const clock = () => new Date(Date.now() + aheadMs);
  const config = {
    ...loadConfig({ PORT: '0', LOG_FORMAT: 'json', ORDERS_WORKER_ENABLED: 'false' }),
    webDistDir: undefined,
  };
  const app = await buildApp(config, { database, logger: false, clock, orderWorker: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
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
  } finally {
    await app.close();
    if (place.kind === 'pglite') await database.close();
  }
}

async function reopenDatabase(): Promise<Database> {
  if (place.kind === 'postgres') return place.database;
  return openDatabase({ kind: 'pglite', dataDir: path.join(place.dataDir, 'db') });
}
