/**
 * `npm run bench:load [-- --duration 60]`: two production shops on one PostgreSQL and one
 * Redis behind HAProxy, the stand-ins as the outside world, 20 virtual users browsing, signing
 * in and buying; halfway through, every database connection of the shops is terminated. Prints
 * the figures, checks them against the shops' own /metrics (bench-load-metrics.ts, failing the
 * run when they disagree) and, last, one JSON line; everything started here is stopped, Ctrl-C
 * included.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { healthApiPath, orderApiPaths } from '@tern/contract';
import { openDatabase } from '../src/db/client';
import { startSandboxes } from '../src/sandbox/standalone';
import { type Audit, auditOrders } from './bench-load-audit';
import {
  answerKey,
  type Counts,
  type Disagreement,
  disagreements,
  type Scrape,
  scrape,
  shopsBetween,
} from './bench-load-metrics';
import {
  type BenchDatabase,
  type Child,
  Cleanups,
  createBenchDatabase,
  ensureHaproxy,
  exitOf,
  freePort,
  prepareRedis,
  sleep,
  startHaproxy,
  startShop,
  waitUntilHealthy,
} from './bench-load-stack';
import { percentile, plansToBuy, Recorder, type Sample, VirtualUser } from './bench-load-traffic';
import { machineLoad } from './bench-stats';

const INSTANCES = 2;
const VIRTUAL_USERS = 20;
/** Errors that end within this long after the connections were terminated belong to the fault. */
const FAULT_WINDOW_MS = 5_000;
const SETTLE_TIMEOUT_MS = 90_000;
const DEFAULT_DATABASE_SERVER = 'postgres://postgres@127.0.0.1:5432/test';
/** A logical database of its own on the local Redis, away from other runs' counters. */
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379/13';
/** The shops' scraper's token, made for this run. */
const METRICS_TOKEN = randomBytes(24).toString('hex');

interface Options {
  seconds: number;
  databaseServer: string;
  redisUrl: string;
}

function readOptions(): Options {
  const { values } = parseArgs({ options: { duration: { type: 'string', default: '60' } } });
  const seconds = Number(values.duration);
  if (!Number.isInteger(seconds) || seconds < 10 || seconds > 600) {
    throw new Error('--duration must be a whole number of seconds from 10 to 600');
  }
  return {
    seconds,
    databaseServer: process.env.TEST_DATABASE_URL || DEFAULT_DATABASE_SERVER,
    redisUrl: DEFAULT_REDIS_URL,
  };
}

