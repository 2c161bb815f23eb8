/**
 * The real shop as a child process, for tests that kill it (SIGKILL) and start it again on the
 * same data: a temporary DATA_DIR (PGlite, which must open again after the kill) or a fresh
 * PostgreSQL database. Plus what a buyer does over HTTP as the web app does it, and the shop once
 * more in the test's own process, its clock past every lease, to finish what the kills left.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { accountApiPaths, catalogApiPaths, healthApiPath, type Plan } from '@tern/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db/client';
import { UNANSWERED_ORDER_SETTLE_MS } from '../../src/modules/orders/provider-order';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './test-database';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const READY_TIMEOUT_MS = 90_000;

/** Short leases and quick worker rounds, so a restarted shop takes over killed jobs at once. */
export const KILLED_SHOP_ORDERS_ENVIRONMENT = {
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
export type DataPlace =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; database: TestDatabase };

/** A new place of the kind the suite runs on (TERN_TEST_DB). */
export async function newDataPlace(): Promise<DataPlace> {
  return testDatabaseKind() === 'postgres'
    ? { kind: 'postgres', database: await createTestDatabase() }
    : { kind: 'pglite', dataDir: await mkdtemp(path.join(tmpdir(), 'tern-sigkill-')) };
}

export async function disposeDataPlace(place: DataPlace | undefined): Promise<void> {
  if (place?.kind === 'postgres') await place.database.dispose();
  if (place?.kind === 'pglite') await rm(place.dataDir, { recursive: true, force: true });
}

/**
 * The place's database opened in this process, the shop stopped (PGlite has one process at a
 * time), and closed again after `read`.
 */
export async function withDatabase<T>(
  place: DataPlace,
  read: (database: Database) => Promise<T>,
): Promise<T> {
  if (place.kind === 'postgres') return read(place.database);
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(place.dataDir, 'db') });
  try {
    return await read(database);
  } finally {
    await database.close();
  }
}

/**
 * The shop once more, in this process on the place's data (the child stopped), its clock past
 * any lease and the settling time of an unanswered provider call, so jobs the kills left are due
 * now: `settle` drives them (`url`: where it listens, stand-ins included).
 */
export async function withShopAhead<T>(
  place: DataPlace,
  settle: (shop: ShopAhead) => Promise<T>,
): Promise<T> {
  return withDatabase(place, async (database) => {
    const aheadMs = UNANSWERED_ORDER_SETTLE_MS + 60_000;
    const clock = () => new Date(Date.now() + aheadMs);
    const config = {
      ...loadConfig({ PORT: '0', LOG_FORMAT: 'json', ORDERS_WORKER_ENABLED: 'false' }),
      webDistDir: undefined,
    };
    const app = await buildApp(config, { database, logger: false, clock, orderWorker: false });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      return await settle({ app, database, clock, url });
    } finally {
      await app.close();
    }
  });
}

export interface ShopAhead {
  app: FastifyInstance;
  database: Database;
  clock: () => Date;
  url: string;
}

// ---- the shop as a child process ----

export interface ShopProcess {
  url: string;
  port: number;
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the real server on the place's data; `environment` adds to the short-lease one. */
export async function startShop(
  place: DataPlace,
  port: number,
  environment: Record<string, string> = {},
): Promise<ShopProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: { ...shopEnvironment(place, environment), PORT: String(port), PUBLIC_URL: url },
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

function shopEnvironment(place: DataPlace, environment: Record<string, string>) {
  const { DATABASE_URL: _unused, REDIS_URL: _none, ...inherited } = process.env;
  return {
    ...inherited,
    ...KILLED_SHOP_ORDERS_ENVIRONMENT,
    HOST: '127.0.0.1',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'error',
    // Every request of these tests comes from 127.0.0.1.
    RATE_LIMIT_FACTOR: '20',
    ...environment,
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

export async function freePort(): Promise<number> {
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

export interface HttpBuyer {
  email: string;
  token: string;
}

/** The anti-forgery cookie and header the web app sends with every state-changing call. */
async function antiForgery(url: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}${healthApiPath.href()}`);
  const token = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('The shop set no anti-forgery cookie');
  return { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token };
}

/** A state-changing call (POST, PUT, DELETE) with a JSON body, as the web app sends it. */
export async function send(
  url: string,
  pathname: string,
  body: unknown,
  headers: Record<string, string> = {},
  method = 'POST',
): Promise<Response> {
  return fetch(`${url}${pathname}`, {
    method,
    headers: { ...(await antiForgery(url)), 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export const post = (url: string, pathname: string, body: unknown, headers = {}) =>
  send(url, pathname, body, headers);

export interface MailboxMessage {
  subject: string;
  text: string;
}

export async function mailboxOf(url: string, email: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${url}/_sandbox/mailbox/messages?to=${encodeURIComponent(email)}`);
  return (await response.json()) as MailboxMessage[];
}

let signedIn = 0;

export async function signIn(url: string): Promise<HttpBuyer> {
  signedIn += 1;
  const email = `killed.${Date.now().toString(36)}${signedIn}@example.com`;
  const form = { cli_email: email, cli_name: 'Maya Haddad', cli_mobile: '+961 71 123 456' };
  expect((await post(url, accountApiPaths.signup.href(), form)).status).toBe(200);
  const [mail] = await mailboxOf(url, email);
  const code = mail?.text.match(/\b\d{6}\b/)?.[0];
  const answer = await post(url, accountApiPaths.validateOtp.href(), { ...form, cli_number: code });
  expect(answer.status).toBe(200);
  return { email, token: ((await answer.json()) as { token: string }).token };
}

export async function planIn(url: string, iso: string): Promise<Plan> {
  const response = await fetch(`${url}${catalogApiPaths.countryPlans.href(iso)}`);
  const [first] = (await response.json()) as Plan[];
  if (!first) throw new Error(`No plan on sale in ${iso}`);
  return first;
}
