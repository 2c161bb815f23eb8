/**
 * Gifts (issue 31): an order bought for someone else's e-mail, kept beside the order so the
 * orders table stays as it is. The buyer pays, keeps the ledger entry and the invoice, and may
 * refund it as their own; the eSIM goes to the recipient's account, found or created by e-mail
 * at fulfilment and recorded here once (a retried fulfilment reads it back, never makes another).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { orders } from './orders';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const gifts = pgTable(
  'gifts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** One gift per order. */
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    /** Who paid: the order's own client. */
    buyerClientId: integer('buyer_client_id')
      .notNull()
      .references(() => clients.id),
    /** Lower-cased, as account e-mails are. */
    recipientEmail: text('recipient_email').notNull(),
    /** The buyer's words to the recipient, plain text; empty for none. */
    message: text('message').notNull().default(''),
    /** How the recipient is told who sent it: the buyer's name at purchase, else their e-mail. */
    senderName: text('sender_name').notNull(),
    /** Set at fulfilment, once: the account the eSIM went to. */
    recipientClientId: integer('recipient_client_id').references(() => clients.id),
    createdAt: moment('created_at').notNull(),
  },
  (table) => [
    check(
      'gifts_recipient_email_lower_case',
      sql`${table.recipientEmail} = lower(${table.recipientEmail})`,
    ),
    check('gifts_message_short', sql`char_length(${table.message}) <= 300`),
    index('gifts_buyer_idx').on(table.buyerClientId, table.createdAt),
    index('gifts_recipient_idx').on(table.recipientClientId),
  ],
);
