/**
 * Picks the shop's mailer: SMTP when SMTP_URL is set, otherwise the dev mailbox. The dev
 * mailbox prints sign-in codes to the log, so it is refused where the sandboxes are off
 * (production) rather than quietly leaking codes there.
 */
import type { FastifyBaseLogger } from 'fastify';
import { type Config, ConfigError } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createDevMailboxMailer } from '../../sandbox/mailbox/dev-mailbox-mailer';
import type { Mailer } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

export interface MailerDependencies {
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
}

export function createMailer(config: Config, dependencies: MailerDependencies): Mailer {
  if (config.mail.smtpUrl) {
    return createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from });
  }
  if (!config.sandboxEnabled) {
    throw new ConfigError(
      'Invalid configuration: SMTP_URL is required when the sandboxes are off (NODE_ENV=production)',
    );
  }
  return createDevMailboxMailer(dependencies);
}
