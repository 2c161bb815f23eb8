/**
 * The catalog module in the app: one catalogue service per process (one answer cache, one
 * snapshot in memory, one version poller), exposed as `app.catalog` for the orders module and
 * the readiness probe, its routes, and the fast path that answers repeated GETs from it.
 */
import fp from 'fastify-plugin';
import type { CatalogFastPath } from './fast-path';
import { createRegionCoverageService } from './region-coverage';
import { regionCoverageRoutes } from './region-coverage-routes';
import { catalogRoutes } from './routes';
import { type CatalogService, createCatalogService } from './service';
import { tripRoutes } from './trip-routes';

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogService;
  }
}

export interface CatalogPluginOptions {
  /** Answers URLs the routes have answered before, until the next sync. */
  fastPath: CatalogFastPath;
}

export const catalogPlugin = fp<CatalogPluginOptions>(
  async (app, { fastPath }) => {
    const catalog = createCatalogService(app.database.db, {
      favourites: app.config.catalog.favourites,
      onError: (error) => app.log.warn({ err: error }, 'catalogue version check failed'),
    });
    app.decorate('catalog', catalog);
    app.addHook('onClose', async () => catalog.close());
    const regionCoverage = createRegionCoverageService(app.database.db, {
      onError: (error) => app.log.warn({ err: error }, 'catalogue version check failed'),
    });
    app.addHook('onClose', async () => regionCoverage.close());
    // The fast path answers before Fastify's hooks, the host redirect among them: a shop that
    // sends visitors to its public host serves every answer through Fastify (issue 27 removes it).
    if (!app.config.redirectToPublicHost) fastPath.connect([catalog, regionCoverage], app.log);
    app.addHook('preClose', async () => fastPath.disconnect());
    await app.register(catalogRoutes);
    await app.register(regionCoverageRoutes, { service: regionCoverage });
    await app.register(tripRoutes);
  },
  { name: 'catalog' },
);
