/**
 * The built-in eSIM Go v2.4 simulator: the provider API under /v2.4 and its test controls under
 * /control, registered by app.ts below /_sandbox/esimgo when the sandboxes are enabled. Usage
 * callbacks go to the URL `callbackUrl` gives, as eSIM Go's portal setting sends them.
 */
import type { FastifyPluginAsync } from 'fastify';
import { controlRoutes } from './control-routes';
import { providerRoutes } from './provider-routes';
import { createProviderRateLimit } from './rate-limit';
import { createUsageCallbacks, usageControlRoutes } from './usage-callbacks';

export interface EsimGoSandboxOptions {
  /** Where usage callbacks are POSTed; undefined: none are sent. Asked at each callback. */
  callbackUrl?: () => string | undefined;
}

export const esimGoSandbox: FastifyPluginAsync<EsimGoSandboxOptions> = async (sandbox, options) => {
  const callbacks = createUsageCallbacks({
    db: sandbox.database.db,
    apiKey: sandbox.config.esimGo.apiKey,
    callbackUrl: options.callbackUrl ?? (() => undefined),
    log: sandbox.log,
  });
  // One limit per simulator, shared by the API it guards and the control that sets it.
  const rateLimit = createProviderRateLimit();
  await sandbox.register(providerRoutes, { prefix: '/v2.4', callbacks, rateLimit });
  await sandbox.register(controlRoutes, { prefix: '/control', rateLimit });
  await sandbox.register(usageControlRoutes, { prefix: '/control', callbacks });
};
