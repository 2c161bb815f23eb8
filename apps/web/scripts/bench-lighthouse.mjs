#!/usr/bin/env node
/**
 * `npm run bench:lighthouse`: Lighthouse's performance figures for the pages a traveller
 * opens first, on the production build served by the shop as `npm start` serves it.
 *
 * Builds the web app into a temporary folder (the build script, prerender included), starts
 * the shop on a free port of 127.0.0.1 with a fresh data folder, and runs Lighthouse (the npm
 * package, mobile preset with its simulated Slow 4G) in Chromium (CHROME_PATH, default
 * /usr/bin/chromium) on the landing, plan details (France), sign-in and the FAQ, in English
 * and in Arabic, N runs each (5 by default), twice: with the CPU slowdown calibrated to this
 * host (cpu-calibration.mjs: the host's benchmarkIndex / 437, each run taking the index its
 * previous run measured; a first run on the landing measures it and is not counted) and with
 * Lighthouse's default 4x beside it. Prints the median score, FCP, LCP, TBT and CLS per page
 * with the spread (min-max) of each, and the benchmarkIndex and multiplier of each row. Arabic is the browser's own
 * preference (Chromium's --accept-lang, and the Accept-Language header): a first visit
 * follows it, as a traveller's phone set to Arabic would.
 *
 * Bounded: each Lighthouse run is killed after 120 s, the whole bench after 40 minutes; the
 * shop, the build and the data folder are removed at the end whatever happens.
 *
 *   npm run bench:lighthouse -- [--runs 5] [--pages landing,plan,sign-in,faq] [--langs en,ar]
 *                               [--dist <built web folder: skip the build>] [--save <folder>]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchmarkIndexOf, calibratedMultiplier } from './cpu-calibration.mjs';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webDir, '../..');
const lighthouseCli = path.join(repoRoot, 'node_modules/lighthouse/cli/index.js');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];
const RUN_TIMEOUT_MS = 120_000;
const BENCH_TIMEOUT_MS = 90 * 60_000;
/** Lighthouse's own mobile slowdown, measured beside the calibrated one. */
const DEFAULT_MULTIPLIER = 4;
const STARTUP_TIMEOUT_MS = 120_000;

const franceQuery = new URLSearchParams({
  purchase_type: 'Regular',
  planType: 'Countries',
  data: JSON.stringify({ cou_iso: 'FR', cou_name: 'France' }),
});
/** The pages measured: what a traveller opens first, by their hash routes. */
const pages = {
  landing: '/',
  plan: `/#/plan-details?${franceQuery}`,
  'sign-in': '/#/sign-in',
  faq: '/#/faq',
};

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    pages: { type: 'string', default: Object.keys(pages).join(',') },
    langs: { type: 'string', default: 'en,ar' },
    dist: { type: 'string' },
    save: { type: 'string' },
  },
});
const runs = Math.max(1, Number.parseInt(options.runs, 10) || 5);
const pageNames = options.pages.split(',').filter((name) => name in pages);
const languages = options.langs
  .split(',')
  .filter((language) => ['en', 'ar', 'fr'].includes(language));

const scratch = mkdtempSync(path.join(tmpdir(), 'tern-lighthouse-'));
const distDir = options.dist ? path.resolve(options.dist) : path.join(scratch, 'dist');
const dataDir = path.join(scratch, 'data');
let shop;
const running = new Set();

function cleanUp() {
  for (const child of running) killTree(child);
  if (shop) killTree(shop);
  rmSync(scratch, { recursive: true, force: true });
}

function killTree(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

process.once('SIGINT', () => {
  cleanUp();
  process.exit(130);
});
process.once('SIGTERM', () => {
  cleanUp();
  process.exit(143);
});
const benchDeadline = setTimeout(() => {
  console.error(`bench:lighthouse: stopped after ${BENCH_TIMEOUT_MS / 60_000} minutes`);
  cleanUp();
  process.exit(1);
}, BENCH_TIMEOUT_MS);
benchDeadline.unref();

try {
  if (!options.dist) build();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  shop = startShop(port, baseUrl);
  await waitUntilReady(baseUrl);
  // The host's speed before the first counted run: a landing run at the default slowdown.
  let hostIndex = benchmarkIndexOf(
    await lighthouseWithRetry(
      `${baseUrl}${pages.landing}`,
      languages[0] ?? 'en',
      DEFAULT_MULTIPLIER,
    ),
  );
  if (hostIndex === undefined) throw new Error('Lighthouse reported no benchmarkIndex');
  const calibrated = [];
  const uncalibrated = [];
  for (const language of languages) {
    for (const page of pageNames) {
      const bySlowdown = { calibrated: [], uncalibrated: [] };
      for (let run = 1; run <= runs; run += 1) {
        for (const kind of ['calibrated', 'uncalibrated']) {
          const multiplier =
            kind === 'calibrated' ? calibratedMultiplier(hostIndex) : DEFAULT_MULTIPLIER;
          const report = await lighthouseWithRetry(
            `${baseUrl}${pages[page]}`,
            language,
            multiplier,
          );
          hostIndex = benchmarkIndexOf(report) ?? hostIndex;
          if (options.save) {
            mkdirSync(options.save, { recursive: true });
            writeFileSync(
              path.join(options.save, `${page}-${language}-${kind}-${run}.json`),
              JSON.stringify(report),
            );
          }
          bySlowdown[kind].push({ ...figuresOf(report), multiplier });
          process.stderr.write('.');
        }
      }
      calibrated.push({ page, language, samples: bySlowdown.calibrated });
      uncalibrated.push({ page, language, samples: bySlowdown.uncalibrated });
    }
  }
  process.stderr.write('\n');
  print('CPU slowdown calibrated to this host (benchmarkIndex / 437)', calibrated);
  print(`Lighthouse's default ${DEFAULT_MULTIPLIER}x CPU slowdown`, uncalibrated);
} catch (error) {
  console.error(`bench:lighthouse failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  cleanUp();
  clearTimeout(benchDeadline);
}

/** The web app's own build (flags, vite, prerender) into the scratch folder. */
function build() {
  console.error('Building the web app…');
  const steps = [
    ['node', ['scripts/copy-flags.mjs']],
    ['npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn']],
  ];
  if (hasPrerender()) steps.push(['node', ['scripts/prerender.mjs', distDir]]);
  for (const [command, args] of steps) {
    const result = spawnSync(command, args, {
      cwd: webDir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
  }
}

function hasPrerender() {
  const { scripts } = JSON.parse(readFileSync(path.join(webDir, 'package.json'), 'utf8'));
  return /prerender\.mjs/.test(`${scripts.build ?? ''} ${scripts.postbuild ?? ''}`);
}

/** The shop as `npm start` runs it, on the scratch build and data folder. */
function startShop(port, baseUrl) {
  const child = spawn('node', ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: distDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitUntilReady(baseUrl) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (shop.exitCode !== null) throw new Error(`the shop exited with code ${shop.exitCode}`);
    try {
      const health = await fetch(`${baseUrl}/api/health`);
      const countries = await fetch(`${baseUrl}/api/country/`);
      if (health.ok && countries.ok && (await countries.json()).length > 0) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the shop was not ready after ${STARTUP_TIMEOUT_MS / 1000} s`);
}

/**
 * Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP):
 * such a run is tried again, twice at most, and said so; a page that fails three times fails the bench.
 */
async function lighthouseWithRetry(url, language, multiplier) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouse(url, language, multiplier);
    } catch (error) {
      if (attempt >= 3) throw error;
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      console.error(`\n  retrying ${url} (${language}): ${reason.slice(0, 160)}`);
    }
  }
}

