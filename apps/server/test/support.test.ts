import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let shop: TestApp;

beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(async () => shop?.close());

let sequence = 0;
/** Each test writes from an address of its own, so the per-IP limit stays out of the way. */
const nextIp = () => `10.20.${Math.floor(++sequence / 250)}.${(sequence % 250) + 1}`;

const contact = (payload: object, options: Partial<InjectOptions> = {}) =>
  shop.request({
    method: 'POST',
    url: '/api/email/support',
    payload,
    remoteAddress: nextIp(),
    ...options,
  });

interface MailboxMessage {
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
}

async function supportMailbox(): Promise<MailboxMessage[]> {
  const to = encodeURIComponent(shop.config.mail.supportAddress);
  const response = await shop.app.inject({
    method: 'GET',
    url: `/_sandbox/mailbox/messages?to=${to}`,
  });
  return response.json() as MailboxMessage[];
}

describe('the contact form', () => {
  it('sends the message to support, with replies going to the visitor', async () => {
    const response = await contact({
      email: 'visitor@example.com',
      body: 'My eSIM shows "No service" in Lisbon.\nCan you help?',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: "Email sent successfully! We'll get back to you soon.",
    });
    const [mail] = await supportMailbox();
    expect(mail).toMatchObject({ to: 'support@tern.example', replyTo: 'visitor@example.com' });
    expect(mail?.subject).toContain('Tern');
    expect(mail?.subject).toContain('visitor@example.com');
    expect(mail?.text).toContain('My eSIM shows "No service" in Lisbon.\nCan you help?');
    expect(mail?.html).toContain('My eSIM shows &quot;No service&quot; in Lisbon.');
  });

  it('accepts an address at a bracketed IPv4 domain', async () => {
    const response = await contact({ email: 'user@[192.168.0.1]', body: 'Hello' });
    expect(response.statusCode).toBe(200);
    const [mail] = await supportMailbox();
    expect(mail?.replyTo).toBe('user@[192.168.0.1]');
  });

  it('accepts a long message: no limit but the body size', async () => {
    const response = await contact({ email: 'long@example.com', body: 'x'.repeat(200_000) });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    'no-at-sign.example.com',
    'user@localhost',
    'user@example.c',
    'two words@example.com',
    'user@[192.168.0]',
    '',
  ])('refuses the address %j with a field error', async (email) => {
    const response = await contact({ email, body: 'Hello' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'body.email', message: 'Please enter a valid email' },
    ]);
  });

  it('refuses an empty or blank message with a field error', async () => {
    for (const body of ['', '   \n ']) {
      const response = await contact({ email: 'visitor@example.com', body });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { path: 'body.body', message: 'Please enter your message' },
      ]);
    }
  });

  it('refuses a missing field and an unknown one', async () => {
    expect((await contact({ email: 'visitor@example.com' })).statusCode).toBe(400);
    const extra = await contact({ email: 'visitor@example.com', body: 'Hi', cc: 'x@example.com' });
    expect(extra.statusCode).toBe(400);
  });

  it('needs the anti-forgery header', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/email/support',
      payload: { email: 'visitor@example.com', body: 'Hello' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('takes five messages an hour from one IP, then answers 429 with Retry-After', async () => {
    const remoteAddress = '198.51.100.20';
    const payload = { email: 'chatty@example.com', body: 'Hello again' };
    for (let sent = 1; sent <= 5; sent += 1) {
      expect((await contact(payload, { remoteAddress })).statusCode).toBe(200);
    }
    const sixth = await contact(payload, { remoteAddress });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await contact(payload)).statusCode).toBe(200);
  });
});

describe('the contact form when mail cannot be sent', () => {
  let offline: TestApp;

  beforeAll(async () => {
    offline = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
  });
  afterAll(async () => offline?.close());

  it("answers 503 with the spec's failure sentence", async () => {
    const response = await offline.request({
      method: 'POST',
      url: '/api/email/support',
      payload: { email: 'visitor@example.com', body: 'Hello' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'Sending email failed. Please try again later or contact us directly.',
    });
  });
});

/** A port nothing listens on: bound once by us, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
