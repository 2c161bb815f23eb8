/**
 * `npm run sandboxes`, started in-process on free ports: what it prints must point a production
 * shop at live stand-ins, and mail sent over SMTP must be readable at /_sandbox/mailbox.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayClient, GatewayError } from '../src/integrations/gateway/client';
import { createSmtpMailer } from '../src/integrations/mail/smtp-mailer';
import {
  type RunningSandboxes,
  type ShopEnvironment,
  startSandboxes,
} from '../src/sandbox/standalone';
import type { SandboxSettings } from '../src/sandbox/standalone-settings';
import { createTestApp } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

const onFreePorts: SandboxSettings = {
  httpPort: 0,
  smtpPort: 0,
  host: '127.0.0.1',
  dataDir: '/nonexistent', // unused: the test passes its own database
  logLevel: 'silent',
};

// One pixel, enough to see an inline image travel as a MIME part and come back as a data: URL.
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface CaughtMail {
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

let database: TestDatabase;
let sandboxes: RunningSandboxes;
let env: ShopEnvironment;

beforeAll(async () => {
  database = await createTestDatabase();
  sandboxes = await startSandboxes(onFreePorts, { database, logger: false });
  env = sandboxes.shopEnvironment;
});
afterAll(async () => {
  await sandboxes?.close();
  await database?.dispose();
});

async function caughtFor(address: string): Promise<CaughtMail[]> {
  return caughtAt(sandboxes.url, address);
}

async function caughtAt(url: string, address: string): Promise<CaughtMail[]> {
  const response = await fetch(
    `${url}/_sandbox/mailbox/messages?to=${encodeURIComponent(address)}`,
  );
  expect(response.status).toBe(200);
  return (await response.json()) as CaughtMail[];
}

describe('the SMTP catcher', () => {
  it('keeps mail sent to the printed SMTP_URL and lists it per recipient, newest first', async () => {
    const mailer = createSmtpMailer({ url: env.SMTP_URL, from: 'Tern <no-reply@tern.example>' });
    try {
      await mailer.send({
        to: 'rana@example.com',
        subject: 'Your sign-in code',
        text: 'Your code is 482913.',
        html: '<p>Your code is <b>482913</b>.</p>',
      });
      await mailer.send({
        to: 'rana@example.com',
        replyTo: 'visitor@example.org',
        subject: 'Your eSIM is ready',
        text: 'Scan the QR code.',
        html: '<p><img src="cid:qr@tern" alt="QR code"></p>',
        inlineImages: [
          { cid: 'qr@tern', filename: 'qr.png', contentType: 'image/png', content: PIXEL_PNG },
        ],
      });
      await mailer.send({ to: 'someone@example.com', subject: 'Other', text: 'x', html: 'x' });
    } finally {
      await mailer.close();
    }

    const caught = await caughtFor('Rana@Example.com');
    expect(caught.map((mail) => mail.subject)).toEqual(['Your eSIM is ready', 'Your sign-in code']);
    const [ready, code] = caught;
    expect(code).toMatchObject({
      to: 'rana@example.com',
      replyTo: null,
      text: 'Your code is 482913.',
    });
    expect(code?.html).toContain('<b>482913</b>');
    expect(ready?.replyTo).toBe('visitor@example.org');
    // The inline part comes back inside the HTML, as the dev mailbox shows images in a browser.
    expect(ready?.html).toContain(`src="data:image/png;base64,${PIXEL_PNG.toString('base64')}"`);
    expect(Date.parse(ready?.sentAt ?? '')).toBeGreaterThanOrEqual(Date.parse(code?.sentAt ?? ''));
    expect((await caughtFor('someone@example.com')).map((mail) => mail.subject)).toEqual(['Other']);
  });

  it('shows the caught mail on the mailbox page', async () => {
    const response = await fetch(`${sandboxes.url}/_sandbox/mailbox`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<h1>Caught mail</h1>');
    expect(page).toContain('Your eSIM is ready');
    expect(page).toContain('someone@example.com');
  });
});

describe('a strict SMTP catcher (login, STARTTLS and a temporary failure)', () => {
  let dataDir: string;
  let strict: RunningSandboxes;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tern-sandboxes-'));
    strict = await startSandboxes(
      {
        ...onFreePorts,
        dataDir,
        smtp: {
          login: { user: 'shop@tern.example', password: 'p@ss:word' },
          requireStartTls: true,
          failNextMessages: 1,
        },
      },
      { database, logger: false },
    );
  });
  afterAll(async () => {
    await strict?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints the login in SMTP_URL and its certificate, alone, in SMTP_CA_FILE', async () => {
    const { SMTP_URL, SMTP_CA_FILE } = strict.shopEnvironment;
    expect(SMTP_URL).toMatch(/^smtp:\/\/shop%40tern\.example:p%40ss%3Aword@127\.0\.0\.1:\d+$/);
    expect(SMTP_CA_FILE).toBe(path.join(dataDir, 'smtp-catcher-certificate.pem'));
    const pem = await readFile(SMTP_CA_FILE ?? '', 'utf8');
    expect(pem).toMatch(
      /^-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+\n-----END CERTIFICATE-----\n$/,
    );
    expect(pem).not.toContain('PRIVATE KEY');
  });

  it('gets the sign-in code of a shop through, once, despite the first 451', async () => {
    const { SMTP_URL, SMTP_CA_FILE } = strict.shopEnvironment;
    const shop = await createTestApp({ SMTP_URL, SMTP_CA_FILE: SMTP_CA_FILE ?? '' });
    try {
      const email = 'strict.catcher@example.com';
      const response = await shop.request({
        method: 'POST',
        url: '/api/client/signup',
        payload: { cli_email: email, cli_name: 'Rana Haddad', cli_mobile: '+961 71 123 456' },
      });
      expect(response.statusCode).toBe(200);
      const caught = await caughtAt(strict.url, email);
      expect(caught.map((mail) => mail.subject)).toEqual(['Your Tern sign-in code']);
    } finally {
      await shop.close();
    }
  });

  it('is not what a plain `npm run sandboxes` starts: no SMTP_CA_FILE, no login', () => {
    expect(env).not.toHaveProperty('SMTP_CA_FILE');
    expect(new URL(env.SMTP_URL).username).toBe('');
  });
});

describe("the gateway's webhook notifications", () => {
  let shopSide: Server;
  let received: { secret: string | undefined; body: { order?: { id?: string } } }[];
  let notifying: RunningSandboxes;

  beforeAll(async () => {
    received = [];
    // The shop's notification endpoint, as far as the sandboxes can tell: it answers 200.
    shopSide = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const secret = request.headers['x-notification-secret'];
        received.push({
          secret: typeof secret === 'string' ? secret : undefined,
          body: JSON.parse(Buffer.concat(chunks).toString()) as { order?: { id?: string } },
        });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      });
    });
    shopSide.listen(0, '127.0.0.1');
    await once(shopSide, 'listening');
    const { port } = shopSide.address() as AddressInfo;
    notifying = await startSandboxes(
      {
        ...onFreePorts,
        gatewayNotifications: {
          url: `http://127.0.0.1:${port}/payment/notifications`,
          secret: 'the-shop-and-gateway-secret',
        },
      },
      { database, logger: false },
    );
  });
  afterAll(async () => {
    await notifying?.close();
    shopSide?.close();
  });

  it('go to the shop named by GATEWAY_NOTIFICATION_URL, with the printed secret', async () => {
    const printed = notifying.shopEnvironment;
    expect(printed.GATEWAY_NOTIFICATION_SECRET).toBe('the-shop-and-gateway-secret');
    const session = await openGatewaySession('http://shop.example:8080', printed);
    const paid = await fetch(
      `${printed.GATEWAY_URL}/pay/${encodeURIComponent(session.sessionId)}`,
      {
        method: 'POST',
        body: new URLSearchParams({
          action: 'pay',
          cardNumber: '5123450000000008',
          expiry: '12/39',
          cvc: '123',
          nameOnCard: 'Rana Haddad',
        }),
        redirect: 'manual',
      },
    );
    expect(paid.status).toBe(303);
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toEqual({
      secret: 'the-shop-and-gateway-secret',
      body: expect.objectContaining({ order: expect.objectContaining({ id: session.orderId }) }),
    });
  });

  it('are not sent, nor their secret printed, by a plain `npm run sandboxes`', () => {
    expect(env).not.toHaveProperty('GATEWAY_NOTIFICATION_SECRET');
  });
});

describe('the printed variables', () => {
  it('point at the eSIM Go simulator, which answers the printed key and refuses any other', async () => {
    const catalogue = (key: string) =>
      fetch(`${env.ESIMGO_URL}/catalogue?perPage=1`, { headers: { 'X-API-Key': key } });
    const answer = await catalogue(env.ESIMGO_API_KEY);
    expect(answer.status).toBe(200);
    const page = (await answer.json()) as { bundles: { name: string }[] };
    expect(page.bundles).toHaveLength(1);
    expect((await catalogue(`${env.ESIMGO_API_KEY}-wrong`)).status).toBe(403);
  });

  it('point at the gateway sandbox, which opens a session for a shop on another origin', async () => {
    const shopOrigin = 'http://shop.example:8080';
    const session = await openGatewaySession(shopOrigin);

    // The shop's page loads checkout.min.js from this other origin, then the browser goes to
    // the hosted page, whose form may send the payer back to the shop's origin.
    const script = await fetch(`${env.GATEWAY_URL}/static/checkout/checkout.min.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await script.text()).toContain('showPaymentPage');
    const page = await fetch(`${env.GATEWAY_URL}/pay/${encodeURIComponent(session.sessionId)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Card number');
    expect(formActionOf(page)).toContain(shopOrigin);
  });

  it('let the 3-D Secure challenge send the payer back to a shop on another origin', async () => {
    const shopOrigin = 'http://shop.example:8080';
    const session = await openGatewaySession(shopOrigin);
    const challenge = await fetch(
      `${env.GATEWAY_URL}/pay/${encodeURIComponent(session.sessionId)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          action: 'pay',
          cardNumber: '5123456789012346',
          expiry: '12/39',
          cvc: '123',
          nameOnCard: 'Rana Haddad',
        }).toString(),
      },
    );
    expect(await challenge.text()).toContain('Complete authentication');
    // Completing it redirects to the shop; form-action governs that redirect too.
    expect(formActionOf(challenge)).toContain(shopOrigin);
  });

  it('are the only credentials the gateway sandbox accepts', async () => {
    const gateway = createGatewayClient({
      baseUrl: env.GATEWAY_URL,
      merchantId: env.GATEWAY_MERCHANT_ID,
      password: `${env.GATEWAY_PASSWORD}-wrong`,
      retries: 0,
    });
    await expect(gateway.retrieveOrder('TERN-NONE')).rejects.toBeInstanceOf(GatewayError);
  });
});

describe('starting and closing', () => {
  it('stops with the reason when a port is taken', async () => {
    const taken = (variable: string) => Number(new URL(variable).port);
    await expect(
      startSandboxes(
        { ...onFreePorts, smtpPort: taken(env.SMTP_URL) },
        { database, logger: false },
      ),
    ).rejects.toThrow(/EADDRINUSE/);
    await expect(
      startSandboxes(
        { ...onFreePorts, httpPort: taken(sandboxes.url) },
        { database, logger: false },
      ),
    ).rejects.toThrow(/EADDRINUSE/);
  });

  it('frees both the HTTP and the SMTP port', async () => {
    const second = await startSandboxes(onFreePorts, { database, logger: false });
    const httpPort = Number(new URL(second.url).port);
    const smtpPort = Number(new URL(second.shopEnvironment.SMTP_URL).port);
    expect(await accepts(httpPort)).toBe(true);
    expect(await accepts(smtpPort)).toBe(true);
    await second.close();
    expect(await accepts(httpPort)).toBe(false);
    expect(await accepts(smtpPort)).toBe(false);
  });
});

/** A checkout session as a shop at `shopOrigin` opens it, with the printed credentials. */
async function openGatewaySession(shopOrigin: string, printed: ShopEnvironment = env) {
  const gateway = createGatewayClient({
    baseUrl: printed.GATEWAY_URL,
    merchantId: printed.GATEWAY_MERCHANT_ID,
    password: printed.GATEWAY_PASSWORD,
  });
  const orderId = `TERN-${randomBytes(6).toString('hex')}`;
  const session = await gateway.initiateCheckout({
    orderId,
    amount: 12.99,
    currency: 'USD',
    description: 'France 5 GB, 30 days',
    returnUrl: `${shopOrigin}/payment/return`,
    cancelUrl: `${shopOrigin}/#/plan_confirmation`,
    operation: 'AUTHORIZE',
    merchantName: 'Tern',
  });
  return { ...session, orderId };
}

/** The sources of the page's CSP form-action directive. */
function formActionOf(response: Response): string[] {
  const policy = response.headers.get('content-security-policy') ?? '';
  const directive = policy.split(';').find((part) => part.trim().startsWith('form-action '));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
