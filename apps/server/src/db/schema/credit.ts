/**
 * Store credit (issue 31): a ledger of its own, one row per credit or debit, never updated or
 * deleted. A buyer's balance is the sum of their rows and never expires; the rows of an order
 * add up to what it holds of the buyer's credit (minus while reserved, zero once given back).
 */
import { creditEntryKinds } from '@tern/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { orders } from './orders';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Who wrote an entry: an operator's grant, or the shop itself (an order, a refund). */
export const creditActors = ['operator', 'system'] as const;

export const creditEntries = pgTable(
  'credit_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** Cents: positive for credit received, negative for credit spent. */
    amountCents: integer('amount_cents').notNull(),
    kind: text('kind', { enum: creditEntryKinds }).notNull(),
    /** Why, in words: the operator's reason for a grant, else what happened. */
    reason: text('reason').notNull(),
    /** The order it was spent on or given back from, when any. */
    orderId: integer('order_id').references(() => orders.id),
    /** That order's reference (the gateway's order id), as the buyer's page names it. */
    orderReference: text('order_reference'),
    at: moment('at').notNull(),
    by: text('by', { enum: creditActors }).notNull(),
    /** The operator's e-mail for a grant; null for the shop's own entries. */
    operator: text('operator'),
  },
  (table) => [
    check('credit_entries_amount_nonzero', sql`${table.amountCents} <> 0`),
    index('credit_entries_client_idx').on(table.clientId, table.at),
    index('credit_entries_order_idx').on(table.orderId),
  ],
);
