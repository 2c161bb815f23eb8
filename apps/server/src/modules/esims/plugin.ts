/**
 * The eSIMs module in the app: one service (and so one usage cache), exposed as `app.esims`
 * for the orders module, its routes under /api and the spec's ledger QR call at the root.
 */
import fp from 'fastify-plugin';
import { diagnosisRoutes } from './diagnosis-routes';
import { esimRoutes } from './routes';
import { createEsimsService, type EsimsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    esims: EsimsService;
  }
}

export const esimsPlugin = fp(
  async (app) => {
    app.decorate(
      'esims',
      createEsimsService({
        db: app.database.db,
        clock: app.clock,
        log: app.log.child({ module: 'esims' }),
        provider: () => app.esimGoClient('interactive'),
        usageCacheMs: app.config.esims.usageCacheMs,
        ledger: app.ledger,
        gifts: app.gifts,
      }),
    );
    await app.register(esimRoutes);
    await app.register(diagnosisRoutes);
  },
  { name: 'esims', dependencies: ['outside-services', 'auth', 'catalog', 'ledger', 'gifts'] },
);
