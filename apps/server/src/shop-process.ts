/**
 * Runs the shop in this process: builds the app, listens, loads the catalogue on a first start,
 * and shuts down cleanly on Ctrl-C or SIGTERM (an open PGlite database would keep the process
 * alive), tracing's last spans sent on the way out.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type Config, listeningAddress } from './config';
import type { Tracing } from './lib/tracing';
import { hasCatalogue, loadCatalogueIfEmpty } from './modules/catalog/sync-runner';
import { listenForMetrics } from './plugins/metrics';

const FIRST_SYNC_RETRY_MS = 30_000;

export async function runShop(config: Config, tracing: Tracing | undefined): Promise<void> {
  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 5000).unref();
    let exitCode = 0;
    try {
      await app.close();
      // After the app: the spans of the last answers are sent too.
      await tracing?.shutdown();
    } catch (error) {
      // A hook that fails while closing (Redis or the database already gone) still ends the process.
      app.log.error({ err: error }, 'shutdown did not finish cleanly');
      exitCode = 1;
    } finally {
      clearTimeout(forceExit);
    }
    process.exit(exitCode);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const shown = listeningAddress(config.host, Number(new URL(address).port));
  console.log(`${config.brandName} is running at ${shown}`);
  // The address e-mails link to is the one a buyer must use to stay signed in: say it when it differs.
  if (config.publicUrl !== shown)
    console.log(`Links in e-mails and payments use ${config.publicUrl}`);
  const metricsAddress = await listenForMetrics(app);
  if (metricsAddress) console.log(`Metrics for Prometheus at ${metricsAddress}/metrics`);
  await loadCatalogueUntilReady(app);
}

/**
 * /api/health answers 503 until the shop has a catalogue, so a first sync that failed (the
 * provider out of reach) is tried again, not left to keep the shop out of rotation for good.
 */
async function loadCatalogueUntilReady(app: FastifyInstance): Promise<void> {
  try {
    await loadCatalogueIfEmpty(app);
    if (await hasCatalogue(app.database.db)) return;
  } catch (error) {
    app.log.error({ err: error }, 'the first catalogue load failed');
  }
  app.log.warn(`no catalogue yet; trying again in ${FIRST_SYNC_RETRY_MS / 1000} s`);
  // Unreferenced: a pending retry never keeps a stopping shop alive.
  setTimeout(() => void loadCatalogueUntilReady(app), FIRST_SYNC_RETRY_MS).unref();
}
