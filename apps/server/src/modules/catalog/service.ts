/**
 * What the catalogue API answers, as data: the catalogue on sale is read into memory once per
 * version (a snapshot), and each answer is a part of it, the same object until the next
 * version (the HTTP layer keeps its bytes by that object, plugins/answer-cache.ts).
 */
import {
  type Country,
  excludedCountryNames,
  type LookalikeList,
  lookalikesOf,
  type Plan,
  type Region,
  type RegionCoverage,
  type RoamingCountry,
  type TripAnswer,
  type TripQuery,
} from '@tern/contract';
import type { Db } from '../../db/client';
import type { CatalogNetwork } from '../../db/schema';
import { turnsBetweenSlices } from '../../lib/event-loop-turns';
import { type CountryCoverage, countryCoverage } from './country-coverage';
import { type PlanListing, toCountry, toPlan, toRegion, toRoamingCountry } from './mappers';
import { listRegionCoverage } from './region-coverage-repository';
import {
  type CountryRow,
  catalogueVersion,
  findPlanForSale,
  type ListedPlanRow,
  listActiveCoverage,
  listActivePlans,
  listCountries,
  listPlanGroups,
  listRegions,
  type PlanForSale,
  type PlanGroupRow,
  syncFinishedAt,
} from './repository';
import { type Ready, SnapshotCache } from './snapshot-cache';
import { hasCatalogue } from './sync-runner';
import { TripAnswers } from './trip-answers';

export type { CountryCoverage, PlanForSale, Ready };

export interface CatalogSnapshot {
  /** Countries with plans of their own, by name; without regions or Netherlands Antilles. */
  countries: Country[];
  favourites: Country[];
  regions: Region[];
  groups: string[];
  globalPlans: Plan[];
  countryIdByIso: Map<string, number>;
  plansByCountryId: Map<number, Plan[]>;
  /** Keyed by lower-case name, so "europe+" finds Europe+. */
  regionIdByName: Map<string, number>;
  plansByRegionId: Map<number, Plan[]>;
  roamingByPlanId: Map<number, RoamingCountry[]>;
  /** Every listed plan's id by its provider name, the name an eSIM's bundle carries. */
  planIdByName: Map<string, number>;
  /** Each region on sale with the countries its plans cover. */
  regionCoverage: RegionCoverage[];
  /**
   * Each listed country's look-alikes on sale (issue 31), from the contract's table: only
   * countries with plans of their own, so the order summary's switch always finds plans.
   */
  lookalikesByIso: Map<string, LookalikeList>;
}

export interface CatalogServiceOptions {
  favourites: readonly string[];
  /** How often to ask the database whether another instance synced. */
  recheckMs?: number;
  onError(error: unknown): void;
}

export type CatalogService = ReturnType<typeof createCatalogService>;

const DEFAULT_RECHECK_MS = 30_000;
const GLOBAL_REGION = 'global';

