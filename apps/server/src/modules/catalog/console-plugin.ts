/**
 * The catalogue's part of the operators' console (issue 30), as `app.catalogueConsole`: its
 * syncs, a sync now and the markup, behind the operators' guard and audit log. Apart from the
 * catalog plugin, which the shop needs before any operator exists.
 */
import fp from 'fastify-plugin';
import { type CatalogueConsole, createCatalogueConsole } from './console';
import { catalogueConsoleRoutes } from './console-routes';

declare module 'fastify' {
  interface FastifyInstance {
    catalogueConsole: CatalogueConsole;
  }
}

export const catalogueConsolePlugin = fp(
  async (app) => {
    const catalogueConsole = createCatalogueConsole({
      db: app.database.db,
      clock: app.clock,
      configuredPercent: app.config.catalog.markupPercent,
      served: app.catalog,
    });
    app.decorate('catalogueConsole', catalogueConsole);
    await app.register(catalogueConsoleRoutes, { console: catalogueConsole });
  },
  { name: 'catalogue-console', dependencies: ['catalog', 'outside-services', 'operators'] },
);
