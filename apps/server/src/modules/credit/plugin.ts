/**
 * The store credit module in the app (issue 31): its service as `app.credit` (orders reserve
 * and give back credit through it) with the buyer's route, and apart, once the operators'
 * guard and audit log exist, the console's grant.
 */
import fp from 'fastify-plugin';
import { creditConsoleRoutes, creditRoutes } from './routes';
import { type CreditService, createCreditService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    credit: CreditService;
  }
}

export const creditPlugin = fp(
  async (app) => {
    const service = createCreditService({ db: app.database.db, clock: app.clock });
    app.decorate('credit', service);
    await app.register(creditRoutes, { service });
  },
  { name: 'credit', dependencies: ['auth'] },
);

export const creditConsolePlugin = fp(
  async (app) => {
    await app.register(creditConsoleRoutes, { service: app.credit });
  },
  { name: 'credit-console', dependencies: ['credit', 'operators', 'auth'] },
);
