/**
 * CPU-heavy work off the event loop: a small pool of worker threads that run a named export
 * of a module. Catalogue answers are served from memory in microseconds, and a 30–45 ms
 * invoice PDF or a 9–90 ms QR code drawn on the event loop made every request that arrived
 * meanwhile wait that long (bench:api -- --mixed). Workers start on first use, are reused,
 * and never keep the process alive; a worker that dies fails its jobs and is replaced.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

interface Job {
  id: number;
  module: string;
  name: string;
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Reply {
  id: number;
  result?: unknown;
  error?: string;
}

/** One thread for the event loop, the rest (at most two) for heavy work. */
const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));
const WORKER_FILE = new URL('./off-loop-worker.mjs', import.meta.url);

class OffLoopPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly queue: Job[] = [];
  private started = 0;
  private nextId = 0;

  run(module: string, name: string, args: unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.nextId += 1;
      this.queue.push({ id: this.nextId, module, name, args, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? this.start();
      if (!worker) return;
      const job = this.queue.shift() as Job;
      this.busy.set(worker, job);
      worker.ref();
      worker.postMessage({ id: job.id, module: job.module, name: job.name, args: job.args });
    }
  }

  private start(): Worker | undefined {
    if (this.started >= POOL_SIZE) return undefined;
    this.started += 1;
    const worker = new Worker(WORKER_FILE);
    worker.on('message', (reply: Reply) => this.finish(worker, reply));
    worker.on('error', (error) => this.fail(worker, error));
    worker.on('exit', (code) => this.fail(worker, new Error(`worker stopped (exit ${code})`)));
    return worker;
  }

  private finish(worker: Worker, reply: Reply): void {
    const job = this.busy.get(worker);
    this.busy.delete(worker);
    worker.unref();
    this.idle.push(worker);
    if (job?.id === reply.id) {
      if (reply.error === undefined) job.resolve(reply.result);
      else job.reject(new Error(`${job.name} failed in a worker: ${reply.error}`));
    }
    this.dispatch();
  }

  private fail(worker: Worker, error: Error): void {
    const job = this.busy.get(worker);
    const known = this.busy.delete(worker) || this.idle.includes(worker);
    if (!known) return;
    const index = this.idle.indexOf(worker);
    if (index >= 0) this.idle.splice(index, 1);
    this.started -= 1;
    void worker.terminate();
    job?.reject(error);
    this.dispatch();
  }
}

const pool = new OffLoopPool();

/**
 * Runs `module`'s export `name` with `args` in a worker thread. Arguments and result cross
 * by structured clone (a Buffer comes back as a Uint8Array: see `bytesOffLoop`).
 */
export function runOffLoop(module: URL | string, name: string, args: unknown[]): Promise<unknown> {
  return pool.run(String(module), name, args);
}

/** Like runOffLoop, for an export that resolves to bytes: they come back as a Buffer. */
export async function bytesOffLoop(
  module: URL | string,
  name: string,
  args: unknown[],
): Promise<Buffer> {
  const bytes = (await runOffLoop(module, name, args)) as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
