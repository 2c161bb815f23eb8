/**
 * The refunds module in the app: the self-service refund of an eSIM never installed, exposed as
 * `app.refunds` (its context is the tests' handle on the clock and the outside systems), and
 * its route. It reaches eSIMs, the ledger, orders and client accounts through their services.
 */
import fp from 'fastify-plugin';
import { refundRoutes } from './routes';
import { createRefundsService, type RefundsDependencies, type RefundsService } from './service';

export interface RefundsModule {
  context: RefundsDependencies;
  service: RefundsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    refunds: RefundsModule;
  }
}

export const refundsPlugin = fp(
  async (app) => {
    const context: RefundsDependencies = {
      db: app.database.db,
      clock: app.clock,
      log: app.log.child({ module: 'refunds' }),
      mailer: app.mailer,
      brandName: app.config.brandName,
      provider: () => app.esimGoClient('interactive'),
      esims: app.esims,
      ledger: app.ledger,
      orders: app.orders.refunds,
      clients: app.auth,
    };
    // The service reads the context at each call, so a test may swap the clock or a client.
    app.decorate('refunds', { context, service: createRefundsService(context) });
    await app.register(refundRoutes);
  },
  { name: 'refunds', dependencies: ['outside-services', 'auth', 'ledger', 'esims', 'orders'] },
);
