/**
 * Writes of the catalogue sync, each one batched statement (or a few) however many rows:
 * the sync runs them inside its single transaction, so they all take that as `tx`.
 */
import type { Markup } from '@tern/contract';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../db/client';
import {
  catalogSettings,
  catalogSyncs,
  countries,
  planCoverage,
  planGroups,
  plans,
  regions,
} from '../../db/schema';
import { readInPages } from './paged-read';
import { type CountryRow, type CoverageRow, listedPlanColumns } from './repository';

// Rows per statement: large enough to need few round trips, small enough to keep memory flat.
const PLAN_BATCH = 2000;
const PAIR_BATCH = 10_000;
// Any constant, the same in every instance: two syncs at once would only repeat work.
const CATALOG_SYNC_LOCK = 74_281_911;

/** A plan's columns as the sync writes them: all but its id and bookkeeping. */
export type PlanValues = Omit<
  typeof plans.$inferSelect,
  'id' | 'retiredAt' | 'createdAt' | 'updatedAt'
>;

export type StoredPlan = PlanValues & Pick<typeof plans.$inferSelect, 'id' | 'retiredAt'>;

export interface SyncCounts {
  bundles: number;
  inserted: number;
  updated: number;
  retired: number;
  unchanged: number;
  /** Plans whose shop price changed (counted in `updated` too). */
  priceChanged: number;
}

/** What a catalog_syncs row says besides its counts. */
export interface SyncFacts {
  kind: (typeof catalogSyncs.$inferInsert)['kind'];
  startedAt: Date;
  durationMs: number;
  requestedBy: string | null;
}

const SETTINGS_ROW = 1;

/** The settings row exists from the first call on; every setting in it starts unset. */
async function ensureSettingsRow(db: Db): Promise<void> {
  await db.insert(catalogSettings).values({ id: SETTINGS_ROW }).onConflictDoNothing();
}

/**
 * Takes the sync lease unless a live one is held; returns when it ends, the proof of holding
 * it, or undefined when another sync holds it.
 */
export async function claimSyncLease(
  db: Db,
  now: Date,
  leaseMs: number,
): Promise<Date | undefined> {
  await ensureSettingsRow(db);
  const until = new Date(now.getTime() + leaseMs);
  const [row] = await db
    .update(catalogSettings)
    .set({ syncLeaseUntil: until })
    .where(
      and(
        eq(catalogSettings.id, SETTINGS_ROW),
        or(isNull(catalogSettings.syncLeaseUntil), lt(catalogSettings.syncLeaseUntil, now)),
      ),
    )
    .returning({ until: catalogSettings.syncLeaseUntil });
  return row?.until ?? undefined;
}

/** Ends the lease this sync holds (one taken over after it ran out is left to its holder). */
export async function releaseSyncLease(db: Db, heldUntil: Date): Promise<void> {
  await db
    .update(catalogSettings)
    .set({ syncLeaseUntil: null })
    .where(
      and(eq(catalogSettings.id, SETTINGS_ROW), eq(catalogSettings.syncLeaseUntil, heldUntil)),
    );
}

/** Whether a sync holds a live lease now, on any instance. */
export async function syncRunning(db: Db, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ until: catalogSettings.syncLeaseUntil })
    .from(catalogSettings)
    .where(eq(catalogSettings.id, SETTINGS_ROW));
  return row?.until != null && row.until.getTime() > now.getTime();
}

export interface SavedMarkup extends Markup {
  savedAt: Date;
  savedBy: string;
}

/** The markup an operator saved; undefined while the configured one is in force. */
export async function findSavedMarkup(db: Db): Promise<SavedMarkup | undefined> {
  const [row] = await db
    .select({
      percent: catalogSettings.markupPercent,
      rounding: catalogSettings.markupRounding,
      savedAt: catalogSettings.markupSavedAt,
      savedBy: catalogSettings.markupSavedBy,
    })
    .from(catalogSettings)
    .where(eq(catalogSettings.id, SETTINGS_ROW));
  if (!row || row.percent === null || row.rounding === null) return undefined;
  return {
    percent: row.percent,
    rounding: row.rounding,
    savedAt: row.savedAt ?? new Date(0),
    savedBy: row.savedBy ?? '',
  };
}

