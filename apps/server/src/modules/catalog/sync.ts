/**
 * The catalogue sync: reads the provider's whole catalogue first, then makes the shop's
 * tables match it in one transaction (a failure leaves the previous catalogue whole).
 * Only differences are written, so a second run changes nothing; plans the provider no
 * longer offers are retired, never deleted, and come back if the provider does.
 */
import { CURRENCY, type Markup, planGroupOrder, regionNames } from '@tern/contract';
import type { Database, Db } from '../../db/client';
import { turnsBetweenSlices } from '../../lib/event-loop-turns';
import {
  buildCatalogueInTurns,
  type DesiredCatalogue,
  type DesiredPlan,
  type SkippedBundle,
  type SourceBundle,
} from './catalogue-builder';
import { markedUpCents } from './markup';
import { type CountryRow, type CoverageRow, listCountries, readCoverage } from './repository';
import {
  claimSyncLease,
  ensurePlanGroups,
  ensureRegions,
  loadPlans,
  lockCatalogue,
  markupInForce,
  type PlanValues,
  recordSync,
  releaseSyncLease,
  replaceCoverage,
  retirePlans,
  type StoredPlan,
  type SyncCounts,
  upsertCountries,
  upsertPlans,
} from './sync-repository';

/** Where bundles come from: the eSIM Go client, or a stand-in list in tests. */
export interface BundleSource {
  listCatalogue(options?: {
    onProgress?: (loaded: number, total: number) => void;
  }): Promise<readonly SourceBundle[]>;
  /**
   * The organisation whose currency the prices are in ("Bundle price in the organisation
   * currency"); a source without one (a fixed list) prices in the shop's currency.
   */
  getOrganisation?(): Promise<{ currency: string }>;
}

/** The catalogue an app serves from memory, told to load a sync's new version. */
export interface ServedCatalogue {
  refresh(): Promise<void>;
}

export interface SyncOptions {
  /**
   * CATALOG_MARKUP_PERCENT, rounded up to x.99: the markup unless an operator saved one, which
   * the sync reads under the catalogue's lock and prices with instead.
   */
  markupPercent: number;
  /** The operator who asked for this sync; undefined when the shop did. */
  requestedBy?: string | undefined;
  /** How long another sync is refused while this one runs, should this process die mid-way. */
  leaseMs?: number;
  /**
   * The app's catalogue (`app.catalog`), refreshed before the sync returns; undefined where no
   * app in this process serves one. Other instances notice the sync by polling its version.
   */
  served: ServedCatalogue | undefined;
  /** Told after each page the provider sends. */
  onProgress?: (loaded: number, total: number) => void;
}

export interface SyncReport extends SyncCounts {
  /** Bundles left out because a cheaper bundle of the same offer exists. */
  duplicates: number;
  skipped: SkippedBundle[];
  /** Plans on sale after the sync. */
  plans: number;
  countries: number;
  regions: number;
  durationMs: number;
}

export class CatalogSyncError extends Error {
  override name = 'CatalogSyncError';
}

/** Another sync (here or on another instance) holds the lease: this one did not start. */
export class SyncAlreadyRunning extends CatalogSyncError {
  override name = 'SyncAlreadyRunning';
  constructor() {
    super('A catalogue sync is running already; nothing was changed');
  }
}

/** Longer than any sync takes (4,000 bundles read and written in under a minute). */
const SYNC_LEASE_MS = 15 * 60_000;

export async function syncCatalogue(
  database: Database,
  source: BundleSource,
  options: SyncOptions,
): Promise<SyncReport> {
  const startedAt = performance.now();
  const started = new Date();
  const { db } = database;
  // One sync at a time across instances, refused rather than queued: the second would only
  // read the same catalogue again. The lease ends with the sync, or by itself after a crash.
  const lease = await claimSyncLease(db, started, options.leaseMs ?? SYNC_LEASE_MS);
  if (!lease) throw new SyncAlreadyRunning();
  try {
    return await syncHoldingLease(database, source, options, { started, startedAt });
  } finally {
    // A release that fails must not hide why the sync failed: the lease runs out by itself.
    await releaseSyncLease(db, lease).catch(() => undefined);
  }
}

