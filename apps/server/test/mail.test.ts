import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createSmtpMailer } from '../src/integrations/mail/smtp-mailer';
import { installInstructions } from '../src/modules/esims/esim-install';
import { esimReadyMail } from '../src/modules/orders/order-mail';
import { listMailboxMessages } from '../src/sandbox/mailbox/mailbox-repository';
import { createTestApp, type TestApp, withAntiForgery } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import { decodeQrPng } from './orders-kit';

const MOBILE = '+961 71 123 456';

const signupPayload = (email: string) => ({
  cli_email: email,
  cli_name: 'Maya Haddad',
  cli_mobile: MOBILE,
});

describe('sending through SMTP', () => {
  const received: ParsedMail[] = [];
  let smtp: SMTPServer;
  let smtpUrl: string;
  let shop: TestApp;

  beforeAll(async () => {
    // A real SMTP server that offers STARTTLS with a self-signed certificate: the shop
    // only gets through because the URL's ?ignoreTLS=true reaches nodemailer.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        // Image links stay as sent (cid:), to see what a mail client gets.
        simpleParser(stream, { skipImageLinks: true }).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    smtpUrl = `smtp://127.0.0.1:${port}/?ignoreTLS=true`;
    shop = await createTestApp({ SMTP_URL: smtpUrl });
  });
  afterAll(async () => {
    await shop?.close();
    await new Promise<void>((resolve) => smtp?.close(resolve));
  });

  it('delivers a branded sign-in code with text and HTML parts, and the code signs in', async () => {
    const email = 'smtp.traveller@example.com';
    const response = await shop.request({
      method: 'POST',
      url: '/api/client/signup',
      payload: signupPayload(email),
    });
    expect(response.statusCode).toBe(200);

    expect(received).toHaveLength(1);
    const [mail] = received;
    if (!mail) throw new Error('no mail arrived');
    expect(mail.subject).toBe('Your Tern sign-in code');
    expect(mail.from?.text).toContain('Tern');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(email);
    const code = mail.text?.match(/\b\d{6}\b/)?.[0];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('Tern');
    expect(mail.html).toContain(`>${code}<`);
    expect(mail.html).toContain('Tern');

    const signIn = await shop.request({
      method: 'POST',
      url: '/api/client/validateotp',
      payload: { ...signupPayload(email), cli_number: code },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('keeps nothing in the dev mailbox, which is not even mounted', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/_sandbox/mailbox/messages' });
    expect(response.statusCode).toBe(404);
    expect(await listMailboxMessages(shop.database.db, { limit: 10 })).toEqual([]);
  });

  it('sends the eSIM QR code as an inline image part, as mail clients block data: images', async () => {
    const esim = { iccid: '8988247000001234567', smdpAddress: 'smdp.example', matchingId: 'M-1' };
    const message = await esimReadyMail(
      { brandName: 'Tern', to: 'qr.traveller@example.com', name: 'Maya Haddad', language: 'en' },
      {
        gatewayOrderId: 'T-100',
        plan: {
          destinationCode: 'FR',
          destinationName: 'France',
          allowance: { dataMb: 1000, unlimited: false, durationDays: 7 },
          description: 'eSIM, 1GB, 7 Days, France, V2',
        },
        amountCents: 499,
        currency: 'USD',
      },
      esim,
    );
    const mailer = createSmtpMailer({ url: smtpUrl, from: 'Tern <no-reply@tern.example>' });
    await mailer.send(message);
    await mailer.close();

    const mail = received.at(-1);
    const [image, ...others] = mail?.attachments ?? [];
    expect(others).toEqual([]);
    expect(image).toMatchObject({ contentType: 'image/png', filename: `${esim.iccid}.png` });
    expect(mail?.html).toContain(`src="cid:${image?.cid}"`);
    expect(mail?.html).not.toContain('data:image');
    expect(decodeQrPng(image?.content ?? Buffer.alloc(0)).text).toBe(installInstructions(esim).lpa);
  });
});

describe('when the SMTP server cannot be reached', () => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
  });
  afterAll(async () => shop?.close());

  it('answers sign-up with 503 and a sentence a person can act on', async () => {
    const response = await shop.request({
      method: 'POST',
      url: '/api/client/signup',
      payload: signupPayload('nobody.home@example.com'),
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'We could not send the code. Please try again later.',
    });
  });
});

describe('the dev mailbox', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let request: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  const logLines: { msg?: string }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = { ...loadConfig({ LOG_FORMAT: 'json' }), webDistDir: undefined };
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          logLines.push(JSON.parse(line) as { msg?: string });
        }
        done();
      },
    });
    app = await buildApp(config, { database, logger: { level: 'info', stream } });
    request = await withAntiForgery(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const signup = (email: string) =>
    request({ method: 'POST', url: '/api/client/signup', payload: signupPayload(email) });

  const messages = async (query = '') =>
    (await app.inject({ method: 'GET', url: `/_sandbox/mailbox/messages${query}` })).json() as {
      to: string;
      subject: string;
      text: string;
      html: string;
      sentAt: string;
    }[];

  it('prints the sign-in code to the log', async () => {
    await signup('log.reader@example.com');
    const [newest] = await messages('?to=log.reader@example.com');
    const code = newest?.text.match(/\b\d{6}\b/)?.[0];
    expect(logLines.map((line) => line.msg)).toContain(
      `Sign-in code for log.reader@example.com: ${code}`,
    );
  });

  it('lists messages newest first, with every part, and filters by recipient', async () => {
    await signup('first@example.com');
    await signup('second@example.com');
    const all = await messages();
    expect(all.slice(0, 2).map((message) => message.to)).toEqual([
      'second@example.com',
      'first@example.com',
    ]);
    const [newest] = all;
    expect(newest?.subject).toBe('Your Tern sign-in code');
    expect(newest?.html).toContain('<html');
    expect(Date.parse(newest?.sentAt ?? '')).not.toBeNaN();
    const filtered = await messages('?to=FIRST@example.com');
    expect(filtered.map((message) => message.to)).toEqual(['first@example.com']);
  });

  it('shows a readable page that obeys the strict content security policy', async () => {
    await signup('page.reader@example.com');
    const page = await app.inject({ method: 'GET', url: '/_sandbox/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("style-src 'self'");
    const html = page.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Dev mailbox</h1>');
    expect(html).toContain('page.reader@example.com');
    expect(html).toContain('Your Tern sign-in code');
    expect(html).toMatch(/<time datetime="[^"]+">/);
    expect(html).not.toMatch(/<script|<style|\sstyle=/i);

    const href = html.match(/<link rel="stylesheet" href="([^"]+)">/)?.[1];
    expect(href).toBe('/_sandbox/mailbox/mailbox.css');
    const css = await app.inject({ method: 'GET', url: href ?? '' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('escapes what visitors wrote', async () => {
    const sent = await request({
      method: 'POST',
      url: '/api/email/support',
      payload: { email: 'visitor@example.com', body: '<script>alert("hi")</script>' },
    });
    expect(sent.statusCode).toBe(200);
    const page = await app.inject({ method: 'GET', url: '/_sandbox/mailbox' });
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('&lt;script&gt;');
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
