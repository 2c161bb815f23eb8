/**
 * The mailer used when no SMTP server is configured: each message is kept in the
 * database for /_sandbox/mailbox and announced in the log, so a developer (or a test)
 * can read a sign-in code without a real mailbox.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer';
import type { Clock } from '../../lib/clock';
import { insertMailboxMessage } from './mailbox-repository';

export interface DevMailboxOptions {
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
}

export function createDevMailboxMailer({ db, log, clock }: DevMailboxOptions): Mailer {
  return {
    async send(message) {
      await insertMailboxMessage(db, {
        to: message.to,
        replyTo: message.replyTo ?? null,
        subject: message.subject,
        text: message.text,
        // The mailbox page is a browser page: the images go into the HTML itself.
        html: htmlWithImagesEmbedded(message),
        sentAt: clock(),
      });
      log.info(message.devLogLine ?? `Mail to ${message.to}: ${message.subject}`);
    },
    async close() {},
  };
}

/** The HTML with each inline image written into it as a `data:` URL, for viewing in a browser. */
function htmlWithImagesEmbedded(message: MailMessage): string {
  let html = message.html;
  for (const image of message.inlineImages ?? []) {
    const url = `data:${image.contentType};base64,${image.content.toString('base64')}`;
    html = html.replaceAll(`cid:${image.cid}`, url);
  }
  return html;
}
