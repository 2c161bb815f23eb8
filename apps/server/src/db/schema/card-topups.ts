/**
 * Paying again with a saved card (issue 32). A one-tap top-up whose card the bank wants to
 * check keeps the gateway's 3-D Secure page until the payer opens it. An automatic top-up is
 * one row per eSIM (the buyer's standing instruction, with the gateway agreement it was set up
 * under); each automatic purchase is a run, unique per bundle, so however many readings,
 * instances or restarts, one bundle running low buys one top-up, and the month's runs are
 * counted under the row's lock against its cap. A stop link is a random token kept hashed,
 * used once.
 */
import { index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { orders } from './orders';
import { savedCards } from './saved-cards';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The gateway's 3-D Secure redirect page of a one-tap top-up, shown once the browser asks. */
export const cardPaymentChallenges = pgTable('card_payment_challenges', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id),
  /** The gateway's authentication.redirect.html: a form to the bank's check. */
  redirectHtml: text('redirect_html').notNull(),
  createdAt: moment('created_at').notNull(),
});

export const autoTopups = pgTable(
  'auto_topups',
  {
    iccid: text('iccid').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** Removing the card stops the automatic top-up with it. */
    savedCardId: integer('saved_card_id')
      .notNull()
      .references(() => savedCards.id, { onDelete: 'cascade' }),
    planName: text('plan_name').notNull(),
    whenPercentLeft: integer('when_percent_left').notNull(),
    maxPerMonth: integer('max_per_month').notNull(),
    /** agreement.id at the gateway, set up by a cardholder-initiated Verify at opt-in. */
    agreementId: text('agreement_id').notNull(),
    createdAt: moment('created_at').notNull(),
    updatedAt: moment('updated_at').notNull(),
  },
  (table) => [index('auto_topups_card_idx').on(table.savedCardId)],
);

export const autoTopupRuns = pgTable(
  'auto_topup_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    iccid: text('iccid').notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** The bundle assignment that ran low (alerts' bundle key): one purchase per bundle. */
    bundleKey: text('bundle_key').notNull(),
    /** The calendar month (UTC) the cap counts it in: YYYY-MM. */
    month: text('month').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    agreementId: text('agreement_id').notNull(),
    /** The receipt (or the decline's notice) went out. */
    mailedAt: moment('mailed_at'),
    createdAt: moment('created_at').notNull(),
  },
  (table) => [
    unique('auto_topup_runs_bundle_unique').on(table.iccid, table.bundleKey),
    index('auto_topup_runs_month_idx').on(table.iccid, table.month),
    index('auto_topup_runs_order_idx').on(table.orderId),
  ],
);

export const autoTopupStopLinks = pgTable('auto_topup_stop_links', {
  /** sha256 of the link's token: the database never holds a usable link. */
  tokenHash: text('token_hash').primaryKey(),
  iccid: text('iccid').notNull(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  createdAt: moment('created_at').notNull(),
  usedAt: moment('used_at'),
});
