/**
 * `npm run bench:sync`: how long a full catalogue sync takes. Five times, each into a fresh
 * in-memory PGlite database, the whole simulator catalogue is read over HTTP (as in
 * production) and written; then the same sync again, which finds nothing to change.
 * Prints each run and the medians; the target for a full sync is under 5 s.
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { syncCatalogue } from '../src/modules/catalog/sync';
import { machineLoad, median, runWithinLimit } from './bench-stats';

const RUNS = 5;
const TARGET_MS = 5_000;
const TIME_LIMIT_MS = 180_000;

async function main(): Promise<void> {
  // The simulator's catalogue whatever the environment says: no real provider, no real database.
  const config = { ...loadConfig({ LOG_LEVEL: 'warn' }), webDistDir: undefined };
  const host = await openDatabase({ kind: 'pglite', dataDir: undefined });
  const app = await buildApp(config, { database: host, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const client = app.esimGoClient();
    const full: number[] = [];
    const again: number[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
      try {
        // A database of its own, served by no app: nothing to refresh.
        const options = { markupPercent: config.catalog.markupPercent, served: undefined };
        const first = await syncCatalogue(database, client, options);
        const second = await syncCatalogue(database, client, options);
        full.push(first.durationMs);
        again.push(second.durationMs);
        console.log(
          `run ${run}: full sync ${first.durationMs} ms (${first.bundles} bundles, ` +
            `${first.inserted} plans inserted); re-sync ${second.durationMs} ms ` +
            `(${second.unchanged} unchanged, ${second.inserted + second.updated + second.retired} changed)`,
        );
      } finally {
        await database.close();
      }
    }
    const verdict = median(full) < TARGET_MS ? 'within' : 'OVER';
    console.log(
      `median of ${RUNS}: full sync ${median(full)} ms (${verdict} the ${TARGET_MS} ms target), ` +
        `re-sync ${median(again)} ms; ${machineLoad()}`,
    );
  } finally {
    await app.close();
    await host.close();
  }
}

runWithinLimit('bench:sync', TIME_LIMIT_MS, main);
