/**
 * The catalog module in the app: one catalogue service per process (one snapshot in memory,
 * one version poller), exposed as `app.catalog` for the orders module, the readiness probe and
 * the sync (which tells it to refresh), and its routes, which send its data through the app's
 * answer cache (plugins/answer-cache.ts) and so through Fastify's hooks.
 */
import fp from 'fastify-plugin';
import { catalogueMetrics } from './metrics';
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
    catalogueMetrics(app.metrics.registry, catalog, app.log);
    await app.register(catalogRoutes);
    await app.register(regionCoverageRoutes);
    await app.register(tripRoutes);
  },
  { name: 'catalog', dependencies: ['metrics', 'answer-cache'] },
);
