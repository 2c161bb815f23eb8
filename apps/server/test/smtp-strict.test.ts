/**
 * Issue 29, "Read tolerantly, stand in harshly": the SMTP catcher can require a login and
 * STARTTLS and answer temporary failures, as real submission servers do; the shop's mailer logs
 * in, speaks TLS to a certificate it was told to trust, and tries a temporary failure again (a
 * few times, soon) but never a permanent one.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { MailMessage } from '../src/integrations/mail/mailer';
import { createSmtpMailer, type SmtpMailerOptions } from '../src/integrations/mail/smtp-mailer';
import { systemClock } from '../src/lib/clock';
import { listMailboxMessages } from '../src/sandbox/mailbox/mailbox-repository';
import { selfSignedCertificate } from '../src/sandbox/mailbox/self-signed-certificate';
import {
  type SmtpCatcher,
  type SmtpCatcherStrictness,
  startSmtpCatcher,
} from '../src/sandbox/mailbox/smtp-catcher';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

const FROM = 'Tern <no-reply@tern.example>';
const LOGIN = { user: 'shop@tern.example', password: 'p@ss:word/1' };
const CERTIFICATE = selfSignedCertificate(['localhost', '127.0.0.1']);

let database: TestDatabase;
const logLines: string[] = [];
const running: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  for (const service of running.splice(0)) await service.close();
  logLines.length = 0;
});
afterAll(async () => database?.dispose());

/** A catcher on a free port; what it logs lands in `logLines`. */
async function catcher(strictness: SmtpCatcherStrictness): Promise<SmtpCatcher> {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        logLines.push((JSON.parse(line) as { msg: string }).msg);
      }
      done();
    },
  });
  const started = await startSmtpCatcher({
    db: database.db,
    log: Fastify({ logger: { level: 'info', stream } }).log,
    clock: systemClock,
    host: '127.0.0.1',
    port: 0,
    strictness,
  });
  running.push(started);
  return started;
}

function smtpUrl(port: number, login?: { user: string; password: string }, query = ''): string {
  const credentials = login
    ? `${encodeURIComponent(login.user)}:${encodeURIComponent(login.password)}@`
    : '';
  return `smtp://${credentials}127.0.0.1:${port}${query}`;
}

/** Sends one message with a mailer of its own, closed afterwards. */
async function send(
  options: Omit<SmtpMailerOptions, 'from'>,
  to: string,
  subject = 'Your sign-in code',
): Promise<void> {
  const mailer = createSmtpMailer({ from: FROM, ...options });
  const message: MailMessage = { to, subject, text: 'Your code is 482913.', html: '<p>482913</p>' };
  try {
    await mailer.send(message);
  } finally {
    await mailer.close();
  }
}

async function kept(to: string): Promise<string[]> {
  const rows = await listMailboxMessages(database.db, { to, limit: 10 });
  return rows.map((row) => row.subject);
}

const answered451 = () => logLines.filter((line) => line.startsWith('Answered 451 4.3.0'));

describe('a catcher that requires a login', () => {
  it('refuses mail from a client that did not log in: 530 5.7.0, nothing kept', async () => {
    const { port } = await catcher({ login: LOGIN });
    const to = 'no.login@example.com';
    await expect(send({ url: smtpUrl(port) }, to)).rejects.toMatchObject({
      responseCode: 530,
      response: expect.stringMatching(/^530 5\.7\.0 /),
    });
    expect(await kept(to)).toEqual([]);
  });

  it('refuses wrong credentials with 535 5.7.8, nothing kept', async () => {
    const { port } = await catcher({ login: LOGIN });
    const to = 'wrong.password@example.com';
    const url = smtpUrl(port, { ...LOGIN, password: 'guess' });
    await expect(send({ url }, to)).rejects.toMatchObject({
      code: 'EAUTH',
      responseCode: 535,
      response: expect.stringMatching(/^535 5\.7\.8 /),
    });
    expect(await kept(to)).toEqual([]);
  });

  it('keeps mail from a client that logged in, by PLAIN and by LOGIN', async () => {
    const { port } = await catcher({ login: LOGIN });
    const to = 'logged.in@example.com';
    await send({ url: smtpUrl(port, LOGIN) }, to, 'By PLAIN');
    await send({ url: smtpUrl(port, LOGIN, '?authMethod=LOGIN') }, to, 'By LOGIN');
    expect(await kept(to)).toEqual(['By LOGIN', 'By PLAIN']);
  });
});

