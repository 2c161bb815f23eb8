/**
 * `npm run bench:api [-- --rounds=N] [-- --only=TEXT] [-- --seconds=N]`: what the catalogue API
 * costs through the whole Fastify pipeline (every hook of the app: security headers,
 * anti-forgery, request id, routing, validation), against what Fastify itself costs and the
 * fastest a Node server can answer. For one URL of every public catalogue route (and a 304 to a
 * matching If-None-Match, and a brotli copy as browsers take it), autocannon (100 connections,
 * no pipelining, 2 s warm-up, then `--seconds` (10) in 2 s slices that take turns) loads three
 * servers in the same run, three rounds by default: the real app; a minimal Fastify app, one
 * route sending the very same status, headers and body bytes; and a bare node:http server
 * sending them too. Prints requests per second, the median ratios app/Fastify (target >= 0.9,
 * decision 0032) and app/bare, and any errors. The load runs in a process of its own;
 * everything stays on 127.0.0.1.
 *
 * Requests carry an XSRF-TOKEN cookie, as a returning browser's do (a first visit also gets
 * the cookie set, which costs a little more). `--only=TEXT` measures the URLs whose name or
 * path holds TEXT. The trip planner (`/api/plan/trip?…`) is left out: `bench:trip` measures it.
 *
 * `npm run bench:api -- --mixed [--duration=60] [--sync=repriced|same]`: browse while buying,
 *   see ./bench-api-mixed.ts.
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import {
  createServer,
  get,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
} from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { parseArgs, promisify } from 'node:util';
import { type ApiPath, catalogApiPaths, regionCoverageApiPath } from '@tern/contract';
import type autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { syncAppCatalogue } from '../src/modules/catalog/sync-runner';
import { type HalfwaySync, runMixedBench } from './bench-api-mixed';
import { machineLoad, median, runWithinLimit } from './bench-stats';

const CONNECTIONS = 100;
const WARM_UP_SECONDS = 2;
const SLICE_SECONDS = 2;
/** Of the minimal Fastify app: what the app's own hooks and routes may cost (decision 0032). */
const TARGET_RATIO = 0.9;
const OPTIONS = parseArgs({
  options: {
    // The ratio printed is the median over rounds (see measureRound), steadier than one round.
    rounds: { type: 'string', default: '3' },
    only: { type: 'string', default: '' },
    // Per server and round, in 2 s slices; shorter for a quick look on a busy machine.
    seconds: { type: 'string', default: '10' },
    mixed: { type: 'boolean', default: false },
    duration: { type: 'string', default: '60' },
    sync: { type: 'string', default: 'repriced' },
  },
}).values;
const ROUNDS = Math.max(1, Math.min(9, Math.trunc(Number(OPTIONS.rounds)) || 3));
const SECONDS =
  SLICE_SECONDS *
  Math.max(1, Math.min(15, Math.round(Number(OPTIONS.seconds) / SLICE_SECONDS) || 5));
/** The servers each round loads, in this order in the figures. */
const SERVERS = ['app', 'fastify', 'bare'] as const;
/** Every kind of catalogue URL below, at most. */
const MAX_TARGETS = 13;
const TIME_LIMIT_MS = OPTIONS.mixed
  ? 300_000 + Number(OPTIONS.duration) * 1000
  : // Each round: the three servers' load, plus starting autocannon for each of its runs.
    120_000 +
    ROUNDS *
      MAX_TARGETS *
      SERVERS.length *
      (WARM_UP_SECONDS + SECONDS + 2 * (1 + SECONDS / SLICE_SECONDS)) *
      1000;
