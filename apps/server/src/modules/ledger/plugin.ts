/**
 * The ledger module in the app: one ledger service, exposed as `app.ledger` (orders books
 * entries through it, eSIMs reads what each order bought), and the buyer's ledger routes.
 */
import fp from 'fastify-plugin';
import { ledgerRoutes } from './routes';
import { createLedgerService, type LedgerService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    ledger: LedgerService;
  }
}

export const ledgerPlugin = fp(
  async (app) => {
    app.decorate('ledger', createLedgerService({ db: app.database.db, seller: app.config.seller }));
    await app.register(ledgerRoutes);
  },
  { name: 'ledger', dependencies: ['auth'] },
);
