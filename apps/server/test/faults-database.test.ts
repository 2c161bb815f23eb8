/**
 * A database that goes away never takes the shop down: connections terminated in the middle of
 * checkouts fail only the requests in hand (503), the next ones succeed, and a database out of
 * reach answers 503 with the spec's sentence while the health probe says so. On PGlite (one
 * backend, in its worker thread) the same checkouts run beside the same statement, and a closed database
 * stands for one out of reach.
 */
import {
  catalogApiPaths,
  errorMessages,
  healthApiPath,
  type Plan,
  profileApiPaths,
} from '@tern/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import * as schema from '../src/db/schema';
import { esims, ledgerEntries, orders } from '../src/db/schema';
import type { TestApp } from './helpers/test-app';
import {
  type Buyer,
  bearer,
  buy,
  confirm,
  createOrdersTestApp,
  openPayment,
  payOnHostedPage,
  planIn,
  runJobsUntil,
  signIn,
} from './orders-kit';

let shop: TestApp;
let plan: Plan;

beforeAll(async () => {
  shop = await createOrdersTestApp();
  plan = await planIn(shop, 'FR');
});
afterAll(async () => shop?.close());

/** Ends every connection to the shop's database but the one asking (none other on PGlite). */
async function terminateShopConnections(): Promise<void> {
  await shop.database.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
  );
}

/** A whole checkout, each step of it allowed to fail with 503 while connections die. */
async function checkoutThroughFaults(buyer: Buyer): Promise<number[]> {
  const statuses: number[] = [];
  const session = await openPayment(shop.request, buyer, plan);
  statuses.push(session.statusCode);
  if (session.statusCode !== 200) return statuses;
  const { gateway_transaction, led_payment_gateway_ref } = session.json();
  const indicator = await payOnHostedPage(shop, gateway_transaction.sessionid);
  for (let tries = 0; tries < 3; tries += 1) {
    const answer = await confirm(shop.app, buyer, led_payment_gateway_ref, indicator);
    statuses.push(answer.statusCode);
    if (answer.statusCode === 200) break;
  }
  return statuses;
}

describe('connections terminated in the middle of checkouts', () => {
  it('fails only the requests in hand, with 503, and serves the next ones', async () => {
    const buyers = await Promise.all(Array.from({ length: 6 }, () => signIn(shop)));
    const checkouts = Promise.all(buyers.map(checkoutThroughFaults));
    for (let round = 0; round < 4; round += 1) {
      // Real time on purpose: connections are cut while checkouts are really in flight.
      await new Promise((resolve) => setTimeout(resolve, 40));
      await terminateShopConnections();
    }
    const statuses = (await checkouts).flat();

    // 502 is the gateway's own answer when its call (or ours behind it) broke off.
    for (const status of statuses) expect([200, 502, 503]).toContain(status);

    // The next requests succeed: the pool has opened new connections.
    const { answer } = await buy(shop, await signIn(shop), plan);
    expect(answer.status).toBe('fulfilled');
    const countries = await shop.app.inject({
      method: 'GET',
      url: catalogApiPaths.countries.href(),
    });
    expect(countries.statusCode).toBe(200);
    const health = await shop.app.inject({ method: 'GET', url: healthApiPath.href() });
    expect(health.statusCode).toBe(200);
  });

  it('leaves every paid order with exactly one eSIM and one ledger row once the jobs ran', async () => {
    // A job whose connection died mid-run keeps its lease, and a provider call cut off may
    // still be carried out: both wait minutes by design. An instance whose clock is past
    // them runs what is left, as any instance would later.
    const later = await instanceLaterBy(10 * 60_000);
    try {
      // Paid, or fulfilling when the connection died after the job had marked it so.
      const unfinished = await shop.database.db
        .select({ reference: orders.gatewayOrderId })
        .from(orders)
        .where(inArray(orders.status, ['paid', 'fulfilling']));
      for (const { reference } of unfinished) {
        const fulfilled = (status: string) => status === 'fulfilled';
        await runJobsUntil(shop, reference, fulfilled, 10_000, later.orders.runner);
      }
    } finally {
      await later.close();
    }
    const all = await shop.database.db.select().from(orders);
    for (const order of all.filter((row) => row.status === 'fulfilled')) {
      const ledger = await shop.database.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.paymentGatewayRef, order.gatewayOrderId));
      const delivered = await shop.database.db
        .select()
        .from(esims)
        .where(eq(esims.iccid, order.iccid ?? ''));
      expect(ledger).toHaveLength(1);
      expect(delivered).toHaveLength(1);
    }
    expect(all.filter((row) => row.status === 'paid' || row.status === 'fulfilling')).toEqual([]);
  });
});

/** A second instance of the shop on the same database, its clock this far ahead. */
async function instanceLaterBy(aheadMs: number) {
  const app = await buildApp(shop.config, {
    database: shop.database,
    logger: false,
    orderWorker: false,
    clock: () => new Date(Date.now() + aheadMs),
  });
  // Its own stand-ins answer over HTTP, as the first instance's do.
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** A second instance of the shop on a database it cannot reach. */
async function unreachableDatabase(): Promise<Database> {
  if (!shop.database.url) {
    // The shop's own PGlite (in its worker thread), closed: every query is refused.
    const closed = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await closed.close();
    return closed;
  }
  // A port nobody listens on: every connection is refused.
  const url = new URL(shop.database.url);
  url.port = '1';
  const pool = new pg.Pool({ connectionString: url.toString(), connectionTimeoutMillis: 1000 });
  pool.on('error', () => {});
  const db = drizzleNodePostgres(pool, { schema });
  return { db, kind: 'postgres', ping: () => answers(db), close: () => pool.end() };
}

function answers(db: Database['db']): Promise<boolean> {
  return db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
}

describe('a database out of reach', () => {
  it("answers 503 with the spec's sentence, never 500, and the probe says the database is down", async () => {
    const database = await unreachableDatabase();
    const app = await buildApp(shop.config, { database, logger: false, orderWorker: false });
    try {
      const plans = await app.inject({
        method: 'GET',
        url: catalogApiPaths.countryPlans.href('FR'),
      });
      expect(plans.statusCode).toBe(503);
      expect(plans.json()).toMatchObject({ message: errorMessages.generic });

      const mine = await app.inject({
        method: 'GET',
        url: profileApiPaths.myEsims.href(),
        headers: bearer({ token: 'a'.repeat(43) }),
      });
      expect(mine.statusCode).toBe(503);
      expect(mine.json()).toMatchObject({ message: errorMessages.generic });

      const health = await app.inject({ method: 'GET', url: healthApiPath.href() });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'degraded', database: 'down' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
