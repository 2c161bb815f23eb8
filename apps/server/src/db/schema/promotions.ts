/**
 * Promo codes (issue 31) and the orders that hold one. The limits are the database's to keep,
 * so two buyers racing for a code's last use, or one buyer in two tabs, cannot both have it:
 * `uses` only grows by a conditional update that stops at `max_uses`, and an account holds a
 * code in one live redemption at most (a partial unique index). A cancelled, unpaid order
 * releases its redemption, and the use comes back.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { orders } from './orders';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Upper case, as normalisePromoCode gives it. */
    code: text('code').notNull().unique(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    startsAt: moment('starts_at').notNull(),
    endsAt: moment('ends_at').notNull(),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    minPriceCents: integer('min_price_cents').notNull().default(0),
    /** Country ISO codes or region names; empty for every destination. */
    destinations: jsonb('destinations').$type<string[]>().notNull().default([]),
    createdBy: text('created_by').notNull(),
    createdAt: moment('created_at').notNull(),
  },
  (table) => [
    check(
      'promo_codes_one_kind',
      sql`(${table.percentOff} is null) <> (${table.amountOffCents} is null)`,
    ),
    check(
      'promo_codes_uses_bounded',
      sql`${table.uses} >= 0 and ${table.uses} <= ${table.maxUses}`,
    ),
  ],
);

export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    discountCents: integer('discount_cents').notNull(),
    redeemedAt: moment('redeemed_at').notNull(),
    /** Set when the order was cancelled unpaid: the code is the account's to use again. */
    releasedAt: moment('released_at'),
  },
  (table) => [
    uniqueIndex('promo_redemptions_once_per_account')
      .on(table.promoCodeId, table.clientId)
      .where(sql`${table.releasedAt} is null`),
    index('promo_redemptions_code_idx').on(table.promoCodeId),
  ],
);
