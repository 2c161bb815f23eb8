/**
 * Opens the shop's database: PGlite on disk (or in memory), in a thread of its own
 * (./pglite-in-worker.ts), when no DATABASE_URL is set, otherwise a node-postgres pool. Both
 * give the same Drizzle API, so the code above runs unchanged on either.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataFolder } from './data-folder-lock';
import { PgliteInWorker } from './pglite-in-worker';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseLocation =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string | undefined /* undefined: in memory */ };

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
// Any constant works; it only has to be the same for every instance of the shop.
const MIGRATION_LOCK_KEY = 74_281_907;

export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  return location.kind === 'postgres' ? openPostgres(location.url) : openPglite(location.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const unlock = dataDir ? await lockDataFolder(dataDir) : async () => {};
  let client: PgliteInWorker | undefined;
  const close = async () => {
    try {
      await client?.close();
    } finally {
      await unlock();
    }
  };
  try {
    client = await PgliteInWorker.open(dataDir);
    // Drizzle's PGlite driver calls only query and transaction, which the worker client offers.
    const db = drizzlePglite({ client: client as unknown as PGlite, schema });
    if (hasMigrations()) await migratePglite(db, { migrationsFolder });
    return { db, kind: 'pglite', ping: () => pingWith(db), close };
  } catch (error) {
    // A database that did not open frees its thread and its folder.
    await close().catch(() => {});
    throw error;
  }
}

async function openPostgres(url: string): Promise<Database> {
  // A database out of reach fails the request in a few seconds (503) instead of holding it.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // A connection can die at any moment: a database restart or failover, or (tests) a database
  // dropped while the pool is still closing its sockets. Without a listener on the connection
  // that error would end the process; the pool drops the connection and opens a new one.
  pool.on('connect', (client) => {
    client.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  });
  // The pool repeats an idle connection's error, already reported just above.
  pool.on('error', () => {});
  await migratePostgresOnce(pool);
  const db = drizzleNodePostgres(pool, { schema });
  db.transaction = (work, config) =>
    onOwnConnection(pool, (client) =>
      drizzleNodePostgres(client, { schema }).transaction(work, config),
    );
  return {
    db,
    kind: 'postgres',
    ping: () => pingWith(db),
    close: () => pool.end(),
  };
}

/**
 * Runs `work` on a connection of its own and always hands it back. Drizzle's pool transaction
 * sends BEGIN before its try block (drizzle-orm 0.45.4, node-postgres/session.js), so a
 * connection lost at that moment was never released: each one held a place in the pool for
 * good, and closing the pool waited for it forever. The pool drops a connection that can no
 * longer answer when it comes back.
 */
async function onOwnConnection<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>) {
  const client = await pool.connect();
  try {
    return await work(client);
  } finally {
    client.release();
  }
}

/** Several instances may start together: an advisory lock lets one migrate at a time. */
async function migratePostgresOnce(pool: pg.Pool): Promise<void> {
  if (!hasMigrations()) return;
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePostgres(drizzleNodePostgres(connection), { migrationsFolder });
  } finally {
    await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    connection.release();
  }
}

function hasMigrations(): boolean {
  return existsSync(path.join(migrationsFolder, 'meta/_journal.json'));
}

async function pingWith(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export function databaseLocationFor(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseLocation {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') };
}
