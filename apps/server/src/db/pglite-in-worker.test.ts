import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteInWorker } from './pglite-in-worker';
import { isDatabaseUnavailable } from './unavailable';

// Each test starts PGlite in a new thread, some twice: compiling its wasm and creating a
// database takes a few seconds alone and several times that on a busy machine.
const THREAD_START_MS = 60_000;

describe('PGlite in a worker thread', { timeout: THREAD_START_MS }, () => {
  let db: PgliteInWorker;

  beforeAll(async () => {
    db = await PgliteInWorker.open(undefined);
    await db.query('create table item (id int primary key, name text, at timestamptz)');
  });
  afterAll(() => db.close());

  it('answers rows as objects or arrays, with parameters copied across', async () => {
    await db.query('insert into item values ($1, $2, $3)', [
      1,
      'first',
      new Date('2026-01-02T03:04:05Z'),
    ]);
    const objects = await db.query<{ id: number; name: string }>('select id, name from item');
    expect(objects.rows).toEqual([{ id: 1, name: 'first' }]);
    const arrays = await db.query<unknown[]>('select id, name from item', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 'first']]);
  });

  it("keeps timestamps as PostgreSQL writes them when Drizzle's parsers ask so", async () => {
    const parsed = await db.query<{ at: unknown }>('select at from item where id = 1');
    expect(parsed.rows[0]?.at).toBeInstanceOf(Date);
    const asText = await db.query<{ at: unknown }>('select at from item where id = 1', [], {
      parsers: { 1184: (value) => value },
    });
    expect(asText.rows[0]?.at).toBe('2026-01-02 03:04:05+00');
  });

  it('commits a transaction whose work resolves and rolls back one whose work throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query("insert into item (id, name) values (2, 'kept')");
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into item (id, name) values (3, 'dropped')");
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    const { rows } = await db.query<{ id: number }>('select id from item where id in (2, 3)');
    expect(rows).toEqual([{ id: 2 }]);
  });

  it('makes other queries wait for an open transaction, as PGlite itself does', async () => {
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query("update item set name = 'inside' where id = 1");
      order.push('transaction wrote');
      await held;
      order.push('transaction ends');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = db
      .query<{ name: string }>('select name from item where id = 1')
      .then((result) => {
        order.push('outside read');
        return result.rows[0]?.name;
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await outside).toBe('inside');
    expect(order).toEqual(['transaction wrote', 'transaction ends', 'outside read']);
  });

  it("passes PostgreSQL's error fields on, so a unique violation is known by its code", async () => {
    const failure = await db
      .query("insert into item (id, name) values (1, 'again')")
      .catch((error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ code: '23505', constraint: 'item_pkey' });
    expect(isDatabaseUnavailable(failure)).toBe(false);
  });

  it('refuses every query once closed, in words that answer 503', async () => {
    const other = await PgliteInWorker.open(undefined);
    await other.close();
    const failure = await other.query('select 1').catch((error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });
});

/** Ends the client's database thread as an uncaught error in PGlite would. */
async function killThread(client: PgliteInWorker): Promise<void> {
  const { worker } = client as unknown as { worker: Worker };
  await worker.terminate();
}

/** `work` on a database in a folder of its own, holding one row (kept: 7); both gone after. */
async function onDisk(work: (db: PgliteInWorker) => Promise<void>): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'tern-pglite-thread-'));
  const db = await PgliteInWorker.open(path.join(folder, 'db'));
  try {
    await db.query('create table kept (id int)');
    await db.query('insert into kept values (7)');
    await work(db);
  } finally {
    await db.close();
    await rm(folder, { recursive: true, force: true });
  }
}

describe('when the database thread dies', { timeout: THREAD_START_MS }, () => {
  it('fails the query in hand, and a database on disk answers the next one in a new thread', () =>
    onDisk(async (db) => {
      const inHand = db.query('select pg_sleep(5)').catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await killThread(db);
      const failure = await inHand;
      expect(failure).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(failure)).toBe(true);

      const { rows } = await db.query<{ id: number }>('select id from kept');
      expect(rows).toEqual([{ id: 7 }]);
    }));

  it('waits before starting a thread again when the new one dies before it answered', () =>
    onDisk(async (db) => {
      await killThread(db);
      // The first death: the next call starts a thread at once; it dies before it answers.
      const second = db.query('select 1').catch((error: unknown) => error);
      await killThread(db);
      expect(isDatabaseUnavailable(await second)).toBe(true);

      // Within the second's wait no thread is started: the call fails at once.
      const hurried = await db.query('select 1').catch((error: unknown) => error);
      expect(isDatabaseUnavailable(hurried)).toBe(true);
      expect((db as unknown as { worker: Worker | undefined }).worker).toBeUndefined();

      await new Promise((resolve) => setTimeout(resolve, 1100));
      const { rows } = await db.query<{ id: number }>('select id from kept');
      expect(rows).toEqual([{ id: 7 }]);
    }));

  it('keeps a database in memory closed: what it held died with the thread', async () => {
    const db = await PgliteInWorker.open(undefined);
    await killThread(db);
    const failure = await db.query('select 1').catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    await db.close();
  });
});
