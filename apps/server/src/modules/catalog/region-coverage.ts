/**
 * The region-coverage answer: for each region on sale, the countries its plans work in.
 * Built once per catalogue version and served as ready JSON with an ETag, like the other
 * catalogue answers (./answer-cache.ts); a sync here drops it at once, another instance's
 * sync is noticed by the same version polling.
 */
import type { RegionCoverage } from '@tern/contract';
import type { Db } from '../../db/client';
import { AnswerCache, type CachedAnswer } from './answer-cache';
import { onCatalogChanged } from './catalog-events';
import { listRegionCountries, type RegionCountryRow } from './region-coverage-repository';
import { catalogueVersion } from './repository';

export interface RegionCoverageServiceOptions {
  /** How often to ask the database whether another instance synced. */
  recheckMs?: number;
  onError(error: unknown): void;
}

export type RegionCoverageService = ReturnType<typeof createRegionCoverageService>;

const DEFAULT_RECHECK_MS = 30_000;

export function createRegionCoverageService(db: Db, options: RegionCoverageServiceOptions) {
  const cache = new AnswerCache<RegionCoverage[]>({
    load: async () => groupByRegion(await listRegionCountries(db)),
    readVersion: () => catalogueVersion(db),
    recheckMs: options.recheckMs ?? DEFAULT_RECHECK_MS,
    onError: options.onError,
  });
  const stopListening = onCatalogChanged(db, () => cache.refresh());
  return {
    /** At once when built already, else a promise of it (./answer-cache.ts). */
    regionCoverage: (): CachedAnswer | Promise<CachedAnswer | undefined> =>
      cache.answer('region-coverage', (coverage) => coverage),
    close: stopListening,
  };
}

/** Rows come ordered by region, then ISO code: one entry per region, in that order. */
export function groupByRegion(rows: readonly RegionCountryRow[]): RegionCoverage[] {
  const byRegion = new Map<string, string[]>();
  for (const { region, iso } of rows) {
    const list = byRegion.get(region);
    if (list) list.push(iso);
    else byRegion.set(region, [iso]);
  }
  return [...byRegion].map(([region, countries]) => ({ region, countries }));
}
