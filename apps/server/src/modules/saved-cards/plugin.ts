/** The saved cards module in the app (issue 32): its service as `app.savedCards`, and routes. */
import fp from 'fastify-plugin';
import { savedCardRoutes } from './routes';
import { createSavedCardsService, type SavedCardsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    savedCards: SavedCardsService;
  }
}

export const savedCardsPlugin = fp(
  async (app) => {
    const service = createSavedCardsService({
      db: app.database.db,
      clock: app.clock,
      log: app.log.child({ module: 'saved-cards' }),
      gateway: () => app.gatewayClient(),
    });
    app.decorate('savedCards', service);
    await app.register(savedCardRoutes, { service });
  },
  { name: 'saved-cards', dependencies: ['auth'] },
);
