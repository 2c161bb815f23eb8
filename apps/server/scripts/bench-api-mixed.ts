/**
 * `npm run bench:api -- --mixed [--duration=60]`: catalogue answers while the shop works. One
 * shop on PGlite in a fresh data folder (as `npm start` runs it) with the built-in stand-ins;
 * for `--duration` seconds autocannon (a process of its own) reads catalogue answers as
 * browsers do, at a steady rate, while buyers (another process) sign in, pay on the gateway sandbox, get
 * their eSIM (fulfilment and the delivery e-mail with its QR code run in the confirmation
 * call), then open the invoice PDF and the QR code; halfway, the catalogue is synced again:
 * `--sync=repriced` (the default) with one bundle's price changed by the provider, so the
 * shop writes it and reloads its answers, or `--sync=same` with nothing new, which a shop
 * writes down and leaves its answers as they are.
 * Prints the catalogue's p50/p99/max latency and req/s (target p99 <= 30 ms), the purchases
 * made, and how long the event loop was held (perf_hooks.monitorEventLoopDelay).
 * Everything stays on 127.0.0.1; the purchase loop stops at the deadline or after
 * MAX_PURCHASES, whichever comes first.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { catalogApiPaths, regionCoverageApiPath } from '@tern/contract';
import type autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { type BundleSource, syncCatalogue } from '../src/modules/catalog/sync';
import { syncAppCatalogue } from '../src/modules/catalog/sync-runner';
import type { BuyersOrder, Buying } from './bench-api-buyers';
import { firstPlan } from './bench-purchase-steps';
import { machineLoad, median } from './bench-stats';

/** Buyers at work at once: each signs in, buys, and reads its invoice and QR code in a loop. */
const BUYERS = 2;
const MAX_PURCHASES = 1500;
/** Browsing traffic: a steady rate well below what the shop can serve, so latency shows stalls. */
const CONNECTIONS = 10;
const RATE_PER_SECOND = 1000;
const TARGET_P99_MS = 30;
const AUTOCANNON_RUN = fileURLToPath(new URL('./autocannon-run.mjs', import.meta.url));
const BUYERS_RUN = fileURLToPath(new URL('./bench-api-buyers.ts', import.meta.url));
const run = promisify(execFile);

/** What the provider's catalogue holds at the sync halfway, against the first one. */
export type HalfwaySync = 'repriced' | 'same';

export interface MixedOptions {
  seconds: number;
  sync: HalfwaySync;
}

export async function runMixedBench({ seconds, sync }: MixedOptions): Promise<void> {
  if (!Number.isInteger(seconds) || seconds < 10 || seconds > 300) {
    throw new Error('--duration must be a whole number of seconds from 10 to 300');
  }
  if (sync !== 'repriced' && sync !== 'same') throw new Error('--sync must be repriced or same');
  const folder = await mkdtemp(path.join(tmpdir(), 'tern-bench-mixed-'));
  // Sign-in codes are limited per address: every buyer here comes from 127.0.0.1.
  const config = {
    ...loadConfig({ LOG_LEVEL: 'warn', RATE_LIMIT_FACTOR: '1000' }),
    webDistDir: undefined,
  };
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(folder, 'db') });
  const app = await buildApp(config, { database, logger: false });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const report = await syncAppCatalogue(app);
    const paths = await browsedPaths(base);
    // Each URL once, so that the load reads remembered answers as a running shop's visitors do.
    for (const url of paths) await (await fetch(`${base}${url}`, { headers: BROWSER })).text();
    const plan = await firstPlan(base, 'FR');
    console.log(
      `mixed: ${seconds} s of catalogue reads (${paths.length} URLs, ${CONNECTIONS} connections, ` +
        `${RATE_PER_SECOND} req/s asked) while ${BUYERS} buyers sign in, buy ${plan}, and open ` +
        `the invoice PDF and QR code; a catalogue sync halfway, ${sync === 'repriced' ? 'one price changed' : 'nothing new'} (catalogue: ${report.plans} plans); ` +
        machineLoad(),
    );

    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const browsing = browse(base, paths, seconds);
    const buying = buy({
      base,
      plan,
      buyers: BUYERS,
      endsAt: Date.now() + seconds * 1000,
      maxPurchases: MAX_PURCHASES,
    });
    const syncMs = await syncHalfway(app, seconds, sync);
    const [result, buyingResult] = await Promise.all([browsing, buying]);
    loop.disable();
    printMixed(result, buyingResult, syncMs, loop);
    if (result.errors + result.timeouts + result.non2xx > 0 || buyingResult.failures.length > 0) {
      process.exitCode = 1;
    }
  } finally {
    await app.close();
    await database.close();
    await rm(folder, { recursive: true, force: true });
  }
  console.log(`after the run: ${machineLoad()}`);
}

