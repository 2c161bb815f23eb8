/**
 * The built-in MPGS payment gateway sandbox: the REST API the shop's gateway client calls, the
 * Reporting API's transaction download, checkout.min.js with what it loads, the hosted payment page browsers are sent to, and its
 * test controls, registered by app.ts below /_sandbox/gateway.
 */
import type { FastifyPluginAsync } from 'fastify';
import { type Clock, systemClock } from '../../lib/clock';
import { apiRoutes } from './api-routes';
import { checkoutLibraryRoutes } from './checkout-library-routes';
import { createControls } from './controls';
import { createNotifier, type NotificationTarget } from './notifications';
import { takeOrphanPayment } from './orphan-payments';
import { payRoutes } from './pay-routes';
import { reportingRoutes } from './reporting-routes';
import { tokenAuthenticationRoutes } from './token-authentication-routes';
import { tokenControlRoutes } from './token-controls';
import { settleEverything } from './transactions-service';

export interface GatewaySandboxOptions {
  /** The gateway's time, for session expiry; tests may move it. */
  clock?: Clock;
  /** Where and with which secret it sends webhook notifications; none when absent. */
  notifications?: NotificationTarget;
}

export const gatewaySandbox: FastifyPluginAsync<GatewaySandboxOptions> = async (
  sandbox,
  options,
) => {
  const clock = options.clock ?? systemClock;
  const db = sandbox.database.db;
  const controls = createControls(
    () => settleEverything(db, clock()),
    (request) => takeOrphanPayment(db, sandbox.config.gateway.merchantId, request, clock()),
  );
  const notifier = createNotifier(
    sandbox.database.db,
    options.notifications ?? { url: () => undefined, secret: undefined },
    sandbox.log,
  );
  sandbox.addHook('preClose', async () => notifier.drain());
  await sandbox.register(apiRoutes, { clock, controls, notifier });
  await sandbox.register(checkoutLibraryRoutes);
  // The merchant profile's wallets: the shop's GATEWAY_WALLETS, both by default (config.ts).
  await sandbox.register(payRoutes, { clock, notifier, wallets: sandbox.config.gateway.wallets });
  await sandbox.register(reportingRoutes, { clock, controls });
  await sandbox.register(tokenAuthenticationRoutes, { clock });
  await sandbox.register(controls.routes, { prefix: '/control' });
  await sandbox.register(tokenControlRoutes, { prefix: '/control' });
};
