/**
 * Starts the shop: reads the configuration, builds the app, listens, and shuts down
 * cleanly on Ctrl-C or SIGTERM (an open PGlite database would keep the process alive).
 */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { loadCatalogueIfEmpty } from './modules/catalog/sync-runner';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 5000).unref();
    await app.close();
    clearTimeout(forceExit);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  console.log(`${config.brandName} is running at http://${displayHost(config.host)}:${port}`);
  await loadCatalogueIfEmpty(app);
}

function displayHost(host: string): string {
  return host === '0.0.0.0' || host === '::' ? 'localhost' : host;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