export function createCatalogService(db: Db, options: CatalogServiceOptions) {
  const favourites = new Set(options.favourites);
  const cache = new SnapshotCache<CatalogSnapshot>({
    load: () => loadSnapshot(db, favourites),
    readVersion: () => catalogueVersion(db),
    recheckMs: options.recheckMs ?? DEFAULT_RECHECK_MS,
    onError: options.onError,
  });
  // Read at once from a loaded snapshot, not in a promise: the routes send it synchronously.
  const read = <T>(pick: (snapshot: CatalogSnapshot) => T): Ready<T> => cache.read(pick);
  const trips = new TripAnswers();

  return {
    countries: () => read((s) => s.countries),
    favourites: () => read((s) => s.favourites),
    regions: () => read((s) => s.regions),
    groups: () => read((s) => s.groups),
    globalPlans: () => read((s) => s.globalPlans),
    plansForCountryId: (id: number) => read((s) => s.plansByCountryId.get(id)),
    plansForCountryIso: (iso: string) =>
      read((s) => plansOf(s.plansByCountryId, s.countryIdByIso.get(iso))),
    plansForRegionId: (id: number) => read((s) => s.plansByRegionId.get(id)),
    plansForRegionName: (name: string) =>
      read((s) => plansOf(s.plansByRegionId, s.regionIdByName.get(name.toLowerCase()))),
    roamingCountries: (planId: number) => read((s) => s.roamingByPlanId.get(planId)),
    regionCoverage: () => read((s) => s.regionCoverage),
    /** The countries on sale a traveller buying `iso` may have meant; undefined if not listed. */
    lookalikes: (iso: string) => read((s) => s.lookalikesByIso.get(iso)),
    /** Whether an eSIM's bundles work in a country, and that country's plans (issue 26). */
    countryCoverage: async (bundleNames: readonly string[], iso: string) =>
      countryCoverage(await cache.current(), bundleNames, iso),
    /** The trip planner's cheapest ways to cover several countries (issue 17). */
    tripPlan: async (query: TripQuery): Promise<TripAnswer> =>
      trips.answer(await cache.current(), query),
    /** A plan on sale by name, at the shop's price: what an order is priced from. */
    planForSale: (name: string): Promise<PlanForSale | undefined> => findPlanForSale(db, name),
    /**
     * The version (the sync that made it) of the catalogue this instance answers with;
     * undefined until its first answer loads one.
     */
    servedVersion: (): number | undefined => cache.servedVersion(),
    /** When the sync that made a catalogue version finished. */
    syncedAt: (version: number): Promise<Date | undefined> => syncFinishedAt(db, version),
    /** Whether there is a catalogue to serve yet (the readiness probe asks). */
    hasCatalogue: () => hasCatalogue(db),
    /**
     * Loads the catalogue's new version, which answers once this resolves: what a sync in this
     * process calls after changing the catalogue (./sync.ts).
     */
    refresh: () => cache.refresh(),
  };
}

function plansOf(byId: Map<number, Plan[]>, id: number | undefined): Plan[] | undefined {
  return id === undefined ? undefined : byId.get(id);
}

async function loadSnapshot(db: Db, favourites: ReadonlySet<string>): Promise<CatalogSnapshot> {
  const [countryRows, regionRows, groupRows, planRows, coverageRows, regionCoverage] =
    await Promise.all([
      listCountries(db),
      listRegions(db),
      listPlanGroups(db),
      listActivePlans(db),
      listActiveCoverage(db),
      listRegionCoverage(db),
    ]);
  const countryById = new Map(countryRows.map((row) => [row.id, row]));
  const coverageByPlan = new Map<number, CoveredCountry[]>();
  for (const { planId, countryId, networks } of coverageRows) {
    const country = countryById.get(countryId);
    if (!country) continue;
    const list = coverageByPlan.get(planId);
    if (list) list.push({ country, networks });
    else coverageByPlan.set(planId, [{ country, networks }]);
  }
  const plans = await listedPlans(planRows, groupRows, countryById, regionRows, coverageByPlan);
  const plansByCountryId = groupPlans(plans, 'country');
  const plansByRegionId = groupPlans(plans, 'region');
  const listedCountries = countryRows
    .filter((row) => plansByCountryId.has(row.id) && !excludedCountryNames.includes(row.name))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const listedRegions = regionRows.filter((row) => plansByRegionId.has(row.id));
  const countries = listedCountries.map((row) => toCountry(row, favourites.has(row.iso)));
  const regionIdByName = new Map(listedRegions.map((row) => [row.name.toLowerCase(), row.id]));
  const listedIsos = new Set(listedCountries.map((row) => row.iso));
  return {
    countries,
    favourites: countries.filter((country) => country.cou_favorit),
    regions: listedRegions.map((row) =>
      toRegion(row, countriesCovered(plansByRegionId, row.id, coverageByPlan)),
    ),
    groups: groupRows.map((row) => row.name),
    globalPlans: plansOf(plansByRegionId, regionIdByName.get(GLOBAL_REGION)) ?? [],
    countryIdByIso: new Map(listedCountries.map((row) => [row.iso, row.id])),
    plansByCountryId: new Map(
      listedCountries.map((row) => [row.id, plansByCountryId.get(row.id) ?? []]),
    ),
    regionIdByName,
    plansByRegionId,
    roamingByPlanId: await roamingByPlan(plans, coverageByPlan),
    planIdByName: new Map(plans.map(({ plan }) => [plan.pla_name, plan.pla_id])),
    regionCoverage,
    lookalikesByIso: new Map(
      [...listedIsos].map((iso) => [
        iso,
        lookalikesOf(iso).filter((other) => listedIsos.has(other)),
      ]),
    ),
  };
}

