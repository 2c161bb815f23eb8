/**
 * The SMTP catcher of `npm run sandboxes`: accepts any mail a shop sends over SMTP and keeps it
 * in the mailbox table, so /_sandbox/mailbox lists it exactly as it lists the dev mailbox's.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { insertMailboxMessage } from './mailbox-repository';

export interface SmtpCatcherOptions {
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  host: string;
  /** 0 picks a free port. */
  port: number;
}

export interface SmtpCatcher {
  /** The port it listens on (the chosen one when asked for 0). */
  port: number;
  close(): Promise<void>;
}

// A shop's mail is a few hundred kB at most (the eSIM QR code); anything far larger is a mistake.
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export async function startSmtpCatcher(options: SmtpCatcherOptions): Promise<SmtpCatcher> {
  const server = new SMTPServer({
    // A catcher on the operator's own machine: no login, and no STARTTLS, whose self-signed
    // certificate would make every client need ?ignoreTLS=true in its SMTP_URL.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
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
