/**
 * The ledger module in the app: one ledger service, exposed as `app.ledger` (orders books
 * entries through it, eSIMs reads what each order bought), and the buyer's ledger routes.
 * Bought plans are titled from the catalogue (`app.catalog`).
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
    app.decorate(
      'ledger',
      createLedgerService({
        db: app.database.db,
        seller: app.config.seller,
        catalog: app.catalog,
        onCatalogError: (error) =>
          app.log.warn({ err: error }, 'plan titles fell back to stored descriptions'),
      }),
    );
    await app.register(ledgerRoutes);
  },
  { name: 'ledger', dependencies: ['auth', 'catalog'] },
);
