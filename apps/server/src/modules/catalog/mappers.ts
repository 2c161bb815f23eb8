/**
 * The one place where catalogue rows become the contract's API shapes (spec field names).
 */
import type { Country, Plan, Region, RoamingCountry } from '@tern/contract';
import { fromCents } from './markup';
import type { CountryRow, ListedPlanRow, PlanGroupRow, RegionRow } from './repository';

export function toCountry(row: CountryRow, favourite: boolean): Country {
  return {
    cou_id: row.id,
    cou_name: row.name,
    cou_region: row.homeRegion,
    cou_iso: row.iso,
    cou_favorit: favourite,
  };
}

export function toRegion(row: RegionRow, coverage: number): Region {
  return { reg_id: row.id, reg_name: row.name, coverage };
}

export function toRoamingCountry(row: CountryRow): RoamingCountry {
  return { plr_iso: row.iso, plr_name: row.name };
}

/** Where a plan is listed: its country, or its region. */
export type PlanListing =
  | { kind: 'country'; country: CountryRow }
  | { kind: 'region'; region: RegionRow };

export function toPlan(
  row: ListedPlanRow,
  group: PlanGroupRow,
  listing: PlanListing,
  coverage: number,
): Plan {
  const place =
    listing.kind === 'country'
      ? {
          plc_region: listing.country.homeRegion,
          plc_id: listing.country.id,
          plc_iso: listing.country.iso,
          plc_name: listing.country.name,
        }
      : {
          plc_region: listing.region.name,
          plc_id: listing.region.id,
          plc_iso: listing.region.name,
          plc_name: listing.region.name,
        };
  return {
    pla_id: row.id,
    pla_name: row.name,
    pla_description: row.description,
    pla_price: fromCents(row.priceCents),
    pla_data_amount: row.dataAmountMb,
    pla_duration: row.durationDays,
    pla_unlimited: row.unlimited,
    pla_autostart: row.autostart,
    pla_image_url: row.imageUrl,
    plg_id: group.id,
    plg_name: group.name,
    plg_pln_id: row.id,
    ...place,
    plc_pln_id: row.id,
    coverage,
  };
}
