/**
 * The SMTP catcher of `npm run sandboxes`: accepts the mail a shop sends over SMTP and keeps it
 * in the mailbox table, so /_sandbox/mailbox lists it exactly as it lists the dev mailbox's.
 * By default it takes anything from anyone; its strict switches make it answer as a real
 * submission server may: a login required, STARTTLS required, and temporary failures.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { type AddressObject, simpleParser } from 'mailparser';
import {
  SMTPServer,
  type SMTPServerAuthentication,
  type SMTPServerDataStream,
  type SMTPServerOptions,
  type SMTPServerSession,
} from 'smtp-server';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { insertMailboxMessage } from './mailbox-repository';

/** How hard the catcher is on its clients; each part is off unless given. */
export interface SmtpCatcherStrictness {
  /** AUTH PLAIN or LOGIN with these is required before MAIL FROM. */
  login?: { user: string; password: string } | undefined;
  /** STARTTLS is offered with this certificate (PEM) and required before AUTH and MAIL FROM. */
  tls?: { key: string; cert: string } | undefined;
  /** The next this-many messages are answered 451 4.3.0 at the end of DATA, and not kept. */
  failNextMessages?: number | undefined;
  /** Recipients whose address matches are answered 451 4.3.0 at RCPT TO, every time. */
  failRecipients?: RegExp | undefined;
}

export interface SmtpCatcherOptions {
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  host: string;
  /** 0 picks a free port. */
  port: number;
  strictness?: SmtpCatcherStrictness;
}

export interface SmtpCatcher {
  /** The port it listens on (the chosen one when asked for 0). */
  port: number;
  close(): Promise<void>;
}

// A shop's mail is a few hundred kB at most (the eSIM QR code); anything far larger is a mistake.
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export async function startSmtpCatcher(options: SmtpCatcherOptions): Promise<SmtpCatcher> {
  const strictness = options.strictness ?? {};
  let messagesToFail = strictness.failNextMessages ?? 0;
  const server = new SMTPServer({
    ...loginOptions(strictness),
    ...tlsOptions(strictness),
    disabledCommands: [
      ...(strictness.login ? [] : ['AUTH']),
      ...(strictness.tls ? [] : ['STARTTLS']),
    ],
    size: MAX_MESSAGE_BYTES,
    // Enhanced status codes after each reply code, as submission servers send them: 451 4.3.0,
    // 530 5.7.0, 535 5.7.8 (RFC 3463: https://www.rfc-editor.org/rfc/rfc3463, advertised as
    // ENHANCEDSTATUSCODES, RFC 2034). smtp-server leaves them out unless asked.
    hideENHANCEDSTATUSCODES: false,
    logger: false,
    onMailFrom(_address, session, callback) {
      callback(strictness.tls && !session.secure ? startTlsFirst() : null);
    },
    onRcptTo(address, _session, callback) {
      if (!strictness.failRecipients?.test(address.address)) return callback();
      options.log.info(`Answered 451 4.3.0 to RCPT TO ${address.address}, as asked`);
      callback(temporaryFailure());
    },
    onData(stream, session, callback) {
      if (messagesToFail > 0) {
        messagesToFail -= 1;
        refuseMessage(stream, session, options.log, messagesToFail).then(callback, callback);
        return;
      }
      keepMessage(stream, session, options).then(
        () => callback(),
        (error: Error) => callback(error),
      );
    },
  });
  server.on('error', (error) => options.log.error({ err: error }, 'SMTP catcher failed'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Without a login, AUTH is not offered and anyone on this machine may send. With one, MAIL FROM
 * before AUTH gets 530 5.7.0 "Authentication required" (smtp-server's own answer) and wrong
 * credentials 535 5.7.8 "Authentication credentials invalid" (RFC 4954 sections 4 and 6:
 * https://www.rfc-editor.org/rfc/rfc4954#section-6).
 */
function loginOptions({ login }: SmtpCatcherStrictness): Partial<SMTPServerOptions> {
  if (!login) return { authOptional: true };
  const expected = { user: digest(login.user), password: digest(login.password) };
  return {
    authOptional: false,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth: SMTPServerAuthentication, _session, callback) {
      const user = timingSafeEqual(digest(auth.username ?? ''), expected.user);
      const password = timingSafeEqual(digest(auth.password ?? ''), expected.password);
      if (user && password) return callback(null, { user: auth.username });
      callback(
        Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }),
      );
    },
  };
}

/**
 * Without a certificate, no STARTTLS: a self-signed one would make every client need to trust
 * it. With one, MAIL FROM before STARTTLS gets 530 5.7.0 "Must issue a STARTTLS command first"
 * (RFC 3207 section 4: https://www.rfc-editor.org/rfc/rfc3207#section-4), and AUTH gets
 * smtp-server's 538, the "encryption required for requested authentication mechanism" of
 * RFC 4954 section 6: a password does not cross the network in the clear.
 */
function tlsOptions({ tls }: SmtpCatcherStrictness): Partial<SMTPServerOptions> {
  return tls ? { key: tls.key, cert: tls.cert } : {};
}

function startTlsFirst(): Error {
  return Object.assign(new Error('Must issue a STARTTLS command first'), { responseCode: 530 });
}

/**
 * 451 "Requested action aborted: local error in processing" is a transient negative reply: the
 * client SHOULD try again later (RFC 5321 section 4.2.1), queueing the message and retrying it
 * (section 4.5.4.1: https://www.rfc-editor.org/rfc/rfc5321#section-4.5.4.1); after DATA, only a
 * 2yz makes the message the server's (section 4.2.5), so a refused one is not kept. smtp-server
 * adds the enhanced code 4.3.0, "other or undefined mail system status" (RFC 3463).
 */
function temporaryFailure(): Error {
  return Object.assign(new Error('Temporary failure, please try again later'), {
    responseCode: 451,
  });
}

/** Reads the whole message, as a server must before its reply to DATA, then refuses it. */
async function refuseMessage(
  stream: SMTPServerDataStream,
  session: SMTPServerSession,
  log: FastifyBaseLogger,
  stillToFail: number,
): Promise<Error> {
  stream.resume();
  await new Promise((resolve) => stream.once('end', resolve));
  const recipients = session.envelope.rcptTo.map((recipient) => recipient.address).join(', ');
  log.info(`Answered 451 4.3.0 to the message for ${recipients}, as asked (${stillToFail} more)`);
  return temporaryFailure();
}

/** One mailbox row per envelope recipient, as each of them would find it in their own inbox. */
async function keepMessage(
  stream: SMTPServerDataStream,
  session: SMTPServerSession,
  { db, log, clock }: SmtpCatcherOptions,
): Promise<void> {
  // Inline images (cid:) become data: URLs, as the dev mailbox shows them in a browser.
  const mail = await simpleParser(stream);
  if (stream.sizeExceeded) {
    throw Object.assign(new Error('Message too large'), { responseCode: 552 });
  }
  // The time it arrived, not the sender's Date header: the list is newest first by arrival.
  const sentAt = clock();
  for (const recipient of session.envelope.rcptTo) {
    await insertMailboxMessage(db, {
      to: recipient.address,
      replyTo: addressText(mail.replyTo),
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      html: typeof mail.html === 'string' ? mail.html : '',
      sentAt,
    });
    log.info(`Mail to ${recipient.address}: ${mail.subject ?? '(no subject)'}`);
  }
}

function addressText(addresses: AddressObject | undefined): string | null {
  return addresses?.value.map((address) => address.address ?? '').join(', ') || null;
}

// Hashing first gives equal-length buffers, which timingSafeEqual needs.
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
