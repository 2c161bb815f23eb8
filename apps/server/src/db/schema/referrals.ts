/**
 * Referrals (issue 31): each account's share code, who signed up through whose code, the
 * devices an account signed in from, and the card each paid order was paid with (as the
 * gateway shows it, never a card number). A friend is referred once (unique), and a referral
 * is decided once: its `outcome` is written by one conditional update.
 */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { orders } from './orders';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const referralCodes = pgTable('referral_codes', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => clients.id),
  code: text('code').notNull().unique(),
  createdAt: moment('created_at').notNull(),
});

export const referrals = pgTable(
  'referrals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referrerClientId: integer('referrer_client_id')
      .notNull()
      .references(() => clients.id),
    friendClientId: integer('friend_client_id')
      .notNull()
      .unique()
      .references(() => clients.id),
    createdAt: moment('created_at').notNull(),
    /** The friend's first captured order, once there is one. */
    orderId: integer('order_id').references(() => orders.id),
    /** 'rewarded', or why not (ReferralRefusal); null until the first order is captured. */
    outcome: text('outcome'),
    decidedAt: moment('decided_at'),
  },
  (table) => [index('referrals_referrer_idx').on(table.referrerClientId, table.decidedAt)],
);

/** A hash of the device id the web app keeps in its storage, per account that used it. */
export const clientDevices = pgTable(
  'client_devices',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: moment('first_seen_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.clientId, table.deviceHash] }),
    index('client_devices_device_idx').on(table.deviceHash),
  ],
);

/**
 * The card an order was paid with, as a hash of what the gateway's Retrieve Order shows of it
 * (scheme, masked number, expiry): enough to see the same card twice, nothing to pay with.
 */
export const orderCards = pgTable(
  'order_cards',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    cardHash: text('card_hash').notNull(),
    recordedAt: moment('recorded_at').notNull(),
  },
  (table) => [index('order_cards_card_idx').on(table.cardHash)],
);
