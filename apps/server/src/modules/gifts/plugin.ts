/**
 * The gifts module in the app (issue 31), as `app.gifts`: the orders module checks and records a
 * gift when a payment opens and finds its recipient at fulfilment, the eSIMs module names the
 * sender on the recipient's card, and the buyer's profile lists the gifts sent.
 */
import fp from 'fastify-plugin';
import { giftRoutes } from './routes';
import { createGiftsService, type GiftsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    gifts: GiftsService;
  }
}

export const giftsPlugin = fp(
  async (app) => {
    const gifts = createGiftsService({
      db: app.database.db,
      clock: app.clock,
      log: app.log.child({ module: 'gifts' }),
      provider: () => app.esimGoClient('interactive'),
      clients: app.auth,
      ledger: app.ledger,
    });
    app.decorate('gifts', gifts);
    await app.register(giftRoutes, { gifts });
  },
  // Before the eSIMs and orders modules, which use it.
  { name: 'gifts', dependencies: ['outside-services', 'auth', 'ledger'] },
);