async function syncHoldingLease(
  database: Database,
  source: BundleSource,
  options: SyncOptions,
  { started, startedAt }: { started: Date; startedAt: number },
): Promise<SyncReport> {
  await requireShopCurrency(source);
  const bundles = await source.listCatalogue({ onProgress: options.onProgress });
  if (bundles.length === 0) {
    // Retiring the whole shop because the provider answered nothing would be worse than waiting.
    throw new CatalogSyncError('The provider sent an empty catalogue; nothing was changed');
  }
  const built = await buildCatalogueInTurns(bundles, options.markupPercent);
  const { changed, ...counts } = await database.db.transaction(async (tx) => {
    await lockCatalogue(tx);
    // Read under the lock a markup save takes too: a markup saved during the provider's read
    // is the one these prices are made with.
    const desired = pricedWith(built, await markupInForce(tx, options.markupPercent));
    const now = new Date();
    return writeCatalogue(tx, desired, bundles.length, now, {
      startedAt: started,
      durationMs: Math.round(performance.now() - startedAt),
      requestedBy: options.requestedBy ?? null,
    });
  });
  // The answers of the new catalogue are in place when the sync returns. A sync that found
  // nothing new (most scheduled ones) leaves the answers as they are: rebuilding 4,000 plans'
  // answers to the same bytes cost the catalogue's p99 during every sync (docs/performance.md).
  if (changed) await options.served?.refresh();
  return {
    ...counts,
    duplicates: built.duplicates.length,
    skipped: built.skipped,
    plans: built.plans.length,
    ...countDestinations(built.plans),
    durationMs: Math.round(performance.now() - startedAt),
  };
}

/**
 * eSIM Go gives each bundle's price "in the organisation currency", while every price the shop
 * shows and charges is in its own (contract CURRENCY): a catalogue in another currency would
 * be sold at the wrong prices, so the sync stops before reading it.
 */
async function requireShopCurrency(source: BundleSource): Promise<void> {
  if (!source.getOrganisation) return;
  const { currency } = await source.getOrganisation();
  if (currency !== CURRENCY) {
    throw new CatalogSyncError(
      `eSIM Go prices this account's catalogue in ${currency} and the shop sells in ${CURRENCY}; ` +
        `nothing was changed (set the eSIM Go organisation's currency to ${CURRENCY})`,
    );
  }
}

/** The catalogue with every plan priced by this markup. */
function pricedWith(desired: DesiredCatalogue, markup: Markup): DesiredCatalogue {
  return {
    ...desired,
    plans: desired.plans.map((plan) => ({
      ...plan,
      priceCents: markedUpCents(plan.providerPriceCents, markup),
    })),
  };
}

interface SyncRecord {
  startedAt: Date;
  durationMs: number;
  requestedBy: string | null;
}

async function writeCatalogue(
  tx: Db,
  desired: DesiredCatalogue,
  bundleCount: number,
  now: Date,
  record: SyncRecord,
): Promise<SyncCounts & { changed: boolean }> {
  const countries = await syncCountries(tx, desired, now);
  const ids: Ids = {
    countryIds: countries.ids,
    regionIds: await ensureRegions(tx, regionNames, now),
    groupIds: await ensurePlanGroups(tx, planGroupOrder, now),
  };
  const stored = new Map((await loadPlans(tx)).map((plan) => [plan.name, plan]));
  const storedCoverage = groupCoverage(await readCoverage(tx, 'all'));
  const changes = await planChanges(desired.plans, stored, storedCoverage, ids);

  const writtenIds = await upsertPlans(tx, changes.toWrite, now);
  await retirePlans(tx, changes.retiring, now);
  await writeCoverage(
    tx,
    changes.coverageOf,
    (name) => writtenIds.get(name) ?? stored.get(name)?.id,
  );
  const counts = { bundles: bundleCount, ...changes.counts };
  const { inserted, updated, retired } = changes.counts;
  const changed = countries.changed > 0 || inserted + updated + retired > 0;
  await recordSync(tx, { ...counts, kind: 'sync', ...record }, changed, now);
  return { ...counts, changed };
}