/** Each plan's countries by name, with turns for the event loop (lib/event-loop-turns.ts). */
async function roamingByPlan(
  plans: readonly ListedPlan[],
  coverageByPlan: Map<number, CoveredCountry[]>,
): Promise<Map<number, RoamingCountry[]>> {
  const byPlan = new Map<number, RoamingCountry[]>();
  const takeTurn = turnsBetweenSlices();
  for (const { plan } of plans) {
    await takeTurn();
    byPlan.set(
      plan.pla_id,
      (coverageByPlan.get(plan.pla_id) ?? [])
        .map(({ country, networks }) => toRoamingCountry(country, networks))
        .sort((a, b) => a.plr_name.localeCompare(b.plr_name, 'en')),
    );
  }
  return byPlan;
}

interface ListedPlan {
  plan: Plan;
  listing: PlanListing;
  groupOrder: number;
}

/** A country a plan works in, with the networks it uses there. */
interface CoveredCountry {
  country: CountryRow;
  networks: CatalogNetwork[];
}

/** The plans as the API lists them, with turns for the event loop: 4,000 took ~250 ms at once. */
async function listedPlans(
  rows: readonly ListedPlanRow[],
  groups: readonly PlanGroupRow[],
  countryById: Map<number, CountryRow>,
  regions: readonly { id: number; name: string; displayOrder: number }[],
  coverageByPlan: Map<number, CoveredCountry[]>,
): Promise<ListedPlan[]> {
  const groupById = new Map(groups.map((group) => [group.id, group]));
  const regionById = new Map(regions.map((region) => [region.id, region]));
  const listed: ListedPlan[] = [];
  const takeTurn = turnsBetweenSlices();
  for (const row of rows) {
    await takeTurn();
    const group = groupById.get(row.groupId);
    const listing = listingOf(row, countryById, regionById);
    if (!group || !listing) continue;
    const covered = coverageByPlan.get(row.id) ?? [];
    const home = listing.kind === 'country' ? listing.country.id : undefined;
    const networks = covered.find(({ country }) => country.id === home)?.networks ?? [];
    listed.push({
      plan: toPlan(row, group, listing, covered.length, networks),
      listing,
      groupOrder: group.displayOrder,
    });
  }
  return listed.sort(byGroupThenPrice);
}

function listingOf(
  row: ListedPlanRow,
  countryById: Map<number, CountryRow>,
  regionById: Map<number, { id: number; name: string; displayOrder: number }>,
): PlanListing | undefined {
  const country = row.countryId === null ? undefined : countryById.get(row.countryId);
  if (country) return { kind: 'country', country };
  const region = row.regionId === null ? undefined : regionById.get(row.regionId);
  return region ? { kind: 'region', region } : undefined;
}

// Spec section 9: groups in display order; within a group the cheapest first.
function byGroupThenPrice(a: ListedPlan, b: ListedPlan): number {
  return (
    a.groupOrder - b.groupOrder ||
    a.plan.pla_price - b.plan.pla_price ||
    a.plan.pla_duration - b.plan.pla_duration ||
    a.plan.pla_data_amount - b.plan.pla_data_amount ||
    a.plan.pla_id - b.plan.pla_id
  );
}

function groupPlans(plans: readonly ListedPlan[], kind: PlanListing['kind']): Map<number, Plan[]> {
  const byId = new Map<number, Plan[]>();
  for (const { plan, listing } of plans) {
    if (listing.kind !== kind) continue;
    const id = listing.kind === 'country' ? listing.country.id : listing.region.id;
    const list = byId.get(id);
    if (list) list.push(plan);
    else byId.set(id, [plan]);
  }
  return byId;
}

/** How many distinct countries a region's plans cover together. */
function countriesCovered(
  plansByRegionId: Map<number, Plan[]>,
  regionId: number,
  coverageByPlan: Map<number, CoveredCountry[]>,
): number {
  const isos = new Set<string>();
  for (const plan of plansByRegionId.get(regionId) ?? []) {
    for (const { country } of coverageByPlan.get(plan.pla_id) ?? []) isos.add(country.iso);
  }
  return isos.size;
}
