/**
 * What the catalogue API answers. The catalogue on sale is read into memory once per
 * version (a snapshot), and each answer is built from it once and served as ready JSON.
 */
import {
  type Country,
  excludedCountryNames,
  type Plan,
  type Region,
  type RoamingCountry,
  type TripQuery,
} from '@tern/contract';
import type { Db } from '../../db/client';
import type { CatalogNetwork } from '../../db/schema';
import { turnsBetweenSlices } from '../../lib/event-loop-turns';
import { AnswerCache, type CachedAnswer } from './answer-cache';
import { onCatalogChanged } from './catalog-events';
import { type CountryCoverage, countryCoverage } from './country-coverage';
import { type PlanListing, toCountry, toPlan, toRegion, toRoamingCountry } from './mappers';
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
} from './repository';
import { hasCatalogue } from './sync-runner';
import { TripAnswers } from './trip-answers';

export type { CachedAnswer, CountryCoverage, PlanForSale };

export interface CatalogSnapshot {
  /** Countries with plans of their own, by name; without regions or Netherlands Antilles. */
  countries: Country[];
  regions: Region[];
  groups: string[];
  countryIdByIso: Map<string, number>;
  plansByCountryId: Map<number, Plan[]>;
  /** Keyed by lower-case name, so "europe+" finds Europe+. */
  regionIdByName: Map<string, number>;
  plansByRegionId: Map<number, Plan[]>;
  roamingByPlanId: Map<number, RoamingCountry[]>;
  /** Every listed plan's id by its provider name, the name an eSIM's bundle carries. */
  planIdByName: Map<string, number>;
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
  const cache = new AnswerCache<CatalogSnapshot>({
    load: () => loadSnapshot(db, favourites),
    readVersion: () => catalogueVersion(db),
    recheckMs: options.recheckMs ?? DEFAULT_RECHECK_MS,
    onError: options.onError,
  });
  const stopListening = onCatalogChanged(db, () => cache.refresh());
  // An answer built already comes at once, not in a promise: the routes send it synchronously.
  const answer = (key: string, build: (snapshot: CatalogSnapshot) => unknown | undefined) =>
    cache.answer(key, build);
  const trips = new TripAnswers();

  return {
    countries: () => answer('countries', (s) => s.countries),
    favourites: () => answer('favourites', (s) => s.countries.filter((c) => c.cou_favorit)),
    regions: () => answer('regions', (s) => s.regions),
    groups: () => answer('groups', (s) => s.groups),
    globalPlans: () =>
      answer(
        'global',
        (s) => plansOf(s.plansByRegionId, s.regionIdByName.get(GLOBAL_REGION)) ?? [],
      ),
    plansForCountryId: (id: number) =>
      answer(`country:${id}`, (s) => plansOf(s.plansByCountryId, id)),
    plansForCountryIso: (iso: string) =>
      answer(`iso:${iso}`, (s) => plansOf(s.plansByCountryId, s.countryIdByIso.get(iso))),
    plansForRegionId: (id: number) => answer(`region:${id}`, (s) => plansOf(s.plansByRegionId, id)),
    plansForRegionName: (name: string) => {
      const key = name.toLowerCase();
      return answer(`region-name:${key}`, (s) =>
        plansOf(s.plansByRegionId, s.regionIdByName.get(key)),
      );
    },
    roamingCountries: (planId: number) =>
      answer(`roaming:${planId}`, (s) => s.roamingByPlanId.get(planId)),
    /** Whether an eSIM's bundles work in a country, and that country's plans (issue 26). */
    countryCoverage: async (bundleNames: readonly string[], iso: string) =>
      countryCoverage(await cache.snapshot(), bundleNames, iso),
    /** The trip planner's cheapest ways to cover several countries (issue 17). */
    tripPlan: async (query: TripQuery) => trips.answer(await cache.snapshot(), query),
    /** A plan on sale by name, at the shop's price: what an order is priced from. */
    planForSale: (name: string): Promise<PlanForSale | undefined> => findPlanForSale(db, name),
    /** Whether there is a catalogue to serve yet (the readiness probe asks). */
    hasCatalogue: () => hasCatalogue(db),
    close: stopListening,
  };
}

function plansOf(byId: Map<number, Plan[]>, id: number | undefined): Plan[] | undefined {
  return id === undefined ? undefined : byId.get(id);
}

async function loadSnapshot(db: Db, favourites: ReadonlySet<string>): Promise<CatalogSnapshot> {
  const [countryRows, regionRows, groupRows, planRows, coverageRows] = await Promise.all([
    listCountries(db),
    listRegions(db),
    listPlanGroups(db),
    listActivePlans(db),
    listActiveCoverage(db),
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
  return {
    countries: listedCountries.map((row) => toCountry(row, favourites.has(row.iso))),
    regions: listedRegions.map((row) =>
      toRegion(row, regionCoverage(plansByRegionId, row.id, coverageByPlan)),
    ),
    groups: groupRows.map((row) => row.name),
    countryIdByIso: new Map(listedCountries.map((row) => [row.iso, row.id])),
    plansByCountryId: new Map(
      listedCountries.map((row) => [row.id, plansByCountryId.get(row.id) ?? []]),
    ),
    regionIdByName: new Map(listedRegions.map((row) => [row.name.toLowerCase(), row.id])),
    plansByRegionId,
    roamingByPlanId: await roamingByPlan(plans, coverageByPlan),
    planIdByName: new Map(plans.map(({ plan }) => [plan.pla_name, plan.pla_id])),
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
function regionCoverage(
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