/** A country a plan works in, by id, with the networks it uses there. */
type CoverageEntry = Omit<CoverageRow, 'planId'>;

interface PlanChanges {
  /** New plans, and plans whose row changed or that come back from retirement. */
  toWrite: PlanValues[];
  /** The coverage of each plan whose coverage (or a network in it) is new or changed. */
  coverageOf: Map<string, CoverageEntry[]>;
  /** Ids of plans on sale that the provider no longer offers. */
  retiring: number[];
  counts: Omit<SyncCounts, 'bundles'>;
}

/**
 * What differs between the plans wanted and the plans stored: the only rows to write.
 * Comparing 4,000 plans took about 250 ms: the event loop gets a turn every page of plans.
 */
async function planChanges(
  wanted: readonly DesiredPlan[],
  stored: ReadonlyMap<string, StoredPlan>,
  storedCoverage: ReadonlyMap<number, CoverageEntry[]>,
  ids: Ids,
): Promise<PlanChanges> {
  const changes: PlanChanges = {
    toWrite: [],
    coverageOf: new Map(),
    retiring: [],
    counts: { inserted: 0, updated: 0, retired: 0, unchanged: 0, priceChanged: 0 },
  };
  const takeTurn = turnsBetweenSlices();
  for (const plan of wanted) {
    await takeTurn();
    const values = planValues(plan, ids);
    const coverage = plan.coverage
      .map((iso) => ({
        countryId: idOf(ids.countryIds, iso),
        networks: plan.networksByIso[iso] ?? [],
      }))
      .sort((a, b) => a.countryId - b.countryId);
    const previous = stored.get(plan.name);
    const rowChanged = !previous || previous.retiredAt !== null || !samePlan(previous, values);
    const coverageChanged = !previous || !sameCoverage(storedCoverage.get(previous.id), coverage);
    if (rowChanged) changes.toWrite.push(values);
    if (coverageChanged) changes.coverageOf.set(plan.name, coverage);
    if (previous && previous.priceCents !== values.priceCents) changes.counts.priceChanged += 1;
    if (!previous) changes.counts.inserted += 1;
    else if (rowChanged || coverageChanged) changes.counts.updated += 1;
    else changes.counts.unchanged += 1;
  }
  const offered = new Set(wanted.map((plan) => plan.name));
  for (const plan of stored.values()) {
    if (plan.retiredAt === null && !offered.has(plan.name)) changes.retiring.push(plan.id);
  }
  changes.counts.retired = changes.retiring.length;
  return changes;
}

/** Writes new and changed countries; returns every country's id by ISO code, and how many changed. */
async function syncCountries(
  tx: Db,
  desired: DesiredCatalogue,
  now: Date,
): Promise<{ ids: Map<string, number>; changed: number }> {
  const before = new Map((await listCountries(tx)).map((row) => [row.iso, row]));
  const changed = desired.countries.filter((country) => {
    const known = before.get(country.iso);
    return !known || known.name !== country.name || known.homeRegion !== country.homeRegion;
  });
  await upsertCountries(tx, changed, now);
  const after: CountryRow[] = changed.length > 0 ? await listCountries(tx) : [...before.values()];
  return { ids: new Map(after.map((row) => [row.iso, row.id])), changed: changed.length };
}

