/**
 * Reads which countries each region's plans on sale work in: one query joining a region's
 * plans (retired ones left out) to their coverage, one row per region and country.
 */
import { asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { countries, planCoverage, plans, regions } from '../../db/schema';

export interface RegionCountryRow {
  region: string;
  iso: string;
}

/** Every (region, country) pair some plan on sale covers, regions in display order. */
export function listRegionCountries(db: Db): Promise<RegionCountryRow[]> {
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
