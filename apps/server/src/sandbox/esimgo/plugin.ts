/**
 * The built-in eSIM Go v2.4 simulator: the provider API under /v2.4 and its test controls under
 * /control, registered by app.ts below /_sandbox/esimgo when the sandboxes are enabled.
 */
import type { FastifyPluginAsync } from 'fastify';
import { controlRoutes } from './control-routes';
import { providerRoutes } from './provider-routes';

export const esimGoSandbox: FastifyPluginAsync = async (sandbox) => {
  await sandbox.register(providerRoutes, { prefix: '/v2.4' });
  await sandbox.register(controlRoutes, { prefix: '/control' });
};
