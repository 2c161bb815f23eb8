/**
 * PostgreSQL only (PGlite has no connection to lose): a connection that
 * dies as its transaction begins goes back to the pool, so the pool keeps its places, the next
 * transactions run, and the pool still closes. Runs in the `integration-postgres` project.
 */
import type { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  // The pool behind Drizzle, to cut its connections at the worst moment.
  pool = (database.db as unknown as { $client: pg.Pool }).$client;
});
afterAll(async () => database?.dispose());

/** Cuts the socket of the next `count` connections handed out, before BEGIN reaches them. */
function cutNextConnections(count: number): void {
  let left = count;
  const cut = (client: pg.PoolClient) => {
    left -= 1;
    if (left === 0) pool.off('acquire', cut);
    (client as unknown as { connection: { stream: Socket } }).connection.stream.destroy();
  };
  pool.on('acquire', cut);
}

it('hands back a connection lost as its transaction begins, and still closes', async () => {
  // More cuts than the pool has places (10): a connection kept by each would exhaust it.
  cutNextConnections(12);
  for (let attempt = 0; attempt < 12; attempt += 1) {
    await expect(database.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
  }

  expect(pool.totalCount - pool.idleCount).toBe(0);
  const answer = await database.db.transaction((tx) => tx.execute(sql`select 1 as one`));
  expect(answer).toMatchObject({ rows: [{ one: 1 }] });
});