const COOKIE = `XSRF-TOKEN=${'b'.repeat(43)}`;
const AUTOCANNON_CLI = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const run = promisify(execFile);
// Headers node:http writes by itself; everything else is copied from the app's answer.
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Measure {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** One URL to load, named after its route, with the request headers it adds to the cookie. */
interface Target {
  name: string;
  path: string;
  /** The app's route (`/api/plan/country/:iso`), which the minimal Fastify app registers too. */
  route: string;
  headers?: Record<string, string>;
}

async function main(): Promise<void> {
  if (OPTIONS.mixed) {
    return runMixedBench({
      seconds: Number(OPTIONS.duration),
      sync: OPTIONS.sync as HalfwaySync,
    });
  }
  const config = { ...loadConfig({ LOG_LEVEL: 'warn' }), webDistDir: undefined };
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  const app = await buildApp(config, { database, logger: false });
  let failed = false;
  try {
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const report = await syncAppCatalogue(app);
    console.log(
      `catalogue: ${report.plans} plans; ${CONNECTIONS} connections, ${SECONDS} s each; ` +
        `${machineLoad()}\n`,
    );
    const targets = (await catalogueTargets(appUrl)).filter(
      ({ name, path }) => name.includes(OPTIONS.only) || path.includes(OPTIONS.only),
    );
    const summary: string[] = [];
    for (const target of targets) {
      const headers = { cookie: COOKIE, ...target.headers };
      // Twice: the first request builds the answer (and waits for its compressed copies).
      await captureAnswer(`${appUrl}${target.path}`, headers);
      const sample = await captureAnswer(`${appUrl}${target.path}`, headers);
      const bare = await startBareServer(sample);
      const minimal = await startMinimalFastify(target.route, sample);
      try {
        const urls = [
          `${appUrl}${target.path}`,
          `${minimal.url}${target.path}`,
          `http://127.0.0.1:${(bare.address() as AddressInfo).port}${target.path}`,
        ];
        for (const url of urls.slice(1)) await assertSameBytes(urls[0] ?? '', url, headers);
        const rounds: Measure[][] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          rounds.push(await measureRound(urls, headers, sample.status));
        }
        const result = printComparison(target, sample, rounds);
        failed ||= result.failed;
        summary.push(result.line);
      } finally {
        bare.close();
        await minimal.close();
      }
    }
    console.log(
      `summary (median of ${ROUNDS} rounds of ${SECONDS} s, spread in brackets; ` +
        `target app/fastify >= ${TARGET_RATIO}):`,
    );
    for (const line of summary) console.log(line);
  } finally {
    await app.close();
    await database.close();
  }
  // Other work on the machine skews both sides differently; say how busy it was.
  console.log(`after the run: ${machineLoad()}`);
  if (failed) process.exitCode = 1;
}

interface Answer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/**
 * One URL of each public catalogue route, with ids and names read from the catalogue itself;
 * then a 304 to a matching If-None-Match and a brotli copy, the two other ways a browser is
 * answered.
 */
async function catalogueTargets(appUrl: string): Promise<Target[]> {
  const read = async <T>(path: string): Promise<T> => {
    const answer = await captureAnswer(`${appUrl}${path}`, { cookie: COOKIE });
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    return JSON.parse(answer.body.toString()) as T;
  };
  const countries = await read<{ cou_id: number; cou_iso: string }[]>('/api/country/');
  const regions = await read<{ reg_id: number; reg_name: string }[]>('/api/country/regions/');
  const france = countries.find((country) => country.cou_iso === 'FR');
  const europe = regions.find((region) => region.reg_name === 'Europe+') ?? regions[0];
  if (!france || !europe) throw new Error('the catalogue has no France or no region');
  const plans = await read<{ pla_id: number }[]>(catalogApiPaths.countryPlans.href('FR'));
  const plan = plans[0];
  if (!plan) throw new Error('France has no plan');
  const countryPlans = at(catalogApiPaths.countryPlans, 'FR');
  const { etag } = (await captureAnswer(`${appUrl}${countryPlans.path}`, { cookie: COOKIE }))
    .headers;
  return [
    { name: 'countries', ...at(catalogApiPaths.countries) },
    { name: 'regions', ...at(catalogApiPaths.regions) },
    { name: 'global plans', ...at(catalogApiPaths.globalPlans) },
    { name: 'favourite countries', ...at(catalogApiPaths.favouriteCountries) },
    { name: 'plan groups', ...at(catalogApiPaths.planGroups) },
    { name: 'country plans by id', ...at(catalogApiPaths.countryPlansById, france.cou_id) },
    { name: 'region plans by id', ...at(catalogApiPaths.regionPlansById, europe.reg_id) },
    { name: 'country plans', ...countryPlans },
    { name: 'region plans', ...at(catalogApiPaths.regionPlans, europe.reg_name) },
    { name: 'plan coverage', ...at(catalogApiPaths.planCoverage, plan.pla_id) },
    { name: 'region coverage', ...at(regionCoverageApiPath) },
    { name: 'country plans, 304', ...countryPlans, headers: { 'if-none-match': String(etag) } },
    { name: 'country plans, br', ...countryPlans, headers: { 'accept-encoding': 'br, gzip' } },
  ];
}

