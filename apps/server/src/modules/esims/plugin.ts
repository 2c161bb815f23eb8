/**
 * Puts the eSIMs module into the app: one service (and so one usage cache) for its routes
 * under /api and for the spec's ledger QR call at the root.
 */
import type { FastifyInstance } from 'fastify';
import { esimGoClientFor } from '../../integrations/esimgo/app-client';
import { esimApiRoutes, ledgerQrRoutes } from './routes';
import { createEsimsService } from './service';

// A person waits on these reads: one quick retry, not the background jobs' patience.
const INTERACTIVE_PROVIDER_OPTIONS = { retries: 1, timeoutMs: 8_000 };

export async function esimsPlugin(app: FastifyInstance): Promise<void> {
  const esims = createEsimsService({
    db: app.database.db,
    clock: app.clock,
    log: app.log.child({ module: 'esims' }),
    provider: () => esimGoClientFor(app, INTERACTIVE_PROVIDER_OPTIONS),
    usageCacheMs: app.config.esims.usageCacheMs,
  });
  await app.register(esimApiRoutes, { prefix: '/api', esims });
  await app.register(ledgerQrRoutes, { esims });
}
