/**
 * CPU-heavy work off the event loop, on a piscina pool of worker threads that run a named
 * export of a module. Catalogue answers are served from memory in microseconds, and a 30–45 ms
 * invoice PDF or a 9–90 ms QR code drawn on the event loop made every request that arrived
 * meanwhile wait that long (bench:api -- --mixed). Workers start on first use, are reused,
 * and never keep the process alive (piscina unrefs an idle worker); one that dies fails its
 * job and is replaced.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

const pool = new Piscina({
  filename: new URL('./off-loop-worker.mjs', import.meta.url).href,
  // One thread for the event loop, the rest (at most two) for heavy work.
  maxThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
  minThreads: 0,
  // Kept once started: a new worker loads tsx, pdfkit and the fonts again (piscina's default
  // stops an idle worker at once).
  idleTimeout: Number.POSITIVE_INFINITY,
  // Wake-ups by message, as Node's own workers: with 'sync' Atomics a worker is paused between
  // tasks, and these are a few a minute, each tens of milliseconds (piscina README, `atomics`).
  atomics: 'disabled',
});

/**
 * Runs `module`'s export `name` with `args` in a worker thread. Arguments and result cross
 * by structured clone (a Buffer comes back as a Uint8Array: see `bytesOffLoop`).
 */
export function runOffLoop(module: URL | string, name: string, args: unknown[]): Promise<unknown> {
  return pool.run({ module: String(module), name, args }).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${name} failed in a worker: ${reason}`, { cause: error });
  });
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
