/**
 * The orders module in the app: its service and jobs (as `app.orders`, for the routes,
 * the operator CLI and the benchmark), its routes, and the background worker, which starts
 * once the app listens (the sandboxes answer only then) and stops before it closes. It uses
 * the eSIMs, ledger, catalog and auth modules through their services.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type OrdersDependencies, ordersContextFor } from './dependencies';
import { createOrderJobs, type OrderJobs } from './order-jobs';
import { type ReconcileReport, reconcileUnpaidOrders } from './reconciler';
import { createOrderReconciliation, type OrderReconciliation } from './reconciliation-facts';
import { orderRoutes } from './routes';
import { createOrderRefunds, type OrderRefunds } from './self-service-refund';
import { createOrdersService, type OrdersService } from './service';
import { type OrderWorker, startOrderWorker } from './worker';

export interface OrdersModule {
  context: OrdersDependencies;
  service: OrdersService;
  /** The module's jobs on the engine: fulfilment, refunds, the reconciler's rounds. */
  runner: OrderJobs;
  reconcile(): Promise<ReconcileReport>;
  /** For the refunds module: the orders of a self-service refund. */
  refunds: OrderRefunds;
  /** For the reconciliation module: what the day's orders hold at the provider and gateway. */
  reconciliation: OrderReconciliation;
}

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersModule;
  }
}

export interface OrdersPluginOptions {
  /** Run due jobs and the reconciler in the background; tests that drive them turn it off. */
  worker: boolean;
  /** Server-Timing on the orders' answers (BuildOptions.serverTiming). */
  serverTiming: boolean;
}

export const ordersPlugin = fp<OrdersPluginOptions>(
  async (app: FastifyInstance, options) => {
    const context = ordersContextFor(app);
    const reconcile = () => reconcileUnpaidOrders(context);
    const runner = createOrderJobs(context, reconcile);
    app.decorate('orders', {
      context,
      runner,
      service: createOrdersService(context, runner),
      reconcile,
      refunds: createOrderRefunds(context),
      reconciliation: createOrderReconciliation(context),
    });
    await app.register(orderRoutes, { serverTiming: options.serverTiming });

    if (options.worker) {
      let worker: OrderWorker | undefined;
      app.addHook('onListen', async () => {
        worker ??= startOrderWorker(context, runner);
      });
      // preClose: the round in progress finishes while the database is still open.
      app.addHook('preClose', async () => worker?.stop());
    }
  },
  {
    name: 'orders',
    dependencies: [
      'metrics',
      'outside-services',
      'auth',
      'catalog',
      'ledger',
      'esims',
      'gifts',
      'credit',
      'promo-codes',
      'referrals',
    ],
  },
);
