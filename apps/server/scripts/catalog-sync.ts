/**
 * `npm run catalog:sync`: makes the shop's catalogue match the provider's now, then prints
 * one summary line. Without ESIMGO_URL the provider is the app's own simulator, which only
 * answers over HTTP, so the app listens on a free local port for the length of the sync.
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { describeSync, syncAppCatalogue } from '../src/modules/catalog/sync-runner';
import { isRefusal } from '../src/start-failure';

async function main(): Promise<void> {
  const config = { ...loadConfig(), webDistDir: undefined };
  const app = await buildApp(config, { logger: { level: 'warn' } });
  try {
    if (!config.esimGo.url) await app.listen({ port: 0, host: '127.0.0.1' });
    const report = await syncAppCatalogue(app);
    console.log(describeSync(report));
    for (const { name, reason } of report.skipped) console.log(`  skipped ${name}: ${reason}`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(isRefusal(error) ? error.message : error);
  process.exit(1);
});