/** The URL and route of an API path, given the values of its parameters. */
function at<Args extends unknown[]>(
  path: ApiPath<Args>,
  ...values: Args
): Pick<Target, 'path' | 'route'> {
  return { path: path.href(...values), route: path.pattern };
}

/** The raw answer, as autocannon gets it (no Accept-Encoding unless asked: not compressed). */
async function captureAnswer(url: string, sent: Record<string, string>): Promise<Answer> {
  const request = get(url, { headers: sent });
  const [response] = (await once(request, 'response')) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!CONNECTION_HEADERS.has(name) && value !== undefined) headers[name] = value;
  }
  return { status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) };
}

/**
 * The least Fastify can do for this answer: one route, no hooks, no plugins, a synchronous
 * handler sending the captured status, headers and bytes (the same object every time).
 */
async function startMinimalFastify(
  route: string,
  answer: Answer,
): Promise<{ url: string; close: () => Promise<void> }> {
  const minimal = Fastify({ logger: false });
  const body = answer.status === 304 ? undefined : answer.body;
  // The app's own route, parameters and all: a path of the request's (`Europe%2B`) matched no
  // static route in either spelling, and the bench stopped there.
  minimal.get(route, (_request, reply) => {
    reply.code(answer.status).headers(answer.headers).send(body);
  });
  const url = await minimal.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => minimal.close() };
}

async function startBareServer(answer: Answer): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

/** The comparison is only fair if both send the same bytes. */
async function assertSameBytes(
  appUrl: string,
  otherUrl: string,
  headers: Record<string, string>,
): Promise<void> {
  const [fromApp, fromOther] = await Promise.all([
    captureAnswer(appUrl, headers),
    captureAnswer(otherUrl, headers),
  ]);
  const names = (answer: Answer) => Object.keys(answer.headers).sort().join(',');
  if (
    fromApp.status !== fromOther.status ||
    !fromApp.body.equals(fromOther.body) ||
    names(fromApp) !== names(fromOther)
  ) {
    throw new Error(`${otherUrl} does not answer like the app's ${appUrl}`);
  }
}

/**
 * One round: every server warmed up, then `SECONDS` of load each, given in two-second slices
 * that take turns (each slice starting with the next server), so a change in the machine's
 * load while the round runs falls on all alike. Measured one after the other in whole
 * ten-second blocks, the very same server differed by up to a third between blocks on this
 * 2-core machine. The measures come in the order of `urls`.
 */
async function measureRound(
  urls: readonly string[],
  headers: Record<string, string>,
  expected: number,
): Promise<Measure[]> {
  const load = (url: string, seconds: number) => loadFor(url, seconds, headers);
  for (const url of urls) await load(url, WARM_UP_SECONDS);
  const results: autocannon.Result[][] = urls.map(() => []);
  for (let slice = 0; slice < SECONDS / SLICE_SECONDS; slice += 1) {
    for (let turn = 0; turn < urls.length; turn += 1) {
      const index = (slice + turn) % urls.length;
      results[index]?.push(await load(urls[index] ?? '', SLICE_SECONDS));
    }
  }
  return results.map((slices) => combined(slices, expected));
}

