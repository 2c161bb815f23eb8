/**
 * Reads which countries each region's plans on sale work in: one query joining a region's
 * plans (retired ones left out) to their coverage, one row per region and country, given as
 * one entry per region (GET /api/catalogue/region-coverage, for the landing's search).
 */
import type { RegionCoverage } from '@tern/contract';
import { asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { countries, planCoverage, plans, regions } from '../../db/schema';

interface RegionCountryRow {
  region: string;
  iso: string;
}

/** Every (region, country) pair some plan on sale covers, regions in display order. */
function listRegionCountries(db: Db): Promise<RegionCountryRow[]> {
  return db
    .selectDistinct({
      region: regions.name,
      displayOrder: regions.displayOrder,
      iso: countries.iso,
    })
    .from(plans)
    .innerJoin(regions, eq(regions.id, plans.regionId))
    .innerJoin(planCoverage, eq(planCoverage.planId, plans.id))
    .innerJoin(countries, eq(countries.id, planCoverage.countryId))
    .where(isNull(plans.retiredAt))
    .orderBy(asc(regions.displayOrder), asc(regions.name), asc(countries.iso));
}

/** Each region on sale with the countries its plans cover, regions in display order. */
export async function listRegionCoverage(db: Db): Promise<RegionCoverage[]> {
  return groupByRegion(await listRegionCountries(db));
}

/** Rows come ordered by region, then ISO code: one entry per region, in that order. */
function groupByRegion(rows: readonly RegionCountryRow[]): RegionCoverage[] {
  const byRegion = new Map<string, string[]>();
  for (const { region, iso } of rows) {
    const list = byRegion.get(region);
    if (list) list.push(iso);
    else byRegion.set(region, [iso]);
  }
  return [...byRegion].map(([region, countries]) => ({ region, countries }));
}
