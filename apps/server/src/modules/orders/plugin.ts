/**
 * Puts the orders module into the app: its service and job runner (as `app.orders`, for the
 * routes, the operator CLI and the benchmark), its routes, and the background worker, which
 * starts once the app listens (the sandboxes answer only then) and stops before it closes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCatalogService } from '../catalog/service';
import { type OrdersContext, ordersContextFor } from './context';
import { createJobRunner, type JobRunner } from './job-runner';
import { type ReconcileReport, reconcileUnpaidOrders } from './reconciler';
import { confirmationRoutes, orderApiRoutes } from './routes';
import { createOrdersService, type OrdersService } from './service';
import { type OrderWorker, startOrderWorker } from './worker';

export interface OrdersModule {
  context: OrdersContext;
  service: OrdersService;
  runner: JobRunner;
  reconcile(): Promise<ReconcileReport>;
}

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersModule;
  }
}

export interface OrdersPluginOptions {
  /** Run due jobs and the reconciler in the background; tests that drive them turn it off. */
  worker: boolean;
}

export const ordersPlugin = fp<OrdersPluginOptions>(
  async (app: FastifyInstance, options) => {
    const context = ordersContextFor(app);
    const runner = createJobRunner(context);
    const catalog = createCatalogService(app.database.db, {
      favourites: app.config.catalog.favourites,
      onError: (error) => app.log.warn({ err: error }, 'catalogue version check failed'),
    });
    app.addHook('onClose', async () => catalog.close());
    app.decorate('orders', {
      context,
      runner,
      service: createOrdersService(context, runner, catalog),
      reconcile: () => reconcileUnpaidOrders(context),
    });

    await app.register(orderApiRoutes, { prefix: '/api' });
    await app.register(confirmationRoutes);

    if (options.worker) {
      let worker: OrderWorker | undefined;
      app.addHook('onListen', async () => {
        worker ??= startOrderWorker(context, runner);
      });
      // preClose: the round in progress finishes while the database is still open.
      app.addHook('preClose', async () => worker?.stop());
    }
  },
  { name: 'orders' },
);
