/**
 * The catalog module in the app: one catalogue service per process (one answer cache, one
 * snapshot in memory, one version poller), exposed as `app.catalog` for the orders module and
 * the readiness probe, and its routes, which send the cached answers through Fastify's hooks.
 */
import fp from 'fastify-plugin';
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

export const catalogPlugin = fp(
  async (app) => {
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
    await app.register(catalogRoutes);
    await app.register(regionCoverageRoutes, { service: regionCoverage });
    await app.register(tripRoutes);
  },
  { name: 'catalog' },
);