/** The markup prices are made with: the saved one, else the configured percent and x.99. */
export async function markupInForce(db: Db, configuredPercent: number): Promise<Markup> {
  const saved = await findSavedMarkup(db);
  return saved
    ? { percent: saved.percent, rounding: saved.rounding }
    : { percent: configuredPercent, rounding: 'ninety-nine' };
}

export async function saveMarkup(
  tx: Db,
  markup: Markup,
  savedBy: string,
  now: Date,
): Promise<void> {
  await ensureSettingsRow(tx);
  await tx
    .update(catalogSettings)
    .set({
      markupPercent: markup.percent,
      markupRounding: markup.rounding,
      markupSavedAt: now,
      markupSavedBy: savedBy,
    })
    .where(eq(catalogSettings.id, SETTINGS_ROW));
}

/** Serialises syncs across instances until the transaction ends. */
export async function lockCatalogue(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CATALOG_SYNC_LOCK})`);
}

export async function upsertCountries(
  tx: Db,
  rows: readonly Omit<CountryRow, 'id'>[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(countries)
    .values(rows.map((row) => ({ ...row, updatedAt: now })))
    .onConflictDoUpdate({
      target: countries.iso,
      set: {
        name: excluded(countries.name),
        homeRegion: excluded(countries.homeRegion),
        updatedAt: now,
      },
    });
}

/** Makes the regions exist in this order; returns every region's id by name. */
export async function ensureRegions(tx: Db, names: readonly string[], now: Date) {
  await tx
    .insert(regions)
    .values(names.map((name, index) => ({ name, displayOrder: index, updatedAt: now })))
    .onConflictDoUpdate({
      target: regions.name,
      set: { displayOrder: excluded(regions.displayOrder), updatedAt: now },
      setWhere: sql`${regions.displayOrder} <> ${excluded(regions.displayOrder)}`,
    });
  const rows = await tx.select({ id: regions.id, name: regions.name }).from(regions);
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** Makes the plan groups exist in this display order; returns every group's id by name. */
export async function ensurePlanGroups(tx: Db, names: readonly string[], now: Date) {
  await tx
    .insert(planGroups)
    .values(names.map((name, index) => ({ name, displayOrder: index, updatedAt: now })))
    .onConflictDoUpdate({
      target: planGroups.name,
      set: { displayOrder: excluded(planGroups.displayOrder), updatedAt: now },
      setWhere: sql`${planGroups.displayOrder} <> ${excluded(planGroups.displayOrder)}`,
    });
  const rows = await tx.select({ id: planGroups.id, name: planGroups.name }).from(planGroups);
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** Every plan row, retired ones too; read in pages (./paged-read.ts). */
export function loadPlans(tx: Db): Promise<StoredPlan[]> {
  return readInPages(
    (after: number | undefined, limit) =>
      tx
        .select({
          ...listedPlanColumns,
          providerGroup: plans.providerGroup,
          providerPriceCents: plans.providerPriceCents,
          retiredAt: plans.retiredAt,
        })
        .from(plans)
        .where(after === undefined ? undefined : gt(plans.id, after))
        .orderBy(asc(plans.id))
        .limit(limit),
    (row) => row.id,
  );
}

/**
 * Inserts new plans and rewrites changed ones (un-retiring them); returns their ids by name.
 * Rows travel as one array per column through `unnest`: a dozen bound parameters instead of
 * one per cell, which is what makes a full first sync fast on PGlite.
 */
export async function upsertPlans(
  tx: Db,
  rows: readonly PlanValues[],
  now: Date,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const batch of chunks(rows, PLAN_BATCH)) {
    const column = <K extends keyof PlanValues>(key: K) => sql.param(batch.map((row) => row[key]));
    // An array per row cannot go in a Postgres array (they must be rectangular): JSON text can.
    const speeds = sql.param(batch.map((row) => JSON.stringify(row.speeds)));
    const result = await tx.execute(sql`
      insert into ${plans} (
        name, description, provider_group, group_id, country_id, region_id, data_amount_mb,
        duration_days, unlimited, autostart, image_url, provider_price_cents, price_cents,
        speeds, fair_use_daily_mb, fair_use_reduced_kbps, updated_at, retired_at
      )
      select source.*, ${now.toISOString()}::timestamptz, null::timestamptz
      from unnest(
        ${column('name')}::text[], ${column('description')}::text[],
        ${column('providerGroup')}::text[], ${column('groupId')}::int[],
        ${column('countryId')}::int[], ${column('regionId')}::int[],
        ${column('dataAmountMb')}::int[], ${column('durationDays')}::int[],
        ${column('unlimited')}::bool[], ${column('autostart')}::bool[],
        ${column('imageUrl')}::text[], ${column('providerPriceCents')}::int[],
        ${column('priceCents')}::int[], ${speeds}::jsonb[], ${column('fairUseDailyMb')}::int[],
        ${column('fairUseReducedKbps')}::int[]
      ) as source
      on conflict (name) do update set
        description = excluded.description,
        provider_group = excluded.provider_group,
        group_id = excluded.group_id,
        country_id = excluded.country_id,
        region_id = excluded.region_id,
        data_amount_mb = excluded.data_amount_mb,
        duration_days = excluded.duration_days,
        unlimited = excluded.unlimited,
        autostart = excluded.autostart,
        image_url = excluded.image_url,
        provider_price_cents = excluded.provider_price_cents,
        price_cents = excluded.price_cents,
        speeds = excluded.speeds,
        fair_use_daily_mb = excluded.fair_use_daily_mb,
        fair_use_reduced_kbps = excluded.fair_use_reduced_kbps,
        updated_at = excluded.updated_at,
        retired_at = null
      returning id, name`);
    for (const row of writtenPlans.parse(result).rows) ids.set(row.name, row.id);
  }
  return ids;
}

// node-postgres and PGlite both answer raw queries with `rows`.
const writtenPlans = z.object({
  rows: z.array(z.object({ id: z.coerce.number(), name: z.string() })),
});

export async function retirePlans(tx: Db, ids: readonly number[], now: Date): Promise<void> {
  for (const batch of chunks(ids, PAIR_BATCH)) {
    await tx.update(plans).set({ retiredAt: now, updatedAt: now }).where(inArray(plans.id, batch));
  }
}

/** Gives each of these plans exactly the coverage listed for it. */
export async function replaceCoverage(
  tx: Db,
  planIds: readonly number[],
  pairs: readonly CoverageRow[],
): Promise<void> {
  for (const batch of chunks(planIds, PAIR_BATCH)) {
    await tx.delete(planCoverage).where(inArray(planCoverage.planId, batch));
  }
  for (const batch of chunks(pairs, PAIR_BATCH)) {
    await tx.execute(sql`
      insert into ${planCoverage} (plan_id, country_id, networks)
      select * from unnest(
        ${sql.param(batch.map((pair) => pair.planId))}::int[],
        ${sql.param(batch.map((pair) => pair.countryId))}::int[],
        ${sql.param(batch.map((pair) => JSON.stringify(pair.networks)))}::jsonb[]
      )`);
  }
}

export async function recordSync(
  tx: Db,
  record: Omit<SyncCounts, 'bundles'> & { bundles: number } & SyncFacts,
  changed: boolean,
  now: Date,
): Promise<void> {
  await tx.insert(catalogSyncs).values({ ...record, changed, finishedAt: now });
}

/** The value the conflicting insert proposed for this column. */
function excluded(column: PgColumn) {
  return sql.raw(`excluded."${column.name}"`);
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}
