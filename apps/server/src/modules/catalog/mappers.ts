/**
 * The one place where catalogue rows become the contract's API shapes (spec field names).
 */
import {
  type Country,
  type FairUse,
  type Plan,
  type PlanNetwork,
  planTitle,
  type Region,
  type RoamingCountry,
} from '@tern/contract';
import type { CatalogNetwork } from '../../db/schema';
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

export function toRoamingCountry(row: CountryRow, networks: CatalogNetwork[]): RoamingCountry {
  return { plr_iso: row.iso, plr_name: row.name, plr_networks: networks.map(toPlanNetwork) };
}

/** A network by the name a phone shows: its brand when the provider gives one. */
export function toPlanNetwork(network: CatalogNetwork): PlanNetwork {
  return { name: network.brandName ?? network.name, speeds: network.speeds };
}

/** Where a plan is listed: its country, or its region. */
export type PlanListing =
  | { kind: 'country'; country: CountryRow }
  | { kind: 'region'; region: RegionRow };

/**
 * `coverage` counts the plan's countries; `networks` are those it uses in its own country
 * (none for a regional plan: its coverage answer lists them per country).
 */
export function toPlan(
  row: ListedPlanRow,
  group: PlanGroupRow,
  listing: PlanListing,
  coverage: number,
  networks: CatalogNetwork[],
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
    pla_title: planTitle({
      dataMb: row.dataAmountMb,
      unlimited: row.unlimited,
      durationDays: row.durationDays,
    }),
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
    pla_speeds: row.speeds,
    pla_networks: listing.kind === 'country' ? networks.map(toPlanNetwork) : [],
    pla_fair_use: fairUseOf(row),
  };
}

function fairUseOf(row: ListedPlanRow): FairUse | null {
  if (!row.unlimited || row.fairUseDailyMb === null || row.fairUseReducedKbps === null) {
    return null;
  }
  return { daily_full_speed_mb: row.fairUseDailyMb, reduced_speed_kbps: row.fairUseReducedKbps };
}
