/**
 * One place decides real or stand-in (src/plugins/outside-services.ts): a stand-in is mounted
 * only for a part the configuration leaves unset, and the clients go where the configuration
 * says. Also the readiness probe: /api/health says "starting" until the catalogue is there.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncAppCatalogue } from '../src/modules/catalog/sync-runner';
import { ESIMGO_SANDBOX_CONTROL_PATH } from '../src/sandbox/esimgo/paths';
import { PAY_STYLESHEET_PATH } from '../src/sandbox/gateway/paths';
import { listMailboxMessages } from '../src/sandbox/mailbox/mailbox-repository';
import { createTestApp, type TestApp } from './helpers/test-app';

const signup = (email: string) => ({
  method: 'POST' as const,
  url: '/api/client/signup',
  payload: { cli_email: email, cli_name: 'Maya Haddad', cli_mobile: '+961 71 123 456' },
});

/** What a shop answers at each stand-in's address: 404 where none is mounted. */
async function standInStatuses(shop: TestApp) {
  const status = async (url: string) => (await shop.app.inject({ method: 'GET', url })).statusCode;
  return {
    esimGo: await status(`${ESIMGO_SANDBOX_CONTROL_PATH}/clock`),
    gateway: await status(PAY_STYLESHEET_PATH),
    mailbox: await status('/_sandbox/mailbox/messages'),
  };
}

/** An SMTP server on a free port that counts what arrives. */
async function startSmtpCounter() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((recipient) => recipient.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    received,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

describe('a shop with nothing configured', () => {
  let shop: TestApp;

  beforeAll(async () => {
    // The first catalogue sync takes seconds at eSIM Go's 10 calls a second (41 pages); the order
    // worker's first round would read the provider balance meanwhile, which this probe's answer
    // would then carry: no worker, so the answer is the one written below.
    shop = await createTestApp({ ORDERS_WORKER_ENABLED: 'false' });
  });
  afterAll(async () => shop?.close());

  it('answers the health probe 503 "starting" until its catalogue is loaded, then 200', async () => {
    const before = await shop.app.inject({ method: 'GET', url: '/api/health' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: 'starting' });

    await syncAppCatalogue(shop.app);

    const after = await shop.app.inject({ method: 'GET', url: '/api/health' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: 'ok', database: 'up' });
    const countries = await shop.app.inject({ method: 'GET', url: '/api/country/' });
    expect((countries.json() as unknown[]).length).toBeGreaterThan(100);
  });

  it('mounts every stand-in', async () => {
    expect(await standInStatuses(shop)).toEqual({ esimGo: 200, gateway: 200, mailbox: 200 });
  });

  it('builds each outside client once, not one per call', () => {
    const { app } = shop;
    expect(app.esimGoClient()).toBe(app.esimGoClient('standard'));
    expect(app.esimGoClient('interactive')).toBe(app.esimGoClient('interactive'));
    expect(app.esimGoClient('background')).not.toBe(app.esimGoClient('interactive'));
    expect(app.gatewayClient()).toBe(app.gatewayClient());
    // A test's own patience gets a client of its own.
    expect(app.esimGoClient({ retries: 0 })).not.toBe(app.esimGoClient());
  });
});

describe('a shop with SMTP_URL set', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCounter>>;
  let shop: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCounter();
    shop = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  it('mounts no dev mailbox, but the stand-ins of the parts still unset', async () => {
    expect(await standInStatuses(shop)).toEqual({ esimGo: 200, gateway: 200, mailbox: 404 });
    const page = await shop.app.inject({ method: 'GET', url: '/_sandbox/mailbox' });
    expect(page.statusCode).toBe(404);
  });

  it('sends the sign-in code over SMTP and keeps no copy in the dev mailbox table', async () => {
    const response = await shop.request(signup('smtp.only@example.com'));
    expect(response.statusCode).toBe(200);
    expect(smtp.received).toEqual(['smtp.only@example.com']);
    expect(await listMailboxMessages(shop.database.db, { limit: 10 })).toEqual([]);
  });
});

describe('a shop with every outside service configured', () => {
  // Another shop's stand-ins play the outside world, reached over the network as real ones are.
  let outside: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCounter>>;
  let shop: TestApp;

  beforeAll(async () => {
    outside = await createTestApp();
    smtp = await startSmtpCounter();
    shop = await createTestApp({
      ESIMGO_URL: `${outside.url}/_sandbox/esimgo/v2.4`,
      ESIMGO_API_KEY: outside.config.esimGo.apiKey,
      GATEWAY_URL: `${outside.url}/_sandbox/gateway`,
      GATEWAY_MERCHANT_ID: outside.config.gateway.merchantId,
      GATEWAY_PASSWORD: outside.config.gateway.password,
      SMTP_URL: smtp.url,
    });
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
    await outside?.close();
  });

  it('mounts no stand-in of its own', async () => {
    expect(await standInStatuses(shop)).toEqual({ esimGo: 404, gateway: 404, mailbox: 404 });
  });

  it('loads its catalogue from the configured provider', async () => {
    const report = await syncAppCatalogue(shop.app);
    expect(report.plans).toBeGreaterThan(100);
    const health = await shop.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('builds its clients of the configured services once', () => {
    expect(shop.app.esimGoClient('interactive')).toBe(shop.app.esimGoClient('interactive'));
    expect(shop.app.gatewayClient()).toBe(shop.app.gatewayClient());
  });

  it('asks the configured gateway about orders', async () => {
    // The outside sandbox knows no such order: an answer, where a missing gateway would throw.
    await expect(shop.app.gatewayClient().retrieveOrder('T-NOT-THERE')).resolves.toBeUndefined();
  });
});
