/**
 * Builds the shop's Fastify app from a configuration, without listening: the server
 * entry point listens, and tests build one app per file and drive it directly.
 */
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Database, databaseLocationFor, openDatabase } from './db/client';
import { type Clock, systemClock } from './lib/clock';
import { createRateLimiter, type RateLimiter } from './lib/rate-limiter';
import { newRequestId } from './lib/request-id';
import { decodedPath, isApiPath } from './lib/request-path';
import { SilentConnections } from './lib/silent-connections';
import { alertsPlugin } from './modules/alerts/plugin';
import { authPlugin } from './modules/auth/plugin';
import { cardTopupsPlugin } from './modules/card-topups/plugin';
import { catalogueConsolePlugin } from './modules/catalog/console-plugin';
import { catalogPlugin } from './modules/catalog/plugin';
import { creditConsolePlugin, creditPlugin } from './modules/credit/plugin';
import { customersPlugin } from './modules/customers/plugin';
import { esimsPlugin } from './modules/esims/plugin';
import { giftsPlugin } from './modules/gifts/plugin';
import { healthPlugin } from './modules/health/plugin';
import { ledgerPlugin } from './modules/ledger/plugin';
import { operatorsPlugin } from './modules/operators/plugin';
import { opsReportsPlugin } from './modules/ops-reports/plugin';
import { ordersPlugin } from './modules/orders/plugin';
import { promoCodesPlugin } from './modules/promotions/plugin';
import { reconciliationPlugin } from './modules/reconciliation/plugin';
import { referralsPlugin } from './modules/referrals/plugin';
import { refundsPlugin } from './modules/refunds/plugin';
import { savedCardsPlugin } from './modules/saved-cards/plugin';
import { supportPlugin } from './modules/support/plugin';
import { walletsPlugin } from './modules/wallets/plugin';
import { answerCachePlugin } from './plugins/answer-cache';
import { antiForgeryPlugin } from './plugins/anti-forgery';
import {
  answerFrameworkError,
  errorHandlerPlugin,
  messageInLanguage,
} from './plugins/error-handler';
import { metricsPlugin } from './plugins/metrics';
import { openApiPlugin } from './plugins/openapi';
import { outsideServicesPlugin } from './plugins/outside-services';
import { publicHostPlugin } from './plugins/public-host';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webAppPlugin } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    clock: Clock;
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
  /** Run the usage alert poll once listening; config decides by default. */
  alertPoll?: boolean;
  /** Server-Timing on the orders' answers, for the purchase benchmark; off by default. */
  serverTiming?: boolean;
}

const ONE_MEBIBYTE = 1024 * 1024;

export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  // Every answer, the cached catalogue's too, goes through Fastify's hooks (decision 0032).
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    genReqId: newRequestId,
    bodyLimit: ONE_MEBIBYTE,
    trustProxy: config.trustProxy,
    // Errors raised before routing (a malformed URL) answer in the app's shape too.
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A shutdown must not wait a minute for connections that never asked anything.
  const silentConnections = new SilentConnections();
  silentConnections.watch(app.server);
  app.addHook('preClose', async () => silentConnections.drop());

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
  app.addHook('onClose', async () => app.rateLimiter.close());

  await app.register(errorHandlerPlugin);
  // Before any route: its hook times every answer, and a route registered earlier would miss it.
  await app.register(metricsPlugin);
  await app.register(securityHeadersPlugin);
  // Production: a visitor on another host name goes to PUBLIC_URL's before anything else runs.
  await app.register(publicHostPlugin);
  await app.register(compress, { threshold: 1024 });
  await app.register(antiForgeryPlugin);
  await app.register(openApiPlugin, { brandName: config.brandName });
  // JSON answers kept as ready bytes with their ETags, for the routes that send the same data
  // over and over (the catalogue's).
  await app.register(answerCachePlugin);
  // The eSIM Go, gateway and mail clients, and the stand-ins for the parts not configured.
  await app.register(outsideServicesPlugin);

  // Every module the same way: a named plugin that builds its service once, exposes it
  // (app.catalog, app.auth, ...), registers its routes from the contract's paths, and names
  // the modules it needs. Dependencies run one way: orders -> esims, ledger, catalog, auth.
  await app.register(catalogPlugin);
  await app.register(healthPlugin);
  await app.register(authPlugin);
  await app.register(supportPlugin);
  await app.register(ledgerPlugin);
  // Gifts (issue 31): the eSIMs module names their senders, the orders module records them.
  await app.register(giftsPlugin);
  await app.register(esimsPlugin);
  // Promo codes (issue 31): quoted and redeemed by the orders module when a payment opens.
  await app.register(promoCodesPlugin);
  await app.register(creditPlugin);
  // Saved cards (issue 32): a paid order's gateway token, listed and removed by its buyer.
  await app.register(savedCardsPlugin);
  // Apple Pay and Google Pay (issue 32): Apple's domain-verification file, where Apple asks.
  await app.register(walletsPlugin);
  // Referrals (issue 31): rewarded in store credit once a friend's first payment is captured.
  await app.register(referralsPlugin);
  // Payments and fulfilment; the background worker runs when the configuration says so.
  await app.register(ordersPlugin, {
    worker: options.orderWorker ?? config.orders.workerEnabled,
    serverTiming: options.serverTiming ?? false,
  });
  // Usage alerts: eSIM Go's callbacks and the poll that covers the lost ones (issue 16).
  await app.register(alertsPlugin, { poll: options.alertPoll ?? config.alerts.pollEnabled });
  // One-tap and automatic top-ups with a saved card (issue 32): orders paid with its token.
  await app.register(cardTopupsPlugin, {
    worker: options.orderWorker ?? config.orders.workerEnabled,
  });
  // The buyer's own refund of an eSIM never installed (issue 16).
  await app.register(refundsPlugin, {
    worker: options.orderWorker ?? config.orders.workerEnabled,
  });
  // The operators' console API; its refund of a delivered order is the refunds module's job.
  await app.register(operatorsPlugin);
  // The operators' reconciliation of a day against eSIM Go and the gateway (issue 30).
  await app.register(reconciliationPlugin, {
    worker: options.orderWorker ?? config.orders.workerEnabled,
  });
  // The console's customers (accounts and what the shop holds of them) and catalogue (its
  // syncs and markup), behind the operators' guard (issue 30).
  await app.register(customersPlugin);
  await app.register(creditConsolePlugin);
  await app.register(catalogueConsolePlugin);
  // The console's money and health sections, with the hourly outside-call counters (issue 30).
  await app.register(opsReportsPlugin);

  if (config.webDistDir) {
    await app.register(webAppPlugin, {
      distDir: config.webDistDir,
      brandName: config.brandName,
      mobileAppScheme: config.mobileAppScheme,
      appStores: config.appStores,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (isApiPath(decodedPath(url))) {
      return reply.code(404).send(messageInLanguage('errorMessages.notFound', request, reply));
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
    return reply.code(404).send(messageInLanguage('errorMessages.notFound', request, reply));
  });

  await app.ready();
  return app;
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

function hasFileExtension(pathname: string): boolean {
  return /\.[a-z0-9]+$/i.test(pathname);
}

function acceptsHtml(accept: string | undefined): boolean {
  return accept?.includes('text/html') ?? false;
}
