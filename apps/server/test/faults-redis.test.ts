/**
 * Redis away (never there, or stopped mid-run) never takes the shop down: the rate-limited
 * routes answer 503 with the spec's sentence within about a second, the probe says redis is
 * down, and all is well again once Redis is back. Runs a redis-server of its own on a free port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { accountApiPaths, catalogApiPaths, errorMessages, healthApiPath } from '@tern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncAppCatalogue } from '../src/modules/catalog/sync-runner';
import { createTestApp, type TestApp } from './helpers/test-app';

let sequence = 0;

function signUp(shop: TestApp) {
  sequence += 1;
  return shop.request({
    method: 'POST',
    url: accountApiPaths.signup.href(),
    payload: {
      cli_email: `redis.fault.${sequence}@example.com`,
      cli_name: 'Maya Haddad',
      cli_mobile: '+961 71 123 456',
    },
  });
}

/**
 * The readiness answer, without the eSIM Go balance: that part appears once the balance job
 * has first read it, at a moment of its own, and says nothing of Redis.
 */
async function health(shop: TestApp) {
  const response = await shop.app.inject({ method: 'GET', url: healthApiPath.href() });
  const { esimGoBalance: _balance, ...body } = response.json() as Record<string, unknown>;
  return { status: response.statusCode, body };
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('No free port');
  return address.port;
}

/** A throwaway redis-server (no persistence) on `port`; resolves once it accepts connections. */
async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    redis.once('error', reject);
    redis.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve();
    });
  });
  return redis;
}

async function stopRedis(redis: ChildProcess): Promise<void> {
  if (redis.exitCode !== null) return;
  redis.kill('SIGKILL');
  await once(redis, 'exit');
}

async function untilHealthy(shop: TestApp, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await health(shop)).status !== 200 && Date.now() < deadline) {
    // Polls until the shop reconnects to a Redis process: the reconnection takes real time.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Redis never there', () => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    await syncAppCatalogue(shop.app);
  });
  afterAll(async () => shop?.close());

  it("answers sign-up 503 with the spec's sentence within a second or so, not 500", async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const started = Date.now();
      const response = await signUp(shop);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: errorMessages.generic });
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });

  it('tells the load balancer that redis is down, and still serves the catalogue', async () => {
    expect(await health(shop)).toEqual({
      status: 503,
      body: { status: 'degraded', database: 'up', redis: 'down' },
    });
    const countries = await shop.app.inject({
      method: 'GET',
      url: catalogApiPaths.countries.href(),
    });
    expect(countries.statusCode).toBe(200);
  });
});

describe('Redis stopped in the middle of a run', () => {
  let shop: TestApp;
  let redis: ChildProcess;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    // The first catalogue sync takes seconds at eSIM Go's 10 calls a second (41 pages); the order
    // worker's first round would read the provider balance meanwhile, which this probe's answer
    // would then carry: no worker, so the answer is the one written below.
    shop = await createTestApp({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      ORDERS_WORKER_ENABLED: 'false',
    });
    await syncAppCatalogue(shop.app);
  });
  afterAll(async () => {
    await shop?.close();
    if (redis) await stopRedis(redis);
  });

  it('answers 503 while Redis is away and serves again once it is back', async () => {
    expect((await signUp(shop)).statusCode).toBe(200);
    expect(await health(shop)).toEqual({
      status: 200,
      body: { status: 'ok', database: 'up', redis: 'up' },
    });

    await stopRedis(redis);
    const started = Date.now();
    const refused = await signUp(shop);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: errorMessages.generic });
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await health(shop)).body).toMatchObject({ status: 'degraded', redis: 'down' });

    redis = await startRedis(port);
    await untilHealthy(shop);
    expect(await health(shop)).toEqual({
      status: 200,
      body: { status: 'ok', database: 'up', redis: 'up' },
    });
    expect((await signUp(shop)).statusCode).toBe(200);
  });
});
