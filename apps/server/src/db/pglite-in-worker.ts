/**
 * PGlite in a worker thread. PGlite runs each query as WebAssembly in the thread that calls it;
 * on the event loop, a purchase's queries made every catalogue answer that arrived meanwhile
 * wait (bench:api -- --mixed: catalogue p99 48–55 ms against a target of 30, event-loop delay
 * p99 35 ms). Here the main thread only sends SQL and receives rows, and the database works in
 * ./pglite-worker.mjs. It offers the two methods Drizzle's PGlite driver calls (query and
 * transaction, drizzle-orm/pglite/session.js), so Drizzle and its migrator run on it unchanged.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface QueryOptions {
  rowMode?: 'object' | 'array';
  /** Drizzle passes parsers that keep dates as text; the worker applies the same ones. */
  parsers?: Record<number, (value: string) => unknown>;
}

export interface QueryResults<T> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** What a transaction's callback gets: queries that run inside it. */
export interface TransactionClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResults<T>>;
}

type Request =
  | {
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: string;
      keepText: boolean;
      txId?: number;
    }
  | { op: 'begin'; txId: number }
  | { op: 'end'; txId: number; commit: boolean }
  | { op: 'close' };

interface Reply {
  id: number;
  result?: unknown;
  error?: { message: string; name?: string } & Record<string, unknown>;
}

const WORKER_FILE = new URL('./pglite-worker.mjs', import.meta.url);

/**
 * A compiled WebAssembly.Module, only handed on: the shop's TypeScript libs do not declare
 * Node's WebAssembly global.
 */
interface WasmModule {
  readonly compiledWebAssembly: never;
}
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };

interface CompiledModules {
  pgliteWasmModule: WasmModule;
  initdbWasmModule: WasmModule;
}
let compiledModules: Promise<CompiledModules> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process and handed to every worker: PGlite caches
 * the compiled modules per thread, so without this each database opened (each test file's,
 * each instance's) compiled them again in its new thread.
 */
function compileOnce(): Promise<CompiledModules> {
  compiledModules ??= (async () => {
    const require = createRequire(import.meta.url);
    const compile = async (file: string) =>
      WebAssembly.compile(await readFile(require.resolve(`@electric-sql/pglite/${file}`)));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      compile('pglite.wasm'),
      compile('initdb.wasm'),
    ]);
    return { pgliteWasmModule, initdbWasmModule };
  })();
  return compiledModules;
}

/**
 * A thread that dies again before it ever answered (a damaged database, say) is not started
 * again at every call, each start reading and recovering the database in vain while requests
 * pile up: after the second death in a row the next start waits 1 s, then 2, 4… up to 30 s;
 * calls meanwhile fail at once as the API's 503.
 */
const FIRST_RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 30_000;

export class PgliteInWorker implements TransactionClient {
  /** The thread now answering; undefined after it died, until the next call starts another. */
  private worker: Worker | undefined;
  private readonly pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void }
  >();
  private nextId = 0;
  /** Set once closed, or once an in-memory database died with its thread: every call fails. */
  private closedBecause: Error | undefined;
  /** Threads that died since one last answered. */
  private deathsInARow = 0;
  /** After a second death in a row: no new thread before `until`; calls fail with `because`. */
  private restartWait: { until: number; because: Error } | undefined;

  private constructor(
    private readonly dataDir: string | undefined,
    private readonly modules: CompiledModules,
  ) {
    this.worker = this.startWorker();
  }

  private startWorker(): Worker {
    const worker = new Worker(WORKER_FILE, {
      workerData: { dataDir: this.dataDir, ...this.modules },
    });
    // Only work in flight keeps the process alive (see send), as a PGlite in this thread would.
    worker.unref();
    worker.on('message', (reply: Reply) => this.settle(reply));
    worker.on('error', (error) => this.lost(worker, error.message));
    worker.on('exit', (code) => this.lost(worker, `its thread ended (exit code ${code})`));
    return worker;
  }

  /**
   * The thread died (an uncaught error in PGlite): the calls it had fail, in words the API
   * answers 503. A database on disk is opened again in a new thread at the next call, so only
   * the requests in hand fail; one in memory died with its thread, and stays closed.
   */
  private lost(worker: Worker, why: string): void {
    if (worker !== this.worker) return;
    this.worker = undefined;
    const failure = new Error(`PGlite is closed: ${why}`);
    if (this.dataDir === undefined) this.closedBecause ??= failure;
    this.deathsInARow += 1;
    if (this.deathsInARow > 1) {
      const delay = FIRST_RESTART_DELAY_MS * 2 ** (this.deathsInARow - 2);
      this.restartWait = {
        until: Date.now() + Math.min(MAX_RESTART_DELAY_MS, delay),
        because: failure,
      };
    }
    for (const [id, waiting] of this.pending) {
      this.pending.delete(id);
      waiting.reject(failure);
    }
  }

  /** Opens the database (`undefined`: in memory); resolves once it answers. */
  static async open(dataDir: string | undefined): Promise<PgliteInWorker> {
    const client = new PgliteInWorker(dataDir, await compileOnce());
    await client.query('select 1');
    return client;
  }

  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
    return this.queryIn<T>(undefined, sql, params, options);
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: TransactionClient) => Promise<T>): Promise<T> {
    this.nextId += 1;
    const txId = this.nextId;
    await this.send({ op: 'begin', txId });
    let result: T;
    try {
      result = await work({
        query: (sql, params = [], options = {}) => this.queryIn(txId, sql, params, options),
      });
    } catch (error) {
      // The work's own error is the one to report; a failed rollback only adds noise.
      await this.send({ op: 'end', txId, commit: false }).catch(() => {});
      throw error;
    }
    await this.send({ op: 'end', txId, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.closedBecause) return;
    // A thread that died has nothing to close: starting one only to close it would open the
    // database (and run its recovery) for nothing.
    if (this.worker) await this.send({ op: 'close' });
    const worker = this.worker;
    this.closedBecause = new Error('PGlite is closed: it was closed');
    this.worker = undefined;
    await worker?.terminate();
  }

  private queryIn<T>(
    txId: number | undefined,
    sql: string,
    params: unknown[],
    options: QueryOptions,
  ): Promise<QueryResults<T>> {
    return this.send({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode ?? 'object',
      keepText: options.parsers !== undefined,
      ...(txId === undefined ? {} : { txId }),
    }) as Promise<QueryResults<T>>;
  }

  private send(request: Request): Promise<unknown> {
    if (this.closedBecause) return Promise.reject(this.closedBecause);
    if (!this.worker && this.restartWait && Date.now() < this.restartWait.until) {
      return Promise.reject(this.restartWait.because);
    }
    this.worker ??= this.startWorker();
    const worker = this.worker;
    this.nextId += 1;
    const id = this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      try {
        worker.postMessage({ ...request, id });
      } catch (error) {
        // A parameter that cannot be copied to the worker (DataCloneError).
        this.forget(id);
        reject(error);
      }
    });
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.forget(reply.id);
    // Any answer, an SQL error included, shows the thread alive.
    this.deathsInARow = 0;
    if (reply.error) {
      // The driver's fields (code, detail, constraint…) on a local error, as callers test them.
      const { message, ...fields } = reply.error;
      waiting.reject(Object.assign(new Error(message), fields));
    } else {
      waiting.resolve(reply.result);
    }
  }

  private forget(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker?.unref();
  }
}
