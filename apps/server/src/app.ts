/**
 * Builds the shop's Fastify app from a configuration, without listening: the server
 * entry point listens, and tests build one app per file and drive it directly.
 */
import { createServer, type Server } from 'node:http';
import compress from '@fastify/compress';
import { errorMessages } from '@tern/contract';
import Fastify, {
  type FastifyInstance,
  type FastifyServerFactoryHandler,
  type FastifyServerOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Database, databaseLocationFor, openDatabase } from './db/client';
import { createMailer } from './integrations/mail/create-mailer';
import type { Mailer } from './integrations/mail/mailer';
import { type Clock, systemClock } from './lib/clock';
import { createRateLimiter, type RateLimiter } from './lib/rate-limiter';
import { newRequestId } from './lib/request-id';
import { authRoutes } from './modules/auth/routes';
import { CatalogFastPath } from './modules/catalog/fast-path';
import { catalogRoutes } from './modules/catalog/routes';
import { esimsPlugin } from './modules/esims/plugin';
import { healthRoutes } from './modules/health/routes';
import { ledgerRoutes } from './modules/ledger/routes';
import { ordersPlugin } from './modules/orders/plugin';
import { supportRoutes } from './modules/support/routes';
import { antiForgeryPlugin } from './plugins/anti-forgery';
import { errorHandlerPlugin } from './plugins/error-handler';
import { openApiPlugin } from './plugins/openapi';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webAppPlugin } from './plugins/web-app';
import { esimGoSandbox } from './sandbox/esimgo/plugin';
import { gatewaySandbox } from './sandbox/gateway/plugin';
import { mailboxRoutes } from './sandbox/mailbox/routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    clock: Clock;
    mailer: Mailer;
    rateLimiter: RateLimiter;
  }
}

export interface BuildOptions {
  /** A database opened by the caller (tests); the app then leaves closing it to the caller. */
  database?: Database;
  /** Pino options, or false for no logs (tests). */
  logger?: boolean | Record<string, unknown>;
  /** The time services see (tests move it to expire codes); the real time by default. */
  clock?: Clock;
  /** Rate-limit keys in Redis start with this; tests pass their own to keep runs apart. */
  rateLimitKeyPrefix?: string;
  /** Run the order worker (fulfilment retries, reconciler) once listening; config decides by default. */
  orderWorker?: boolean;
}

const ONE_MEBIBYTE = 1024 * 1024;

export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  // Repeated catalogue GETs are answered before Fastify; see modules/catalog/fast-path.ts.
  const catalogFastPath = new CatalogFastPath();
  const app = Fastify({
    serverFactory: (handler, options) => serverWith(catalogFastPath, handler, options),
    logger: options.logger ?? loggerOptions(config),
    genReqId: newRequestId,
    bodyLimit: ONE_MEBIBYTE,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? (await openDatabase(databaseLocationFor(config)));
  app.decorate('config', config);
  app.decorate('database', database);
  if (!options.database) app.addHook('onClose', async () => database.close());
  const clock = options.clock ?? systemClock;
  app.decorate('clock', clock);
  app.decorate(
    'rateLimiter',
    createRateLimiter(config.redisUrl, {
      keyPrefix: options.rateLimitKeyPrefix,
      log: app.log,
      factor: config.rateLimitFactor,
    }),
  );
  app.decorate('mailer', createMailer(config, { db: database.db, log: app.log, clock }));
  app.addHook('onClose', async () => {
    await Promise.all([app.mailer.close(), app.rateLimiter.close()]);
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(compress, { threshold: 1024 });
  await app.register(antiForgeryPlugin);
  await app.register(openApiPlugin, { brandName: config.brandName });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(catalogRoutes, { fastPath: catalogFastPath });
      await api.register(authRoutes);
      await api.register(supportRoutes);
      await api.register(ledgerRoutes);
    },
    { prefix: '/api' },
  );
  // Payments and fulfilment: routes under /api plus the spec's /payment confirmation call.
  await app.register(ordersPlugin, {
    worker: options.orderWorker ?? config.orders.workerEnabled,
  });
  // The buyer's eSIMs: routes under /api plus the spec's /esim/qr/{led_id} call.
  await app.register(esimsPlugin);

  if (config.webDistDir) {
    await app.register(webAppPlugin, { distDir: config.webDistDir, brandName: config.brandName });
  }

  // The built-in stand-ins for the outside world: eSIM provider, payment gateway, mailbox.
  if (config.sandboxEnabled) {
    await app.register(
      async (sandbox) => {
        // Each sandbox registers itself here, under /_sandbox/<name>.
        await sandbox.register(esimGoSandbox, { prefix: '/esimgo' });
        await sandbox.register(gatewaySandbox, { prefix: '/gateway' });
        await sandbox.register(mailboxRoutes, { prefix: '/mailbox' });
      },
      { prefix: '/_sandbox' },
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url === '/api') {
      return reply.code(404).send({ message: errorMessages.notFound });
    }
    // A shared link without the hash (/faq) opens the same page in the hash-routed app.
    const pathOnly = url.split('?')[0] ?? '/';
    if (
      request.method === 'GET' &&
      !hasFileExtension(pathOnly) &&
      acceptsHtml(request.headers.accept)
    ) {
      return reply.redirect(`/#${url}`);
    }
    return reply.code(404).send({ message: errorMessages.notFound });
  });

  await app.ready();
  return app;
}

/**
 * Node's HTTP server with the catalogue fast path in front of Fastify's handler, and the
 * timeouts Fastify gives the servers it makes itself (it leaves a factory's server alone).
 */
function serverWith(
  fastPath: CatalogFastPath,
  handler: FastifyServerFactoryHandler,
  options: FastifyServerOptions,
): Server {
  const server = createServer((request, response) => {
    if (!fastPath.serve(request, response)) handler(request, response);
  });
  if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
  if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
  server.setTimeout(options.connectionTimeout ?? 0);
  return server;
}

function loggerOptions(config: Config) {
  return config.logFormat === 'pretty'
    ? {
        level: config.logLevel,
        transport: {
          target: 'pino-pretty',
          options: { ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss' },
        },
      }
    : { level: config.logLevel };
}

/**
 * The address this app listens on, for clients that call the app's own sandboxes over
 * real HTTP (the same code path as calling the real provider, only the base URL differs).
 */
export function selfUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') {
    throw new Error('The app must be listening before it can call its own sandboxes');
  }
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`;
}

function hasFileExtension(pathname: string): boolean {
  return /\.[a-z0-9]+$/i.test(pathname);
}

function acceptsHtml(accept: string | undefined): boolean {
  return accept?.includes('text/html') ?? false;
}
