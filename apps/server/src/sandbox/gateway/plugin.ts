/**
 * The built-in MPGS payment gateway sandbox: the REST API the shop's gateway client calls and
 * the hosted payment page browsers are sent to, registered by app.ts below /_sandbox/gateway.
 */
import type { FastifyPluginAsync } from 'fastify';
import { type Clock, systemClock } from '../../lib/clock';
import { apiRoutes } from './api-routes';
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
  await sandbox.register(apiRoutes, { clock });
  await sandbox.register(payRoutes, { clock });
};
