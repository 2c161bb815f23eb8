/**
 * The eSIM Go client of a running app: the configured provider, or else the app's own
 * built-in simulator, reached over real HTTP like the real one (so the app must be listening).
 */
import type { FastifyInstance } from 'fastify';
import { selfUrl } from '../../app';
import { esimGoSandboxApiUrl } from '../../sandbox/esimgo/paths';
import { createEsimGoClient, type EsimGoClient, type EsimGoClientOptions } from './client';

export function esimGoBaseUrl(app: FastifyInstance): string {
  return app.config.esimGo.url ?? esimGoSandboxApiUrl(selfUrl(app));
}

export function esimGoClientFor(
  app: FastifyInstance,
  options: Partial<Omit<EsimGoClientOptions, 'baseUrl' | 'apiKey'>> = {},
): EsimGoClient {
  return createEsimGoClient({
    baseUrl: esimGoBaseUrl(app),
    apiKey: app.config.esimGo.apiKey,
    ...options,
  });
}
