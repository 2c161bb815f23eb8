/**
 * `npm run catalog:sync` beside a running shop on the embedded database: once it opened the same
 * folder from a second process and damaged it for good (the next start died in PGlite's
 * worker). Now it is refused in one line, and the shop's database stays as it was.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
let folder: string;
let dataDir: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'tern-sync-beside-'));
  dataDir = path.join(folder, 'db');
});
afterAll(() => rm(folder, { recursive: true, force: true }));

it('is refused in one line while the shop holds the embedded database, which stays whole', async () => {
  const shop = await openDatabase({ kind: 'pglite', dataDir });
  await shop.db.execute(sql`create table kept (name text)`);
  await shop.db.execute(sql`insert into kept values ('before the sync')`);

  const sync = await runCatalogSync();
  expect(sync.code).toBe(1);
  expect(sync.stderr.trim()).toBe(
    `The embedded database in ${dataDir} is open in another process (pid ${process.pid}); only ` +
      'one process can use it at a time. Stop the shop first, then run the command again (or ' +
      `use PostgreSQL, DATABASE_URL, to run both at once). If no shop is running, delete ${dataDir}.lock.`,
  );
  expect(await keptNames(shop)).toEqual(['before the sync']);
  await shop.close();

  const reopened = await openDatabase({ kind: 'pglite', dataDir });
  try {
    expect(await keptNames(reopened)).toEqual(['before the sync']);
  } finally {
    await reopened.close();
  }
}, 60_000);

async function keptNames(database: Database): Promise<string[]> {
  const result = (await database.db.execute(sql`select name from kept`)) as {
    rows: { name: string }[];
  };
  return result.rows.map((row) => row.name);
}

async function runCatalogSync(): Promise<{ code: number | null; stderr: string }> {
  const { DATABASE_URL: _ignored, ...environment } = process.env;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/scripts/catalog-sync.ts'],
    {
      cwd: repoRoot,
      env: { ...environment, DATA_DIR: folder, LOG_FORMAT: 'json' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}
