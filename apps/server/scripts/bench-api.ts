/**
 * `npm run bench:api`: how close the catalogue API comes to the fastest a Node server can
 * answer. For each path, autocannon (100 connections, no pipelining, 2 s warm-up, then 10 s
 * in 2 s slices that take turns) loads the real app and a bare node:http server that sends
 * the very same status, headers and body bytes, in the same run, three rounds by default.
 * Prints requests per second, the median ratio app/bare (target >= 0.85) and any errors.
 * The load runs in a process of its own; everything stays on 127.0.0.1.
 *
 * Requests carry an XSRF-TOKEN cookie, as a returning browser's do (a first visit also gets
 * the cookie set, which costs a little more).
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
import { promisify } from 'node:util';
import type autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { syncAppCatalogue } from '../src/modules/catalog/sync-runner';
import { machineLoad, median } from './bench-stats';

const PATHS = ['/api/country/', '/api/plan/country/FR'];
const CONNECTIONS = 100;
const WARM_UP_SECONDS = 2;
const SECONDS = 10;
const SLICE_SECONDS = 2;
const TARGET_RATIO = 0.85;
// The ratio printed is the median over rounds (see measureRound), steadier than one round.
// `--rounds=N` changes the default 3.
const ROUNDS = Math.max(1, Number(/^--rounds=(\d+)$/.exec(process.argv[2] ?? '')?.[1] ?? 3));
const TIME_LIMIT_MS = 60_000 + ROUNDS * PATHS.length * 2 * (WARM_UP_SECONDS + SECONDS) * 1000;
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

async function main(): Promise<void> {
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
    for (const path of PATHS) {
      const sample = await captureAnswer(`${appUrl}${path}`);
      const bare = await startBareServer(sample);
      try {
        const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}${path}`;
        await assertSameBytes(`${appUrl}${path}`, bareUrl);
        const rounds: [Measure, Measure][] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          rounds.push(await measureRound(`${appUrl}${path}`, bareUrl));
        }
        failed ||= printComparison(path, sample.body.length, rounds);
      } finally {
        bare.close();
      }
    }
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

/** The raw answer, as autocannon gets it (no Accept-Encoding: not compressed). */
async function captureAnswer(url: string): Promise<Answer> {
  const request = get(url, { headers: { cookie: COOKIE } });
  const [response] = (await once(request, 'response')) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!CONNECTION_HEADERS.has(name) && value !== undefined) headers[name] = value;
  }
  return { status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) };
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
async function assertSameBytes(appUrl: string, bareUrl: string): Promise<void> {
  const [fromApp, fromBare] = await Promise.all([captureAnswer(appUrl), captureAnswer(bareUrl)]);
  const names = (answer: Answer) => Object.keys(answer.headers).sort().join(',');
  if (!fromApp.body.equals(fromBare.body) || names(fromApp) !== names(fromBare)) {
    throw new Error(`The bare server does not answer like the app for ${appUrl}`);
  }
}

/**
 * One round: both servers warmed up, then ten seconds of load each, given in two-second slices
 * that take turns (and take turns going first), so a change in the machine's load while the
 * round runs falls on both alike. Measured one after the other in whole ten-second blocks,
 * the very same server differed by up to a third between blocks on this 2-core machine.
 */
async function measureRound(
  appUrl: string,
  bareUrl: string,
): Promise<[app: Measure, bare: Measure]> {
  await load(appUrl, WARM_UP_SECONDS);
  await load(bareUrl, WARM_UP_SECONDS);
  const app: autocannon.Result[] = [];
  const bare: autocannon.Result[] = [];
  for (let slice = 0; slice < SECONDS / SLICE_SECONDS; slice += 1) {
    const turns: [string, autocannon.Result[]][] = [
      [appUrl, app],
      [bareUrl, bare],
    ];
    if (slice % 2 === 1) turns.reverse();
    for (const [url, results] of turns) results.push(await load(url, SLICE_SECONDS));
  }
  return [combined(app), combined(bare)];
}

/**
 * autocannon in a process of its own: run in a worker thread of this process, it made the
 * very same server measure anywhere from 0.68 to 1.28 of itself between slices.
 */
async function load(url: string, seconds: number): Promise<autocannon.Result> {
  const { stdout } = await run(process.execPath, [
    AUTOCANNON_CLI,
    ...['--connections', String(CONNECTIONS), '--pipelining', '1'],
    ...['--duration', String(seconds), '--headers', `cookie=${COOKIE}`],
    ...['--json', '--no-progress', url],
  ]);
  return JSON.parse(stdout) as autocannon.Result;
}

/** Requests per second over all slices; p99 of the worst slice. */
function combined(slices: readonly autocannon.Result[]): Measure {
  const sum = (pick: (result: autocannon.Result) => number) =>
    slices.reduce((total, result) => total + pick(result), 0);
  return {
    requestsPerSecond: sum((result) => result.requests.total) / sum((result) => result.duration),
    p99Ms: Math.max(...slices.map((result) => result.latency.p99)),
    errors: sum((result) => result.errors),
    timeouts: sum((result) => result.timeouts),
    non2xx: sum((result) => result.non2xx),
  };
}

/** Prints one path's figures; true when something went wrong. */
function printComparison(path: string, bytes: number, rounds: [Measure, Measure][]): boolean {
  const line = (name: string, m: Measure) =>
    `  ${name.padEnd(4)} ${Math.round(m.requestsPerSecond).toLocaleString('en').padStart(7)} req/s` +
    `  p99 ${String(m.p99Ms).padStart(4)} ms  errors ${m.errors}  timeouts ${m.timeouts}` +
    `  non-2xx ${m.non2xx}`;
  console.log(`${path} (${bytes.toLocaleString('en')} bytes)`);
  const ratios = rounds.map(([app, bare]) => {
    console.log(line('app', app));
    console.log(line('bare', bare));
    return app.requestsPerSecond / bare.requestsPerSecond;
  });
  const ratio = median(ratios);
  const verdict = ratio >= TARGET_RATIO ? 'meets' : 'BELOW';
  const of = rounds.length > 1 ? ` (median of ${ratios.map((r) => r.toFixed(2)).join(', ')})` : '';
  console.log(`  ratio app/bare ${ratio.toFixed(2)}${of}: ${verdict} the ${TARGET_RATIO} target\n`);
  return rounds.some(([app]) => app.errors + app.timeouts + app.non2xx > 0);
}

const limit = setTimeout(() => {
  console.error(`bench:api did not finish within ${TIME_LIMIT_MS / 1000} s`);
  process.exit(1);
}, TIME_LIMIT_MS);
limit.unref();

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