async function main(): Promise<void> {
  const options = readOptions();
  ensureHaproxy();
  const cleanups = new Cleanups();
  let interrupted = false;
  const stopOnSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping everything the bench started…`);
    void cleanups.stopAll().finally(() => process.exit(130));
  };
  process.on('SIGINT', stopOnSignal);
  process.on('SIGTERM', stopOnSignal);
  try {
    await runBench(options, cleanups);
  } catch (error) {
    // After Ctrl-C, the run fails only because its parts are being stopped under it.
    if (!interrupted) throw error;
  } finally {
    await cleanups.stopAll();
  }
  if (interrupted) process.exit(130);
}

async function runBench(options: Options, cleanups: Cleanups): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'tern-bench-load-'));
  cleanups.add('temporary folder', () => rm(folder, { recursive: true, force: true }));

  // The stand-ins in this process, on a database it can read for the audit.
  const standInDatabase = await openDatabase({ kind: 'pglite', dataDir: undefined });
  cleanups.add('stand-in database', () => standInDatabase.close());
  const standIns = await startSandboxes(
    { httpPort: 0, smtpPort: 0, host: '127.0.0.1', dataDir: folder, logLevel: 'warn' },
    { database: standInDatabase, logger: false },
  );
  cleanups.add('stand-ins', () => standIns.close());

  const database = await createBenchDatabase(options.databaseServer, cleanups);
  await prepareRedis(options.redisUrl, cleanups);

  const { shops, balancerUrl } = await startScaledShop(
    options,
    database,
    standIns,
    folder,
    cleanups,
  );
  console.log(
    `${INSTANCES} shops behind HAProxy at ${balancerUrl}, PostgreSQL database ${database.name}, ` +
      `Redis ${options.redisUrl}; ${VIRTUAL_USERS} virtual users for ${options.seconds} s`,
  );

  const recorder = new Recorder();
  const startedAt = performance.now();
  const target = {
    shopUrl: balancerUrl,
    sandboxesUrl: standIns.url,
    recorder,
    endsAt: startedAt + options.seconds * 1000,
  };
  const plans = await plansToBuy(balancerUrl);
  // After the bench's own look at the catalogue: from here, every answer is a virtual user's.
  const shopUrls = shops.map((shop) => shop.url);
  const metricsBefore = await scrapeAll(shopUrls);
  const users = Array.from({ length: VIRTUAL_USERS }, (_, index) =>
    new VirtualUser(target, index, plans).run(),
  );
  const fault = terminateHalfway(database, startedAt, options.seconds);
  await Promise.all(users);
  const faultAt = await fault;
  const loadSeconds = (performance.now() - startedAt) / 1000;

  const audit = await settle(database.url, standInDatabase.db);
  const metrics = shopsBetween(metricsBefore, await scrapeAll(shopUrls));
  const disagreed = report({ recorder, faultAt, loadSeconds, audit, shops, metrics });
  if (disagreed.length > 0) {
    throw new Error(
      `the shops' /metrics disagree with the bench's own counts:\n${disagreed
        .map((line) => `  ${line.what}: bench ${line.bench}, shops ${line.shops}`)
        .join('\n')}`,
    );
  }
}

function scrapeAll(shopUrls: readonly string[]): Promise<Scrape[]> {
  return Promise.all(shopUrls.map((url) => scrape(url, METRICS_TOKEN)));
}

async function startScaledShop(
  options: Options,
  database: BenchDatabase,
  standIns: { url: string; shopEnvironment: object },
  folder: string,
  cleanups: Cleanups,
): Promise<{ shops: { child: Child; url: string }[]; balancerUrl: string }> {
  const variables = (publicUrl: string): Record<string, string> => ({
    ...(standIns.shopEnvironment as Record<string, string>),
    DATABASE_URL: database.url,
    REDIS_URL: options.redisUrl,
    PUBLIC_URL: publicUrl,
    // Behind the load balancer, as in production: the visitor's address is X-Forwarded-For.
    TRUST_PROXY: 'true',
    // Buyers who never come back are settled within the bench's own wait, not after an hour.
    ORDERS_ABANDON_AFTER_MINUTES: '0.25',
    ORDERS_RECONCILE_INTERVAL_MS: '2000',
    ORDERS_WORKER_INTERVAL_MS: '500',
    // The bench reads each shop's figures at its end, as Prometheus would.
    METRICS_TOKEN,
  });
  // The balancer's address is the shops' public one: a production shop sends a visitor on any
  // other host to PUBLIC_URL first, so it is chosen before the shops start.
  const balancerPort = await freePort();
  const publicUrl = `http://127.0.0.1:${balancerPort}`;
  // The first shop migrates and loads the catalogue alone; the second then finds both done.
  const first = await startShop('shop 1', variables(publicUrl), cleanups);
  await waitUntilHealthy(first.url, [first.child]);
  const second = await startShop('shop 2', variables(publicUrl), cleanups);
  await waitUntilHealthy(second.url, [second.child]);
  const balancer = await startHaproxy(folder, [first.url, second.url], cleanups, balancerPort);
  await waitUntilHealthy(balancer.url, [first.child, second.child, balancer.child]);
  // Both servers must be in rotation before the load starts (HAProxy: two good checks each).
  await sleep(2_500);
  return { shops: [first, second], balancerUrl: balancer.url };
}

async function terminateHalfway(
  database: BenchDatabase,
  startedAt: number,
  seconds: number,
): Promise<number> {
  await sleep(Math.max(0, startedAt + (seconds * 1000) / 2 - performance.now()));
  const faultAt = performance.now();
  const ended = await database.terminateConnections();
  console.log(
    `fault: terminated ${ended} database connections at ${((faultAt - startedAt) / 1000).toFixed(1)} s`,
  );
  return faultAt;
}

/** Waits until the workers have nothing left to do (or the wait runs out), then audits. */
async function settle(shopDatabaseUrl: string, standIns: Parameters<typeof auditOrders>[1]) {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let audit = await auditOrders(shopDatabaseUrl, standIns);
  while ((audit.unsettled > 0 || audit.lost.length > 0) && Date.now() < deadline) {
    await sleep(1_000);
    audit = await auditOrders(shopDatabaseUrl, standIns);
  }
  return audit;
}

interface Outcome {
  recorder: Recorder;
  faultAt: number;
  loadSeconds: number;
  audit: Audit;
  shops: { child: Child }[];
  /** What the shops' /metrics counted during the run. */
  metrics: Scrape;
}

