/**
 * The catalogue's figures for the operator's monitoring: the version each instance answers with
 * and when its sync finished, so an instance left behind after a sync (or one that never loaded
 * a catalogue) stands out beside the others.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { CatalogService } from './service';

export function catalogueMetrics(
  registry: Registry,
  catalog: Pick<CatalogService, 'servedVersion' | 'syncedAt'>,
  log: FastifyBaseLogger,
): void {
  new Gauge({
    name: 'tern_catalogue_version',
    help: 'The catalogue version (the id of the sync that made it) this instance answers with; 0 before it has loaded one.',
    registers: [registry],
    collect() {
      this.set(catalog.servedVersion() ?? 0);
    },
  });
  new Gauge({
    name: 'tern_catalogue_synced_timestamp_seconds',
    help: 'When the sync of the catalogue this instance answers with finished, in Unix time; 0 before it has loaded one.',
    registers: [registry],
    async collect() {
      const version = catalog.servedVersion();
      if (version === undefined) {
        this.set(0);
        return;
      }
      try {
        const syncedAt = await catalog.syncedAt(version);
        this.set(syncedAt ? syncedAt.getTime() / 1000 : 0);
      } catch (error) {
        // The database away: the time read last stays, and the rest of the scrape still answers.
        log.warn({ err: error }, 'the catalogue sync time could not be read for the metrics');
      }
    },
  });
}
