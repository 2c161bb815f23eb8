/**
 * The built-in MPGS payment gateway sandbox: the REST API the shop's gateway client calls,
 * checkout.min.js and the hosted payment page browsers are sent to, and its test controls,
 * registered by app.ts below /_sandbox/gateway.
 */
import type { FastifyPluginAsync } from 'fastify';
import { type Clock, systemClock } from '../../lib/clock';
import { apiRoutes } from './api-routes';
import { createControls } from './controls';
import { payRoutes } from './pay-routes';
import { settleEverything } from './transactions-service';

export interface GatewaySandboxOptions {
  /** The gateway's time, for session expiry; tests may move it. */
  clock?: Clock;
}

export const gatewaySandbox: FastifyPluginAsync<GatewaySandboxOptions> = async (
  sandbox,
  options,
) => {
  const clock = options.clock ?? systemClock;
  const controls = createControls(() => settleEverything(sandbox.database.db, clock()));
  await sandbox.register(apiRoutes, { clock, controls });
  await sandbox.register(payRoutes, { clock });
  await sandbox.register(controls.routes, { prefix: '/control' });
};
