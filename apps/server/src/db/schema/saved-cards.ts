/**
 * Saved cards (issue 32): the gateway's token of a card a buyer chose to save, with what the
 * profile shows of it (scheme, last four digits, expiry). Never a card number: the gateway
 * keeps the card, the shop only its token. One row per account and token.
 */
import { index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { clients } from './accounts';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const savedCards = pgTable(
  'saved_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** The gateway token (sourceOfFunds.token), which later payments name. */
    gatewayToken: text('gateway_token').notNull(),
    /** MASTERCARD, VISA, AMEX… as the gateway names the card's brand. */
    scheme: text('scheme').notNull(),
    last4: text('last4').notNull(),
    /** MMYY, as the gateway gives it. */
    expiry: text('expiry').notNull(),
    createdAt: moment('created_at').notNull(),
  },
  (table) => [
    unique('saved_cards_client_token_unique').on(table.clientId, table.gatewayToken),
    index('saved_cards_client_idx').on(table.clientId),
  ],
);
