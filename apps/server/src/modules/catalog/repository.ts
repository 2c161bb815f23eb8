/**
 * Reads of the catalogue the API serves: what is on sale now (retired plans left out), read
 * in a handful of whole-table queries, since the service keeps the result in memory; and one
 * plan on sale by name, for pricing an order.
 */
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  type CatalogNetwork,
  catalogSyncs,
  countries,
  planCoverage,
  planGroups,
  plans,
  regions,
} from '../../db/schema';
import { afterPair, readInPages } from './paged-read';

export interface CountryRow {
  id: number;
  iso: string;
  name: string;
  homeRegion: string;
}

export interface RegionRow {
  id: number;
  name: string;
  displayOrder: number;
}

export interface PlanGroupRow {
  id: number;
  name: string;
  displayOrder: number;
}

/** What a plan is and what it costs the buyer, as `planTermColumns` reads it. */
interface PlanTerms {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  /** The allowance, for naming the plan in the shop's words (`planTitle`). */
  dataAmountMb: number;
  durationDays: number;
  unlimited: boolean;
}

export interface ListedPlanRow extends PlanTerms {
  autostart: boolean;
  imageUrl: string;
  groupId: number;
  countryId: number | null;
  regionId: number | null;
  speeds: string[];
  fairUseDailyMb: number | null;
  fairUseReducedKbps: number | null;
}

export interface CoverageRow {
  planId: number;
  countryId: number;
  networks: CatalogNetwork[];
}

export function listCountries(db: Db): Promise<CountryRow[]> {
  return db
    .select({
      id: countries.id,
      iso: countries.iso,
      name: countries.name,
      homeRegion: countries.homeRegion,
    })
    .from(countries);
}

export function listRegions(db: Db): Promise<RegionRow[]> {
  return db
    .select({ id: regions.id, name: regions.name, displayOrder: regions.displayOrder })
    .from(regions)
    .orderBy(asc(regions.displayOrder));
}

export function listPlanGroups(db: Db): Promise<PlanGroupRow[]> {
  return db
    .select({ id: planGroups.id, name: planGroups.name, displayOrder: planGroups.displayOrder })
    .from(planGroups)
    .orderBy(asc(planGroups.displayOrder));
}

/** What a plan is and what it costs the buyer: read wherever a plan is. */
const planTermColumns = {
  id: plans.id,
  name: plans.name,
  description: plans.description,
  priceCents: plans.priceCents,
  dataAmountMb: plans.dataAmountMb,
  durationDays: plans.durationDays,
  unlimited: plans.unlimited,
};

/** A plan's columns as the API lists it (`ListedPlanRow`); the sync reads them too. */
export const listedPlanColumns = {
  ...planTermColumns,
  autostart: plans.autostart,
  imageUrl: plans.imageUrl,
  groupId: plans.groupId,
  countryId: plans.countryId,
  regionId: plans.regionId,
  speeds: plans.speeds,
  fairUseDailyMb: plans.fairUseDailyMb,
  fairUseReducedKbps: plans.fairUseReducedKbps,
};

/** Plans on sale: not retired. Read in pages (./paged-read.ts). */
export function listActivePlans(db: Db): Promise<ListedPlanRow[]> {
  return readInPages(
    (after: number | undefined, limit) =>
      db
        .select(listedPlanColumns)
        .from(plans)
        .where(and(isNull(plans.retiredAt), after === undefined ? undefined : gt(plans.id, after)))
        .orderBy(asc(plans.id))
        .limit(limit),
    (row) => row.id,
  );
}

/** Coverage of the plans on sale, with the networks each uses in each country; in pages. */
export function listActiveCoverage(db: Db): Promise<CoverageRow[]> {
  return readCoverage(db, 'on sale');
}

/**
 * Coverage rows in pages, of the plans on sale or of every plan, retired ones too (what the
 * sync compares with); the join to plans is made only when it is needed.
 */
export function readCoverage(db: Db, ofPlans: 'on sale' | 'all'): Promise<CoverageRow[]> {
  const key = [planCoverage.planId, planCoverage.countryId] as [PgColumn, PgColumn];
  const onSale = ofPlans === 'on sale';
  return readInPages(
    (after: readonly [number, number] | undefined, limit) => {
      const query = db
        .select({
          planId: planCoverage.planId,
          countryId: planCoverage.countryId,
          networks: planCoverage.networks,
        })
        .from(planCoverage)
        .$dynamic();
      const joined = onSale ? query.innerJoin(plans, eq(plans.id, planCoverage.planId)) : query;
      return joined
        .where(and(onSale ? isNull(plans.retiredAt) : undefined, afterPair(key, after)))
        .orderBy(asc(planCoverage.planId), asc(planCoverage.countryId))
        .limit(limit);
    },
    (row) => [row.planId, row.countryId] as const,
  );
}

/**
 * The catalogue's version: the id of the latest sync that changed it; undefined before the
 * first one. A cheap query, polled. A sync that found nothing new leaves it as it was, so no
 * instance reloads answers that would come out the same.
 */
export async function catalogueVersion(db: Db): Promise<number | undefined> {
  const [row] = await db
    .select({ id: catalogSyncs.id })
    .from(catalogSyncs)
    .where(eq(catalogSyncs.changed, true))
    .orderBy(desc(catalogSyncs.id))
    .limit(1);
  return row?.id;
}

/** When the sync that made this catalogue version finished; undefined for an unknown version. */
export async function syncFinishedAt(db: Db, version: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ finishedAt: catalogSyncs.finishedAt })
    .from(catalogSyncs)
    .where(eq(catalogSyncs.id, version));
  return row?.finishedAt;
}

/** Any plan at all, retired or not; undefined when the catalogue was never loaded. */
export async function anyPlan(db: Db): Promise<{ id: number } | undefined> {
  const [row] = await db.select({ id: plans.id }).from(plans).limit(1);
  return row;
}

export interface PlanForSale extends PlanTerms {
  /** What one costs the shop at eSIM Go, in cents of the catalogue's currency. */
  providerPriceCents: number;
  /** The country's ISO code, or the region's name. */
  destinationIso: string;
  destinationName: string;
}

/** A plan on sale (not retired) by its name, with where it is listed. */
export async function findPlanForSale(db: Db, name: string): Promise<PlanForSale | undefined> {
  const [row] = await db
    .select({
      ...planTermColumns,
      providerPriceCents: plans.providerPriceCents,
      countryIso: countries.iso,
      countryName: countries.name,
      regionName: regions.name,
    })
    .from(plans)
    .leftJoin(countries, eq(countries.id, plans.countryId))
    .leftJoin(regions, eq(regions.id, plans.regionId))
    .where(and(eq(plans.name, name), isNull(plans.retiredAt)));
  if (!row) return undefined;
  const { countryIso, countryName, regionName, ...terms } = row;
  const destinationIso = countryIso ?? regionName;
  const destinationName = countryName ?? regionName;
  if (!destinationIso || !destinationName) return undefined;
  return { ...terms, destinationIso, destinationName };
}