describe('a catcher that requires STARTTLS', () => {
  it('refuses MAIL FROM in plain text with 530 5.7.0, nothing kept', async () => {
    const { port } = await catcher({ tls: CERTIFICATE });
    const to = 'plain.text@example.com';
    await expect(send({ url: smtpUrl(port, undefined, '?ignoreTLS=true') }, to)).rejects.toThrow(
      /530 5\.7\.0 Must issue a STARTTLS command first/,
    );
    expect(await kept(to)).toEqual([]);
  });

  it('keeps mail the mailer sent through STARTTLS and a login, trusting the certificate', async () => {
    const { port } = await catcher({ login: LOGIN, tls: CERTIFICATE });
    const to = 'tls.and.login@example.com';
    await send({ url: smtpUrl(port, LOGIN), ca: CERTIFICATE.cert }, to);
    expect(await kept(to)).toEqual(['Your sign-in code']);
  });

  it('is refused by a mailer that does not trust its certificate, once', async () => {
    const { port } = await catcher({ login: LOGIN, tls: CERTIFICATE });
    const to = 'untrusted@example.com';
    const attempts = await countConnections(port);
    await expect(send({ url: smtpUrl(attempts.port, LOGIN) }, to)).rejects.toThrow(
      /self-signed certificate/,
    );
    expect(attempts.count()).toBe(1);
    expect(await kept(to)).toEqual([]);
  });
});

describe('temporary failures', () => {
  it('are tried again: a 451 at the end of DATA, and the message is kept once', async () => {
    const { port } = await catcher({ failNextMessages: 1 });
    const to = 'tried.again@example.com';
    await send({ url: smtpUrl(port) }, to);
    expect(answered451()).toEqual([
      `Answered 451 4.3.0 to the message for ${to}, as asked (0 more)`,
    ]);
    expect(await kept(to)).toEqual(['Your sign-in code']);
  });

  it('are tried a bounded number of times: a recipient answered 451 at RCPT every time', async () => {
    const { port } = await catcher({ failRecipients: /^greylisted@/i });
    const to = 'Greylisted@example.com';
    await expect(send({ url: smtpUrl(port), retries: 2, backoffMs: 10 }, to)).rejects.toMatchObject(
      { responseCode: 451, response: expect.stringMatching(/^451 4\.3\.0 /) },
    );
    expect(answered451()).toHaveLength(3);
    expect(await kept(to)).toEqual([]);
    // Others still get through.
    await send({ url: smtpUrl(port) }, 'welcome@example.com');
    expect(await kept('welcome@example.com')).toEqual(['Your sign-in code']);
  });

  it('include a connection that breaks in the middle of a message, which is kept once', async () => {
    const { port } = await catcher({});
    const flaky = await breakingFirstConnection(port);
    const to = 'broken.line@example.com';
    await send({ url: smtpUrl(flaky.port) }, to);
    expect(flaky.connections()).toBe(2);
    expect(await kept(to)).toEqual(['Your sign-in code']);
  });
});

describe('a permanent failure', () => {
  it('is not tried again: a 550 for the recipient', async () => {
    let attempts = 0;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        attempts += 1;
        callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    running.push({ close: () => new Promise<void>((resolve) => server.close(resolve)) });
    const { port } = server.server.address() as { port: number };
    await expect(send({ url: smtpUrl(port) }, 'nobody@example.com')).rejects.toMatchObject({
      responseCode: 550,
    });
    expect(attempts).toBe(1);
  });
});

describe('SMTP_CA_FILE', () => {
  it('stops the start with the setting named when the file cannot be read', async () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SMTP_CA_FILE: '/nonexistent/smtp-ca.pem',
      LOG_FORMAT: 'json',
    });
    await expect(
      buildApp({ ...config, webDistDir: undefined }, { database, logger: false }),
    ).rejects.toThrow(/^Invalid configuration: SMTP_CA_FILE cannot be read \(ENOENT/);
  });
});

/** A TCP relay to `port` that counts the connections made through it. */
async function countConnections(port: number) {
  let count = 0;
  const relay = startRelay(port, (chunk) => {
    if (chunk === undefined) count += 1;
    return false;
  });
  await relay.listening;
  return { port: relay.port, count: () => count };
}

/** A relay whose first connection breaks once the client has sent MAIL FROM. */
async function breakingFirstConnection(port: number) {
  let count = 0;
  const relay = startRelay(port, (chunk) => {
    if (chunk === undefined) count += 1;
    return count === 1 && chunk !== undefined && /^MAIL FROM/im.test(chunk.toString());
  });
  await relay.listening;
  return { port: relay.port, connections: () => count };
}

/**
 * Relays each connection to the catcher. `breaks` is asked once with no chunk when a client
 * connects, then with each chunk it sends: true drops both ends.
 */
function startRelay(target: number, breaks: (chunk?: Buffer) => boolean) {
  const server: Server = createServer((client: Socket) => {
    breaks();
    const upstream = connect(target, '127.0.0.1');
    client.on('data', (chunk: Buffer) => {
      if (breaks(chunk)) {
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  const listening = new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  running.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return {
    listening,
    get port() {
      return (server.address() as { port: number }).port;
    },
  };
}
