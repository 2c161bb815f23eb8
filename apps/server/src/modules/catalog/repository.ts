/**
 * Reads of the catalogue the API serves: what is on sale now (retired plans left out), read
 * in a handful of whole-table queries, since the service keeps the result in memory.
 */
import { asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogSyncs, countries, planCoverage, planGroups, plans, regions } from '../../db/schema';

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

export interface ListedPlanRow {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  dataAmountMb: number;
  durationDays: number;
  unlimited: boolean;
  autostart: boolean;
  imageUrl: string;
  groupId: number;
  countryId: number | null;
  regionId: number | null;
}

export interface CoverageRow {
  planId: number;
  countryId: number;
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

/** Plans on sale: not retired. */
export function listActivePlans(db: Db): Promise<ListedPlanRow[]> {
  return db
    .select({
      id: plans.id,
      name: plans.name,
      description: plans.description,
      priceCents: plans.priceCents,
      dataAmountMb: plans.dataAmountMb,
      durationDays: plans.durationDays,
      unlimited: plans.unlimited,
      autostart: plans.autostart,
      imageUrl: plans.imageUrl,
      groupId: plans.groupId,
      countryId: plans.countryId,
      regionId: plans.regionId,
    })
    .from(plans)
    .where(isNull(plans.retiredAt));
}

/** Coverage of the plans on sale. */
export function listActiveCoverage(db: Db): Promise<CoverageRow[]> {
  return db
    .select({ planId: planCoverage.planId, countryId: planCoverage.countryId })
    .from(planCoverage)
    .innerJoin(plans, eq(plans.id, planCoverage.planId))
    .where(isNull(plans.retiredAt));
}

/** The id of the latest sync; undefined before the first one. A cheap query, polled. */
export async function latestSyncId(db: Db): Promise<number | undefined> {
  const [row] = await db
    .select({ id: catalogSyncs.id })
    .from(catalogSyncs)
    .orderBy(desc(catalogSyncs.id))
    .limit(1);
  return row?.id;
}

/** Any plan at all, retired or not; undefined when the catalogue was never loaded. */
export async function anyPlan(db: Db): Promise<{ id: number } | undefined> {
  const [row] = await db.select({ id: plans.id }).from(plans).limit(1);
  return row;
}
