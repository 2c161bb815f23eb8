/**
 * Starts the shop: reads the configuration, starts tracing when a collector is configured, then
 * loads and runs the shop (shop-process.ts).
 */
import { loadConfig } from './config';
import { startTracing } from './lib/tracing';
import { isRefusal } from './start-failure';

async function main(): Promise<void> {
  const config = loadConfig();
  // Before the shop's modules are imported: the instrumentations patch node:http as it loads.
  const tracing = await startTracing(config.tracing);
  const { runShop } = await import('./shop-process');
  await runShop(config, tracing);
}

main().catch((error: unknown) => {
  console.error(isRefusal(error) ? error.message : error);
  process.exit(1);
});
