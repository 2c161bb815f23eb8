/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL when the suite runs there
 * (the `integration-postgres` Vitest project sets TERN_TEST_DB=postgres).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client';

export interface TestDatabase extends Database {
  /** The PostgreSQL URL of this test database, for a second app instance; undefined on PGlite. */
  url: string | undefined;
  dispose(): Promise<void>;
}

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TERN_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    return { ...database, url: undefined, dispose: () => database.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL must be set to run the suite on PostgreSQL');
  const name = `tern_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = withDatabase(serverUrl, name);
  const database = await openDatabase({ kind: 'postgres', url });
  return {
    ...database,
    url,
    async dispose() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
