/**
 * The orders' figures for the operator's monitoring: how many orders are in each status, read
 * from the database at each scrape (a cheap grouped count on the status index, so every
 * instance tells the same whole-shop figure), and how long paid orders waited for their eSIM,
 * observed by the instance that delivered each one.
 */
import { orderStatuses } from '@tern/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, Histogram, type Registry } from 'prom-client';
import type { Db } from '../../db/client';
import { countOrdersByStatus } from './repository';

/** From an instant provider to eSIM Go's "allow up to 10 minutes" and the worker's retries. */
const FULFILMENT_BUCKETS = [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];

export interface OrderMetrics {
  /** An order was fulfilled now (`fulfilledAt`), its payment confirmed at `paidAt`. */
  fulfilled(paidAt: Date | null, fulfilledAt: Date): void;
}

export function orderMetrics(registry: Registry, db: Db, log: FastifyBaseLogger): OrderMetrics {
  new Gauge({
    name: 'tern_orders',
    help: 'Orders in each status, in the whole shop: every instance tells the same figure (take max, not sum).',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      const counts = await countOrdersByStatus(db).catch((error: unknown) => {
        // The rest of the scrape is still worth having: these figures are left out this time.
        log.warn({ err: error }, 'orders could not be counted for the metrics');
        return undefined;
      });
      if (!counts) return;
      const byStatus = new Map(counts.map((row) => [row.status, row.orders]));
      // Every status, none at 0 too: a series that appears only with its first order hides the rise.
      for (const status of orderStatuses) this.set({ status }, byStatus.get(status) ?? 0);
    },
  });
  const fulfilment = new Histogram({
    name: 'tern_order_fulfilment_seconds',
    help: 'Time from a confirmed payment to the fulfilled order (eSIM delivered, payment captured, buyer mailed).',
    buckets: FULFILMENT_BUCKETS,
    registers: [registry],
  });
  return {
    fulfilled(paidAt, fulfilledAt) {
      if (paidAt) fulfilment.observe((fulfilledAt.getTime() - paidAt.getTime()) / 1000);
    },
  };
}
