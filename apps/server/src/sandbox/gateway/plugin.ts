/**
 * The built-in MPGS payment gateway sandbox: the REST API the shop's gateway client calls,
 * checkout.min.js with what it loads, the hosted payment page browsers are sent to, and its
 * test controls, registered by app.ts below /_sandbox/gateway.
 */
import type { FastifyPluginAsync } from 'fastify';
import { type Clock, systemClock } from '../../lib/clock';
import { apiRoutes } from './api-routes';
import { checkoutLibraryRoutes } from './checkout-library-routes';
import { createControls } from './controls';
import { payRoutes } from './pay-routes';

export interface GatewaySandboxOptions {
  /** The gateway's time, for session expiry; tests may move it. */
  clock?: Clock;
}

export const gatewaySandbox: FastifyPluginAsync<GatewaySandboxOptions> = async (
  sandbox,
  options,
) => {
  const clock = options.clock ?? systemClock;
  const controls = createControls();
  await sandbox.register(apiRoutes, { clock, controls });
  await sandbox.register(checkoutLibraryRoutes);
  await sandbox.register(payRoutes, { clock });
  await sandbox.register(controls.routes, { prefix: '/control' });
};