/**
 * One Lighthouse run in its own Chromium (a fresh profile: nothing cached, nothing stored),
 * its simulated CPU `multiplier` times slower than the host.
 */
function lighthouse(url, language, multiplier) {
  const flags = [...chromeFlags, `--accept-lang=${language}`, `--lang=${language}`];
  const args = [
    lighthouseCli,
    url,
    '--quiet',
    '--only-categories=performance',
    '--output=json',
    '--output-path=stdout',
    `--chrome-flags=${flags.join(' ')}`,
    `--extra-headers=${JSON.stringify({ 'Accept-Language': language })}`,
    `--throttling.cpuSlowdownMultiplier=${multiplier}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('node', args, {
      detached: true,
      env: { ...process.env, CHROME_PATH: chromePath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    const out = [];
    const err = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    const timer = setTimeout(() => killTree(child), RUN_TIMEOUT_MS);
    child.once('close', (code) => {
      clearTimeout(timer);
      running.delete(child);
      if (code !== 0) {
        reject(
          new Error(`lighthouse ${url} (${language}) ended with ${code}: ${Buffer.concat(err)}`),
        );
        return;
      }
      try {
        const report = JSON.parse(Buffer.concat(out).toString('utf8'));
        if (report.runtimeError) throw new Error(report.runtimeError.message);
        resolve(report);
      } catch (error) {
        reject(error);
      }
    });
  });
}

function figuresOf(report) {
  const audit = (id) => report.audits[id]?.numericValue ?? Number.NaN;
  const lcpElement =
    report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
      ?.selector;
  return {
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    benchmarkIndex: benchmarkIndexOf(report) ?? Number.NaN,
    lcpElement,
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function print(title, table) {
  const [one, five] = loadavg();
  console.log(
    `\n${title}: Lighthouse ${lighthouseVersion()} mobile (simulated Slow 4G), ${runs} runs per page, ` +
      `median (min-max); ${new Date().toISOString().slice(0, 16)}Z, ${cpus().length} cores, ` +
      `load ${one.toFixed(2)}/${five.toFixed(2)} at the end`,
  );
  const header = [
    'page',
    'lang',
    'score',
    'FCP s',
    'LCP s',
    'TBT ms',
    'CLS',
    'benchmarkIndex',
    'CPU x',
    'LCP element',
  ];
  const rows = table.map(({ page, language, samples }) => {
    const column = (key, format) => {
      const values = samples.map((sample) => sample[key]);
      const low = Math.min(...values);
      const high = Math.max(...values);
      return low === high
        ? format(median(values))
        : `${format(median(values))} (${format(low)}-${format(high)})`;
    };
    const elements = [...new Set(samples.map((sample) => sample.lcpElement ?? '-'))];
    return [
      page,
      language,
      column('score', String),
      column('fcp', (ms) => (ms / 1000).toFixed(2)),
      column('lcp', (ms) => (ms / 1000).toFixed(2)),
      column('tbt', (ms) => String(Math.round(ms))),
      column('cls', (value) => value.toFixed(3)),
      column('benchmarkIndex', (index) => String(Math.round(index))),
      column('multiplier', (multiplier) => multiplier.toFixed(1)),
      elements.join(' | ').slice(0, 60),
    ];
  });
  const widths = header.map((title, index) =>
    Math.max(title.length, ...rows.map((row) => row[index].length)),
  );
  const line = (cells) =>
    `| ${cells.map((cell, index) => cell.padEnd(widths[index])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

function lighthouseVersion() {
  return JSON.parse(
    readFileSync(path.join(repoRoot, 'node_modules/lighthouse/package.json'), 'utf8'),
  ).version;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
