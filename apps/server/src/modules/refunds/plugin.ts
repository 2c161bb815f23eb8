/**
 * The refunds module in the app: the self-service refund of an eSIM never installed, exposed as
 * `app.refunds` (its context is the tests' handle on the outside systems), its route, and the
 * background round that carries on refunds whose last attempt failed (it starts once the app
 * listens, as the orders' worker does). It reaches eSIMs, the ledger, orders and client
 * accounts through their services.
 */
import fp from 'fastify-plugin';
import { newWorkerId } from '../../jobs/engine';
import { type BackgroundRounds, repeatInBackground } from '../../lib/background-rounds';
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

export interface RefundsPluginOptions {
  /** Carry on failed refunds in the background (the orders' worker setting). */
  worker: boolean;
}

export const refundsPlugin = fp<RefundsPluginOptions>(
  async (app, options) => {
    const { orders: settings } = app.config;
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
      jobs: {
        leaseMs: settings.leaseMs,
        retryBaseMs: settings.retryBaseMs,
        workerId: newWorkerId(),
      },
    };
    // The service reads the context at each call, so a test may swap an outside client.
    const service = createRefundsService(context);
    app.decorate('refunds', { context, service });
    await app.register(refundRoutes);

    if (options.worker) {
      let rounds: BackgroundRounds | undefined;
      app.addHook('onListen', async () => {
        rounds ??= repeatInBackground(
          settings.workerIntervalMs,
          async () => {
            await service.runDueJobs();
          },
          (error) => context.log.error({ err: error }, 'refund round failed'),
        );
      });
      app.addHook('preClose', async () => rounds?.stop());
    }
  },
  { name: 'refunds', dependencies: ['outside-services', 'auth', 'ledger', 'esims', 'orders'] },
);