/** What a browser sends for a catalogue answer on a return visit. */
const BROWSER = {
  cookie: `XSRF-TOKEN=${'m'.repeat(43)}`,
  'accept-encoding': 'gzip, deflate, br',
  accept: 'application/json',
};

/** The landing's answers, a few destinations' plans, coverage of one plan. */
async function browsedPaths(base: string): Promise<string[]> {
  const plans = (await (
    await fetch(`${base}${catalogApiPaths.countryPlans.href('FR')}`)
  ).json()) as { pla_id: number }[];
  return [
    catalogApiPaths.countries.href(),
    catalogApiPaths.favouriteCountries.href(),
    catalogApiPaths.regions.href(),
    regionCoverageApiPath.href(),
    ...['FR', 'TR', 'AE', 'IT', 'US', 'JP'].map((iso) => catalogApiPaths.countryPlans.href(iso)),
    catalogApiPaths.regionPlans.href('Europe+'),
    catalogApiPaths.planCoverage.href(plans[0]?.pla_id ?? 1),
  ];
}

async function browse(base: string, paths: string[], seconds: number) {
  const { stdout } = await run(
    process.execPath,
    [
      AUTOCANNON_RUN,
      JSON.stringify({
        url: base,
        connections: CONNECTIONS,
        overallRate: RATE_PER_SECOND,
        duration: seconds,
        headers: BROWSER,
        requests: paths.map((url) => ({ method: 'GET', path: url })),
      }),
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as autocannon.Result;
}

/** The buyers, in a process of their own (./bench-api-buyers.ts). */
async function buy(order: BuyersOrder): Promise<Buying> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', BUYERS_RUN, JSON.stringify(order)],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout) as Buying;
}

/**
 * The catalogue synced again halfway through, as a shop's scheduled sync does, from the
 * simulator over HTTP; "repriced" raises the first bundle's price by a cent on the way in.
 * Its time.
 */
async function syncHalfway(
  app: Awaited<ReturnType<typeof buildApp>>,
  seconds: number,
  sync: HalfwaySync,
): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / 2));
  const startedAt = performance.now();
  const provider = app.esimGoClient();
  const source: BundleSource = {
    listCatalogue: async (options) => {
      const bundles = await provider.listCatalogue(options);
      if (sync === 'same') return bundles;
      return bundles.map((bundle, index) =>
        index === 0 ? { ...bundle, price: bundle.price + 0.01 } : bundle,
      );
    },
  };
  const report = await syncCatalogue(app.database, source, {
    markupPercent: app.config.catalog.markupPercent,
    served: app.catalog,
  });
  const expected = sync === 'same' ? 0 : 1;
  if (report.updated !== expected) {
    throw new Error(`the sync halfway updated ${report.updated} plans, not ${expected}`);
  }
  return performance.now() - startedAt;
}

function printMixed(
  result: autocannon.Result,
  buying: Buying,
  syncMs: number,
  loop: ReturnType<typeof monitorEventLoopDelay>,
): void {
  const { latency } = result;
  const verdict = latency.p99 <= TARGET_P99_MS ? 'meets' : 'ABOVE';
  console.log(
    `catalogue  ${Math.round(result.requests.average).toLocaleString('en')} req/s  ` +
      `p50 ${latency.p50} ms  p99 ${latency.p99} ms  max ${latency.max} ms  ` +
      `(${result.requests.total.toLocaleString('en')} answers; errors ${result.errors}, ` +
      `timeouts ${result.timeouts}, non-2xx ${result.non2xx}): ${verdict} the p99 <= ` +
      `${TARGET_P99_MS} ms target`,
  );
  const steps = Object.entries(buying.steps)
    .map(([step, times]) => `${step} ${median(times).toFixed(0)} ms`)
    .join(', ');
  console.log(
    `purchases  ${buying.purchases} (median per buyer: ${steps}); failures ${buying.failures.length}` +
      (buying.failures.length > 0 ? ` (first: ${buying.failures[0]})` : ''),
  );
  const ms = (nanoseconds: number) => (nanoseconds / 1e6).toFixed(1);
  console.log(
    `event loop delay  p50 ${ms(loop.percentile(50))} ms  p99 ${ms(loop.percentile(99))} ms  ` +
      `max ${ms(loop.max)} ms; the sync halfway took ${(syncMs / 1000).toFixed(1)} s`,
  );
}
