/**
 * The promo codes module in the app (issue 31), as `app.promoCodes`: the orders module quotes
 * and redeems codes when a payment opens, the operators create them.
 */
import fp from 'fastify-plugin';
import { promoCodeRoutes } from './routes';
import { createPromoCodes, type PromoCodes } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    promoCodes: PromoCodes;
  }
}

export const promoCodesPlugin = fp(
  async (app) => {
    const promoCodes = createPromoCodes({ db: app.database.db, clock: app.clock });
    app.decorate('promoCodes', promoCodes);
    await app.register(promoCodeRoutes, { promoCodes });
  },
  // Before the orders module, which quotes and redeems codes; the routes reach the operators'
  // guard and audit log at request time.
  { name: 'promo-codes', dependencies: ['auth', 'catalog'] },
);