/**
 * autocannon in a process of its own: run in a worker thread of this process, it made the
 * very same server measure anywhere from 0.68 to 1.28 of itself between slices.
 */
async function loadFor(
  url: string,
  seconds: number,
  headers: Record<string, string>,
): Promise<autocannon.Result> {
  const { stdout } = await run(process.execPath, [
    AUTOCANNON_CLI,
    ...['--connections', String(CONNECTIONS), '--pipelining', '1'],
    ...['--duration', String(seconds)],
    ...Object.entries(headers).flatMap(([name, value]) => ['--headers', `${name}=${value}`]),
    ...['--json', '--no-progress', url],
  ]);
  return JSON.parse(stdout) as autocannon.Result;
}

/** Requests per second over all slices; p99 of the worst slice. */
function combined(slices: readonly autocannon.Result[], expected: number): Measure {
  const sum = (pick: (result: autocannon.Result) => number) =>
    slices.reduce((total, result) => total + pick(result), 0);
  return {
    requestsPerSecond: sum((result) => result.requests.total) / sum((result) => result.duration),
    p99Ms: Math.max(...slices.map((result) => result.latency.p99)),
    errors: sum((result) => result.errors),
    timeouts: sum((result) => result.timeouts),
    // autocannon counts a 304 as not 2xx: where a 304 is the expected answer, it is not counted.
    non2xx: sum((result) => result.non2xx - (expected === 304 ? result['3xx'] : 0)),
  };
}

/** The median of the rounds' ratios of server `of` to server `to`, and their spread. */
function ratioOf(rounds: readonly Measure[][], of: number, to: number) {
  const ratios = rounds.map(
    (round) => (round[of]?.requestsPerSecond ?? 0) / (round[to]?.requestsPerSecond ?? 1),
  );
  const value = median(ratios);
  return {
    value,
    text:
      `${value.toFixed(2)} (${Math.min(...ratios).toFixed(2)}–` +
      `${Math.max(...ratios).toFixed(2)})`,
    each: ratios.map((ratio) => ratio.toFixed(2)).join(', '),
  };
}

/** Prints one URL's figures; says whether something went wrong, with its summary line. */
function printComparison(
  target: Target,
  sample: Answer,
  rounds: readonly Measure[][],
): { failed: boolean; line: string } {
  const line = (name: string, m: Measure) =>
    `  ${name.padEnd(7)} ${Math.round(m.requestsPerSecond).toLocaleString('en').padStart(7)} req/s` +
    `  p99 ${String(m.p99Ms).padStart(4)} ms  errors ${m.errors}  timeouts ${m.timeouts}` +
    `  non-2xx ${m.non2xx}`;
  const bytes = `${sample.status} ${sample.headers['content-encoding'] ?? ''}`.trim();
  console.log(`${target.name}: ${target.path} (${bytes}, ${sample.body.length} bytes)`);
  for (const round of rounds) {
    round.forEach((measure, index) => {
      console.log(line(SERVERS[index] ?? '', measure));
    });
  }
  const toFastify = ratioOf(rounds, 0, 1);
  const toBare = ratioOf(rounds, 0, 2);
  const verdict = toFastify.value >= TARGET_RATIO ? 'meets' : 'BELOW';
  console.log(
    `  ratio app/fastify ${toFastify.value.toFixed(2)} (rounds ${toFastify.each}): ` +
      `${verdict} the ${TARGET_RATIO} target`,
  );
  console.log(`  ratio app/bare    ${toBare.value.toFixed(2)} (rounds ${toBare.each})`);
  console.log(`  ${machineLoad()}\n`);
  return {
    failed: rounds.some(([app]) => (app ? app.errors + app.timeouts + app.non2xx > 0 : true)),
    line:
      `  ${target.name.padEnd(22)} app/fastify ${toFastify.text} ${verdict}` +
      `  app/bare ${toBare.text}`,
  };
}

runWithinLimit('bench:api', TIME_LIMIT_MS, main);
