/**
 * The ops-reports module in the app (issue 30): the console's money and health sections, and
 * the hourly counters of outside calls that the health charts read. The counters are told of
 * every call the metrics count (lib/shop-metrics), so they cost a call nothing; they reach the
 * ledger, orders and operators through their services.
 */
import fp from 'fastify-plugin';
import { createCallTally } from './call-tally';
import { addCallCounts, listCallHours, pruneCallHours } from './repository';
import { opsReportRoutes } from './routes';

export const opsReportsPlugin = fp(
  async (app) => {
    const { db } = app.database;
    const tally = createCallTally({
      store: {
        add: (counts) => addCallCounts(db, counts),
        since: (since) => listCallHours(db, since),
        prune: (before) => pruneCallHours(db, before),
      },
      clock: app.clock,
      log: app.log.child({ module: 'ops-reports' }),
    });
    app.metrics.onOutsideCall(tally.count);
    // Before the database closes: this instance's last counts are written, not lost.
    app.addHook('preClose', async () => tally.flush());
    await app.register(opsReportRoutes, { tally });
  },
  {
    name: 'ops-reports',
    dependencies: ['metrics', 'outside-services', 'catalog', 'ledger', 'orders', 'operators'],
  },
);
