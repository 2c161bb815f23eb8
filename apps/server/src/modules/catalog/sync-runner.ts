/**
 * Runs the catalogue sync for a listening app (from its configured provider or its own
 * simulator), and loads the catalogue on a first start when the shop has none yet.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { anyPlan } from './repository';
import { type SyncReport, syncCatalogue } from './sync';

export interface RunOptions {
  onProgress?: (loaded: number, total: number) => void;
  /** The operator who asked for the sync, from the console. */
  requestedBy?: string;
}

export function syncAppCatalogue(
  app: FastifyInstance,
  options: RunOptions = {},
): Promise<SyncReport> {
  return syncCatalogue(app.database, app.esimGoClient(), {
    markupPercent: app.config.catalog.markupPercent,
    onProgress: options.onProgress,
    requestedBy: options.requestedBy,
    served: app.catalog,
  });
}

/** Whether the shop has a catalogue to serve: each sync writes it whole, in one transaction. */
export async function hasCatalogue(db: Db): Promise<boolean> {
  return (await anyPlan(db)) !== undefined;
}

/**
 * A first start has an empty catalogue: load it now, saying so on the console. A failure is
 * logged, not thrown: the shop still runs, and `npm run catalog:sync` can be run later.
 */
export async function loadCatalogueIfEmpty(
  app: FastifyInstance,
  print: (line: string) => void = console.log,
): Promise<SyncReport | undefined> {
  if (await hasCatalogue(app.database.db)) return undefined;
  try {
    const report = await syncAppCatalogue(app, {
      onProgress: (loaded, total) => {
        if (loaded >= total) print(`Loading the catalogue… ${total} bundles`);
      },
    });
    if (report.skipped.length > 0) {
      app.log.warn({ skipped: report.skipped }, 'bundles the shop cannot sell were left out');
    }
    print(
      `Catalogue ready: ${report.plans} plans in ${report.countries} countries and ` +
        `${report.regions} regions (${(report.durationMs / 1000).toFixed(1)} s)`,
    );
    return report;
  } catch (error) {
    app.log.error({ err: error }, 'the first catalogue sync failed; run npm run catalog:sync');
    return undefined;
  }
}

/** One line for the operator: what the sync did and how long it took. */
export function describeSync(report: SyncReport): string {
  const seconds = (report.durationMs / 1000).toFixed(1);
  const skipped = report.skipped.length > 0 ? `, ${report.skipped.length} skipped` : '';
  return (
    `Catalogue synced in ${seconds} s: ${report.bundles} bundles -> ${report.plans} plans ` +
    `in ${report.countries} countries and ${report.regions} regions ` +
    `(inserted ${report.inserted}, updated ${report.updated}, retired ${report.retired}, ` +
    `unchanged ${report.unchanged}; ${report.duplicates} duplicates left out${skipped})`
  );
}
