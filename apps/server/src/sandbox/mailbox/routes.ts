/**
 * The dev mailbox under /_sandbox/mailbox: a page for people and a JSON list for tests,
 * both newest first. Mounted only where the sandboxes are.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEV_MAILBOX_WORDING,
  MAILBOX_STYLESHEET,
  type MailboxWording,
  renderMailboxPage,
} from './mailbox-page';
import { listMailboxMessages, type MailboxRow } from './mailbox-repository';

const MAX_MESSAGES = 200;

const messagesQuerySchema = z.object({ to: z.string().min(1).optional() });

const mailboxMessageSchema = z.object({
  to: z.string(),
  replyTo: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
});

export interface MailboxRoutesOptions {
  /** The page's title and first line; the dev mailbox's by default. */
  wording?: MailboxWording;
}

export const mailboxRoutes: FastifyPluginAsyncZod<MailboxRoutesOptions> = async (app, options) => {
  const stylesheet = `${app.prefix}/mailbox.css`;
  const wording = options.wording ?? DEV_MAILBOX_WORDING;

  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await listMailboxMessages(app.database.db, { limit: MAX_MESSAGES });
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderMailboxPage(messages, stylesheet, wording));
  });

  app.get(
    '/messages',
    {
      schema: {
        hide: true,
        querystring: messagesQuerySchema,
        response: { 200: z.array(mailboxMessageSchema) },
      },
    },
    async (request, reply) => {
      const rows = await listMailboxMessages(app.database.db, {
        to: request.query.to,
        limit: MAX_MESSAGES,
      });
      return reply.header('cache-control', 'no-store').send(rows.map(toMailboxMessage));
    },
  );

  app.get('/mailbox.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(MAILBOX_STYLESHEET),
  );
};

function toMailboxMessage(row: MailboxRow): z.infer<typeof mailboxMessageSchema> {
  return {
    to: row.to,
    replyTo: row.replyTo,
    subject: row.subject,
    text: row.text,
    html: row.html,
    sentAt: row.sentAt.toISOString(),
  };
}
