/**
 * Client accounts: the clients themselves, their e-mailed one-time codes, their session
 * tokens, and the dev mailbox that stands in for SMTP. Codes and tokens are stored only
 * as hashes, so a copy of the database signs nobody in.
 */
import { languages } from '@tern/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const clients = pgTable(
  'clients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased, so one mailbox is one account whatever the capitals typed. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    /** International form with the plus, e.g. +96171123456. */
    mobile: text('mobile').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
    /** Set by the first accepted code: until then the e-mail address is unproven. */
    verifiedAt: moment('verified_at'),
    /**
     * The language the client reads ('en', 'ar' or 'fr'), from their latest sign-in or their
     * own choice: background e-mails and invoices use it (docs/decisions/0019).
     */
    language: text('language', { enum: languages }).notNull().default('en'),
  },
  (table) => [
    check('clients_email_lower_case', sql`${table.email} = lower(${table.email})`),
    check('clients_language_known', sql`${table.language} in ('en', 'ar', 'fr')`),
  ],
);

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** Random per code, so equal codes never share a hash. */
    codeSalt: text('code_salt').notNull(),
    /** SHA-256 of salt and code, hex. */
    codeHash: text('code_hash').notNull(),
    createdAt: moment('created_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    /** Tries made with this code, right or wrong; past the limit the code is dead. */
    attempts: integer('attempts').notNull().default(0),
    usedAt: moment('used_at'),
    /** Set when a newer code for the same client replaced this one. */
    supersededAt: moment('superseded_at'),
  },
  (table) => [index('one_time_codes_client_idx').on(table.clientId, table.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** SHA-256 of the bearer token, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    createdAt: moment('created_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
  },
  (table) => [index('sessions_client_idx').on(table.clientId)],
);

/** What the dev mailbox "sent"; only written when no SMTP server is configured. */
export const devMailboxMessages = pgTable(
  'dev_mailbox_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    sentAt: moment('sent_at').notNull(),
  },
  (table) => [index('dev_mailbox_messages_sent_idx').on(table.sentAt)],
);