/** Prints the figures; answers where the shops' metrics and the bench disagree. */
function report({
  recorder,
  faultAt,
  loadSeconds,
  audit,
  shops,
  metrics,
}: Outcome): Disagreement[] {
  const inFault = (endedAt: number) => endedAt >= faultAt && endedAt < faultAt + FAULT_WINDOW_MS;
  const failed = recorder.samples.filter((sample) => !sample.ok);
  const outside = failed.filter((sample) => !inFault(sample.endedAt));
  const during = failed.filter((sample) => inFault(sample.endedAt));
  const latencies = recorder.samples.map((sample) => sample.ms);

  console.log(
    `requests through the balancer: ${recorder.samples.length} in ${loadSeconds.toFixed(1)} s`,
  );
  for (const [what, count] of countBy(recorder.samples, (sample) => sample.what)) {
    console.log(`  ${what.padEnd(16)} ${count}`);
  }
  console.log(`errors outside the fault window: ${outside.length} ${describe(outside)}`);
  const slowest = [...recorder.samples].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(
    `slowest: ${slowest.map((sample) => `${sample.what} ${Math.round(sample.ms)} ms`).join(', ')}`,
  );
  console.log(
    `errors in the fault window (${FAULT_WINDOW_MS / 1000} s): ${during.length} ${describe(during)}`,
  );
  for (const failure of recorder.purchaseFailures.slice(0, 10))
    console.log(`  purchase: ${failure}`);
  console.log(
    `latency p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms`,
  );
  console.log(
    `orders ${audit.orders} (${describeStatuses(audit.statuses)}), fulfilled ${audit.fulfilled}, still unsettled ${audit.unsettled}, stuck jobs ${audit.stuckJobs}`,
  );
  for (const line of [
    ...audit.lost.map((l) => `lost: ${l}`),
    ...audit.duplicated.map((d) => `duplicated: ${d}`),
  ].slice(0, 20)) {
    console.log(`  ${line}`);
  }
  reportShops(shops.map((shop) => shop.child));
  const disagreed = reportMetrics(recorder.samples, metrics);
  console.log(machineLoad());
  console.log(
    JSON.stringify({
      instances: INSTANCES,
      seconds: Math.round(loadSeconds),
      requests: recorder.samples.length,
      errors: outside.length,
      p50_ms: round(percentile(latencies, 0.5)),
      p99_ms: round(percentile(latencies, 0.99)),
      orders: audit.orders,
      fulfilled: audit.fulfilled,
      lost: audit.lost.length,
      duplicated: audit.duplicated.length,
      metrics_disagreements: disagreed.length,
    }),
  );
  return disagreed;
}

/**
 * The bench's answers by route and status, and its orders (sessions opened), against what the
 * shops' /metrics counted. HAProxy's health checks reach /api/health too, so there the shops
 * may count more.
 */
function reportMetrics(samples: readonly Sample[], metrics: Scrape): Disagreement[] {
  const answered = samples.filter((sample) => typeof sample.status === 'number');
  const answers: Counts = countBy(answered, (s) => answerKey(s.method, s.route, s.status));
  const orders = answered.filter(
    (s) => s.route === orderApiPaths.createSession.pattern && s.status === 200,
  ).length;
  const disagreed = disagreements({ answers, orders }, metrics, [healthApiPath.pattern]);
  const sum = (counts: Counts) => [...counts.values()].reduce((total, n) => total + n, 0);
  console.log(
    `/metrics: ${sum(metrics.answers)} answers counted by the shops (${answered.length} answered to the bench), ` +
      `${metrics.orders} orders created (the bench: ${orders}); ` +
      (disagreed.length === 0 ? `every route and status agrees` : `${disagreed.length} DISAGREE`),
  );
  return disagreed;
}

/**
 * Whether each shop is still running, its error-level log lines, and its other lines (console
 * warnings such as a lost connection) once each, for anyone checking the fault's effects.
 */
function reportShops(shops: Child[]): void {
  for (const shop of shops) {
    const exit = exitOf(shop);
    const lines = shop.output
      .join('')
      .split('\n')
      .filter((line) => line.trim() !== '');
    const errors = lines.filter((line) => /"level":(5\d|60)/.test(line));
    const plain = countBy(
      lines.filter((line) => !line.startsWith('{')),
      (line) => line,
    );
    console.log(
      `${shop.name}: ${exit ? `ENDED (${exit})` : 'running'}, ${errors.length} error log lines`,
    );
    for (const line of errors.slice(0, 5)) console.log(`  ${line.slice(0, 300)}`);
    for (const [line, count] of plain)
      console.log(`  ${line.slice(0, 200)}${count > 1 ? ` (x${count})` : ''}`);
  }
}

function describe(samples: Recorder['samples']): string {
  if (samples.length === 0) return '';
  const kinds = countBy(samples, (sample) => `${sample.what} ${sample.status}`);
  return `(${[...kinds].map(([kind, count]) => `${kind} x${count}`).join(', ')})`;
}

function describeStatuses(statuses: Map<string, number>): string {
  return [...statuses].map(([status, count]) => `${status} ${count}`).join(', ');
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
