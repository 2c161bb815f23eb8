/**
 * Starts the shop once for the whole run, as a shop owner would (`npm start`), on a free
 * port with a temporary DATA_DIR, and waits until it answers and its catalogue is loaded.
 * Workers read the address from E2E_BASE_URL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_STORE_URL, PLAY_STORE_URL } from './helpers/app-stores';
import { APPLE_PAY_DOMAIN_ASSOCIATION_FILE } from './helpers/apple-pay';
import { GATEWAY_MERCHANT_ID, GATEWAY_PASSWORD } from './helpers/gateway';
import { MOBILE_APP_SCHEME } from './helpers/mobile-app';

const repoRoot = path.resolve(import.meta.dirname, '..');
const STARTUP_TIMEOUT_MS = 120_000;

export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tern-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn('node', ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      // Every browser-test visitor is 127.0.0.1; per-IP limits are tested in the server suite.
      RATE_LIMIT_FACTOR: '20',
      // Usage tests move the simulator's clock and must see a fresh reading at once.
      ESIM_USAGE_CACHE_MS: '0',
      // The console's staff (helpers/console.ts): one operator per test, and a viewer.
      OPERATOR_EMAILS:
        'ops-lead@tern.test:operator,ops-viewer@tern.test:viewer,ops-arabic@tern.test:operator,ops-credit@tern.test:operator,' +
        'ops-promo@tern.test:operator,ops-promo-phone@tern.test:operator',
      MOBILE_APP_SCHEME,
      APP_STORE_URL,
      PLAY_STORE_URL,
      // Served at /.well-known/apple-developer-merchantid-domain-association (wallets.spec.ts).
      APPLE_PAY_DOMAIN_ASSOCIATION_FILE,
      // The stand-in gateway's merchant account, which specs use to ask the gateway itself
      // what it holds (helpers/gateway.ts: a saved card's token gone once removed).
      GATEWAY_MERCHANT_ID,
      GATEWAY_PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  try {
    await waitUntilReady(baseUrl, server);
  } catch (error) {
    server.kill('SIGKILL');
    throw new Error(`The shop did not start: ${(error as Error).message}\n${output.join('')}`);
  }
  process.env.E2E_BASE_URL = baseUrl;

  return async () => {
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Ready means: health answers, and the catalogue (synced on first start) is there. */
async function waitUntilReady(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`exited with code ${server.exitCode}`);
    if ((await isHealthy(baseUrl)) && (await hasCatalogue(baseUrl))) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not ready after ${STARTUP_TIMEOUT_MS} ms`);
}

async function isHealthy(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/api/health`)).ok;
  } catch {
    return false;
  }
}

async function hasCatalogue(baseUrl: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}/api/country/`);
  if (response.status === 404) return true; // no catalogue API in this build
  if (!response.ok) return false;
  const countries = (await response.json()) as unknown[];
  return countries.length > 0;
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGINT');
  const timeout = setTimeout(() => server.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timeout);
}