async function writeCoverage(
  tx: Db,
  coverageOf: Map<string, CoverageEntry[]>,
  planIdOf: (name: string) => number | undefined,
): Promise<void> {
  const planIds: number[] = [];
  const pairs: CoverageRow[] = [];
  for (const [name, coverage] of coverageOf) {
    const planId = planIdOf(name);
    if (planId === undefined) throw new CatalogSyncError(`Plan ${name} was not written`);
    planIds.push(planId);
    for (const entry of coverage) pairs.push({ planId, ...entry });
  }
  await replaceCoverage(tx, planIds, pairs);
}

interface Ids {
  countryIds: Map<string, number>;
  regionIds: Map<string, number>;
  groupIds: Map<string, number>;
}

function planValues(plan: DesiredPlan, ids: Ids): PlanValues {
  const { destination } = plan;
  return {
    name: plan.name,
    description: plan.description,
    providerGroup: plan.providerGroup,
    groupId: idOf(ids.groupIds, plan.group),
    countryId: destination.kind === 'country' ? idOf(ids.countryIds, destination.iso) : null,
    regionId: destination.kind === 'region' ? idOf(ids.regionIds, destination.name) : null,
    dataAmountMb: plan.dataAmountMb,
    durationDays: plan.durationDays,
    unlimited: plan.unlimited,
    autostart: plan.autostart,
    imageUrl: plan.imageUrl,
    providerPriceCents: plan.providerPriceCents,
    priceCents: plan.priceCents,
    speeds: plan.speeds,
    fairUseDailyMb: plan.fairUse?.dailyFullSpeedMb ?? null,
    fairUseReducedKbps: plan.fairUse?.reducedSpeedKbps ?? null,
  };
}

const comparedFields = [
  'description',
  'providerGroup',
  'groupId',
  'countryId',
  'regionId',
  'dataAmountMb',
  'durationDays',
  'unlimited',
  'autostart',
  'imageUrl',
  'providerPriceCents',
  'priceCents',
  'fairUseDailyMb',
  'fairUseReducedKbps',
] as const satisfies readonly (keyof PlanValues)[];

function samePlan(stored: StoredPlan, values: PlanValues): boolean {
  return (
    comparedFields.every((field) => stored[field] === values[field]) &&
    stored.speeds.join('|') === values.speeds.join('|')
  );
}

function sameCoverage(
  stored: readonly CoverageEntry[] | undefined,
  wanted: readonly CoverageEntry[],
): boolean {
  return (
    stored !== undefined &&
    stored.length === wanted.length &&
    stored.every(
      (entry, index) =>
        entry.countryId === wanted[index]?.countryId &&
        networksKey(entry.networks) === networksKey(wanted[index]?.networks ?? []),
    )
  );
}

// jsonb keeps no key order, so networks compare by their values, never as JSON text.
function networksKey(networks: CoverageEntry['networks']): string {
  return networks
    .map((network) => [network.name, network.brandName ?? '', network.speeds.join(',')].join('|'))
    .join(';');
}

/** Each plan's coverage, sorted by country id, for comparing with what the provider sends now. */
function groupCoverage(rows: readonly CoverageRow[]) {
  const byPlan = new Map<number, CoverageEntry[]>();
  for (const { planId, ...entry } of rows) {
    const list = byPlan.get(planId);
    if (list) list.push(entry);
    else byPlan.set(planId, [entry]);
  }
  for (const list of byPlan.values()) list.sort((a, b) => a.countryId - b.countryId);
  return byPlan;
}

function idOf(ids: Map<string, number>, key: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new CatalogSyncError(`No id for ${key}`);
  return id;
}

/** How many countries and regions have plans of their own. */
function countDestinations(plans: readonly DesiredPlan[]): { countries: number; regions: number } {
  const countries = new Set<string>();
  const regions = new Set<string>();
  for (const { destination } of plans) {
    if (destination.kind === 'country') countries.add(destination.iso);
    else regions.add(destination.name);
  }
  return { countries: countries.size, regions: regions.size };
}
