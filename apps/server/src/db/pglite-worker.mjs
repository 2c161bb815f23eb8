// The embedded database in a thread of its own (./pglite-in-worker.ts says why). It opens
// PGlite on the data folder it is given and answers the main thread's messages: a query, the
// start and end of a transaction, a query inside one, and close. Plain JavaScript, so it runs
// without tsx whoever started the process.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

// Drizzle asks for dates, times and intervals as PostgreSQL writes them and parses them itself
// (drizzle-orm/pglite/session.js passes these parsers); functions cannot cross to this thread,
// so the main thread says `keepText` and the same parsers are applied here.
const asText = (value) => value;
const keepTextParsers = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231,
    1115,
    1185,
    1187,
    1182,
  ].map((oid) => [oid, asText]),
);

// Below the event loop's thread in the scheduler's eyes (on Linux the nice value is per thread):
// when the CPU is short, as during a catalogue sync on two cores, catalogue answers from memory
// go first and queries wait a little (bench:api -- --mixed p99 median 48 -> 36 ms).
try {
  setPriority(0, 10);
} catch {
  // Not allowed here: the database still works, at the usual priority.
}
const { dataDir, pgliteWasmModule, initdbWasmModule } = workerData;
const db = new PGlite(dataDir, { pgliteWasmModule, initdbWasmModule });
/** Open transactions by id: the PGlite transaction and how to end it. */
const transactions = new Map();

parentPort.on('message', async (message) => {
  try {
    const result = await handle(message);
    parentPort.postMessage({ id: message.id, result });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: describeError(error) });
  }
});

async function handle(message) {
  switch (message.op) {
    case 'query': {
      const target = message.txId ? openTransaction(message.txId).tx : db;
      const options = {
        rowMode: message.rowMode,
        ...(message.keepText ? { parsers: keepTextParsers } : {}),
      };
      const { rows, fields, affectedRows } = await target.query(
        message.sql,
        message.params,
        options,
      );
      return { rows, fields, affectedRows };
    }
    case 'begin':
      return begin(message.txId);
    case 'end': {
      const open = openTransaction(message.txId);
      transactions.delete(message.txId);
      open.end(message.commit);
      return open.finished;
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`Unknown database operation ${message.op}`);
  }
}

/** Said to PGlite's transaction callback to make it roll back. */
const ROLLBACK = new Error('rolled back on request');

/**
 * Starts a PGlite transaction and keeps it open until the main thread ends it: PGlite commits
 * when the callback's promise resolves and rolls back when it rejects. Resolves once the
 * transaction holds the database (other queries wait behind it, as in PGlite itself).
 */
function begin(txId) {
  return new Promise((started, failedToStart) => {
    const entry = { tx: undefined, end: undefined, finished: undefined };
    const ended = new Promise((resolve, reject) => {
      entry.end = (commit) => (commit ? resolve() : reject(ROLLBACK));
    });
    entry.finished = db
      .transaction(async (tx) => {
        entry.tx = tx;
        transactions.set(txId, entry);
        started(null);
        await ended;
      })
      .then(
        () => null,
        (error) => {
          if (error === ROLLBACK) return null;
          throw error;
        },
      );
    // Once started, a failure (a commit refused) is answered to 'end' instead.
    entry.finished.catch(failedToStart);
  });
}

function openTransaction(txId) {
  const open = transactions.get(txId);
  if (!open) throw new Error(`No open transaction ${txId}`);
  return open;
}

/** Errors cross as plain data: PostgreSQL's fields (code, detail, constraint…) kept. */
function describeError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}
