/**
 * The alerts module in the app: its service (as `app.alerts`, for the routes and for tests that
 * run the poll themselves), eSIM Go's callback route, and the background poll, which starts
 * once the app listens (the simulator answers only then) and stops before it closes. It uses
 * the eSIMs, ledger and auth modules through their services.
 */
import fp from 'fastify-plugin';
import { type AlertPoller, startAlertPoller } from './poller';
import { alertRoutes } from './routes';
import { type AlertsService, createAlertsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    alerts: AlertsService;
  }
}

export interface AlertsPluginOptions {
  /** Run the poll in the background; tests that run it themselves turn it off. */
  poll: boolean;
}

export const alertsPlugin = fp<AlertsPluginOptions>(
  async (app, options) => {
    const { config } = app;
    const log = app.log.child({ module: 'alerts' });
    app.decorate(
      'alerts',
      createAlertsService({
        db: app.database.db,
        clock: app.clock,
        log,
        brandName: config.brandName,
        publicUrl: config.publicUrl,
        apiKey: config.esimGo.apiKey,
        provider: () => app.esimGoClient('background'),
        mailer: app.mailer,
        esims: app.esims,
        ledger: app.ledger,
        clients: app.auth,
        lookbackDays: config.alerts.lookbackDays,
        pollIntervalMs: config.alerts.pollIntervalMs,
      }),
    );
    await app.register(alertRoutes);

    if (options.poll) {
      let poller: AlertPoller | undefined;
      app.addHook('onListen', async () => {
        poller ??= startAlertPoller(app.alerts, config.alerts.pollIntervalMs, log);
      });
      // preClose: the round in progress finishes while the database is still open.
      app.addHook('preClose', async () => poller?.stop());
    }
  },
  { name: 'alerts', dependencies: ['outside-services', 'auth', 'ledger', 'esims'] },
);
