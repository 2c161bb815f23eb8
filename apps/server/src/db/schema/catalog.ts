/**
 * The shop's catalogue, filled from the provider's by the catalogue sync: destinations
 * (countries, regions), plan groups, plans and the countries each plan works in, with what a
 * plan tells before buying (networks, speeds, fair use; decision 0015).
 * Plans are retired, never deleted: orders and eSIMs keep pointing at what was sold.
 */

/** A network a plan uses in a country, as the provider names it (brand: what a phone shows). */
export interface CatalogNetwork {
  name: string;
  brandName?: string;
  /** "4G", "5G"… */
  speeds: string[];
}

import { markupRoundings } from '@tern/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const countries = pgTable('countries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** ISO 3166-1 alpha-2, upper case. */
  iso: varchar('iso', { length: 2 }).notNull().unique(),
  name: text('name').notNull(),
  /** The continental region the provider files the country under (Europe, Middle East…). */
  homeRegion: text('home_region').notNull(),
  ...timestamps,
});

export const regions = pgTable('regions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** One of the spec's ten region names (contract `regionNames`). */
  name: text('name').notNull().unique(),
  displayOrder: integer('display_order').notNull(),
  ...timestamps,
});

export const planGroups = pgTable('plan_groups', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** One of the shop's groups (contract `planGroupOrder`). */
  name: text('name').notNull().unique(),
  displayOrder: integer('display_order').notNull(),
  ...timestamps,
});

export const plans = pgTable(
  'plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The provider's bundle name: what an order names. */
    name: text('name').notNull().unique(),
    description: text('description').notNull(),
    /** The provider's group as it sent it ("Standard Fixed"…), kept for support questions. */
    providerGroup: text('provider_group').notNull(),
    groupId: integer('group_id')
      .notNull()
      .references(() => planGroups.id),
    /** Where the plan is listed: exactly one of a country or a region. */
    countryId: integer('country_id').references(() => countries.id),
    regionId: integer('region_id').references(() => regions.id),
    /** MB; -1 for unlimited. */
    dataAmountMb: integer('data_amount_mb').notNull(),
    durationDays: integer('duration_days').notNull(),
    unlimited: boolean('unlimited').notNull(),
    autostart: boolean('autostart').notNull(),
    imageUrl: text('image_url').notNull(),
    /** What the provider charges us, in US cents. */
    providerPriceCents: integer('provider_price_cents').notNull(),
    /** What the buyer pays, in US cents (VAT and stamps included). */
    priceCents: integer('price_cents').notNull(),
    /** The speeds the provider lists for the bundle ("4G", "5G"); empty when it does not say. */
    speeds: jsonb('speeds').$type<string[]>().notNull().default([]),
    /** Unlimited plans: full-speed MB a day, then this speed (kbit/s); null when none is known. */
    fairUseDailyMb: integer('fair_use_daily_mb'),
    fairUseReducedKbps: integer('fair_use_reduced_kbps'),
    ...timestamps,
    /** Set when the provider stopped offering the bundle; cleared if it comes back. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'plans_one_destination',
      sql`(${table.countryId} is null) <> (${table.regionId} is null)`,
    ),
    check('plans_price_covers_cost', sql`${table.priceCents} >= ${table.providerPriceCents}`),
    check(
      'plans_fair_use_whole',
      sql`(${table.fairUseDailyMb} is null) = (${table.fairUseReducedKbps} is null)`,
    ),
    index('plans_country_idx').on(table.countryId),
    index('plans_region_idx').on(table.regionId),
  ],
);

/** The countries a plan works in (roaming countries); one row for a country plan. */
export const planCoverage = pgTable(
  'plan_coverage',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    /** The networks the plan uses in this country; empty when the provider does not say. */
    networks: jsonb('networks').$type<CatalogNetwork[]>().notNull().default([]),
  },
  (table) => [primaryKey({ columns: [table.planId, table.countryId] })],
);

export const catalogSyncKinds = ['sync', 'markup'] as const;

/**
 * One row per sync run: what it changed. The latest row that changed something is the
 * catalogue's version, which the answer caches of every instance poll for.
 */
export const catalogSyncs = pgTable('catalog_syncs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  bundles: integer('bundles').notNull(),
  inserted: integer('inserted').notNull(),
  updated: integer('updated').notNull(),
  retired: integer('retired').notNull(),
  unchanged: integer('unchanged').notNull(),
  /** Whether it wrote anything the catalogue's answers are made from (plans, coverage, countries). */
  changed: boolean('changed').notNull().default(true),
  /**
   * sync: the provider's catalogue read again; markup: every price set again by a markup an
   * operator saved (a new catalogue version too, so every instance's answers follow it).
   */
  kind: text('kind', { enum: catalogSyncKinds }).notNull().default('sync'),
  /** Null on rows written before the console kept them. */
  startedAt: timestamp('started_at', { withTimezone: true }),
  durationMs: integer('duration_ms'),
  /** Plans whose shop price changed; they are counted in `updated` too. */
  priceChanged: integer('price_changed').notNull().default(0),
  /** The operator who asked for it; null when the shop did (start-up, npm run catalog:sync). */
  requestedBy: text('requested_by'),
});

/**
 * The shop's settings of its catalogue, one row (id 1): the markup an operator saved, which
 * overrides CATALOG_MARKUP_PERCENT for every instance and outlives a restart, and the lease of
 * the sync running now, so a second sync asked for on any instance is refused while it runs.
 */
export const catalogSettings = pgTable(
  'catalog_settings',
  {
    id: integer('id').primaryKey(),
    markupPercent: doublePrecision('markup_percent'),
    markupRounding: text('markup_rounding', { enum: markupRoundings }),
    markupSavedAt: timestamp('markup_saved_at', { withTimezone: true }),
    markupSavedBy: text('markup_saved_by'),
    /** Set while a sync runs; a crashed sync's lease ends by itself at this time. */
    syncLeaseUntil: timestamp('sync_lease_until', { withTimezone: true }),
  },
  (table) => [
    check('catalog_settings_one_row', sql`${table.id} = 1`),
    check(
      'catalog_settings_markup_whole',
      sql`(${table.markupPercent} is null) = (${table.markupRounding} is null)`,
    ),
  ],
);
