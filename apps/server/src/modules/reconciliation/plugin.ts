/**
 * The reconciliation module in the app (issue 30): the day's provider orders and gateway
 * transactions set against the shop's orders, as `app.reconciliation`, its operator routes, and
 * the background round that carries on returns whose last attempt failed (it starts once the
 * app listens, as the orders' worker does). It reaches orders, refunds and eSIMs through their
 * services, and the operators' guard and audit log through theirs.
 */
import fp from 'fastify-plugin';
import { newWorkerId } from '../../jobs/engine';
import { type BackgroundRounds, repeatInBackground } from '../../lib/background-rounds';
import { reconciliationRoutes } from './routes';
import {
  createReconciliationService,
  type ReconciliationDependencies,
  type ReconciliationService,
} from './service';

declare module 'fastify' {
  interface FastifyInstance {
    reconciliation: { context: ReconciliationDependencies; service: ReconciliationService };
  }
}

export interface ReconciliationPluginOptions {
  /** Carry on failed returns in the background (the orders' worker setting). */
  worker: boolean;
}

export const reconciliationPlugin = fp<ReconciliationPluginOptions>(
  async (app, options) => {
    const { orders: settings } = app.config;
    const context: ReconciliationDependencies = {
      db: app.database.db,
      clock: app.clock,
      log: app.log.child({ module: 'reconciliation' }),
      provider: () => app.esimGoClient(),
      gateway: () => app.gatewayClient(),
      reporting: () => app.gatewayReportingClient(),
      orders: app.orders.reconciliation,
      refunds: app.refunds.service,
      esims: app.esims,
      jobs: {
        leaseMs: settings.leaseMs,
        retryBaseMs: settings.retryBaseMs,
        workerId: newWorkerId(),
      },
    };
    const service = createReconciliationService(context);
    app.decorate('reconciliation', { context, service });
    await app.register(reconciliationRoutes, { service });

    if (options.worker) {
      let rounds: BackgroundRounds | undefined;
      app.addHook('onListen', async () => {
        rounds ??= repeatInBackground(
          settings.workerIntervalMs,
          async () => {
            await service.runDueJobs();
          },
          (error) => context.log.error({ err: error }, 'reconciliation round failed'),
        );
      });
      app.addHook('preClose', async () => rounds?.stop());
    }
  },
  {
    name: 'reconciliation',
    dependencies: ['outside-services', 'orders', 'refunds', 'esims', 'operators'],
  },
);
