/**
 * The stand-ins as their own process (`npm run sandboxes`): the eSIM Go simulator, the MPGS
 * sandbox and the mailbox on one HTTP port, an SMTP catcher beside it, and the variables that
 * point a production shop (NODE_ENV=production) at them over the network. Told the shop's
 * addresses, the simulator sends it usage callbacks and the gateway its webhook notifications.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type Config, loadConfig, SANDBOX_GATEWAY_REPORTING_PASSWORD } from '../config';
import { type Database, databaseLocationFor, openDatabase } from '../db/client';
import { systemClock } from '../lib/clock';
import { errorHandlerPlugin } from '../plugins/error-handler';
import { securityHeadersPlugin } from '../plugins/security-headers';
import { esimGoSandboxApiUrl } from './esimgo/paths';
import { esimGoSandbox } from './esimgo/plugin';
import { gatewaySandboxUrl } from './gateway/paths';
import { gatewaySandbox } from './gateway/plugin';
import { mailboxRoutes } from './mailbox/routes';
import {
  type SelfSignedCertificate,
  selfSignedCertificate,
} from './mailbox/self-signed-certificate';
import { type SmtpCatcherStrictness, startSmtpCatcher } from './mailbox/smtp-catcher';
import type { SandboxSettings } from './standalone-settings';

/** What a production shop needs to be told to use these stand-ins, by variable name. */
export interface ShopEnvironment {
  ESIMGO_URL: string;
  ESIMGO_API_KEY: string;
  GATEWAY_URL: string;
  GATEWAY_MERCHANT_ID: string;
  GATEWAY_PASSWORD: string;
  /** The Reporting API's own password, for the shop's reconciliation. */
  GATEWAY_REPORTING_PASSWORD: string;
  SMTP_URL: string;
  /** The SMTP catcher's self-signed certificate, when it requires STARTTLS. */
  SMTP_CA_FILE?: string;
  /** The secret the gateway's webhook notifications carry, when it sends them. */
  GATEWAY_NOTIFICATION_SECRET?: string;
}

/** Where the SMTP catcher's certificate is written for shops to trust, in the data folder. */
const SMTP_CA_FILE_NAME = 'smtp-catcher-certificate.pem';

const CAUGHT_MAIL_WORDING = {
  title: 'Caught mail',
  intro: 'Messages that reached the SMTP catcher, newest first',
};

export interface RunningSandboxes {
  /** http://host:port of the HTTP stand-ins; the mailbox is at /_sandbox/mailbox. */
  url: string;
  shopEnvironment: ShopEnvironment;
  close(): Promise<void>;
}

export interface StartOptions {
  /** A database opened by the caller (tests); otherwise PGlite in the settings' data folder. */
  database?: Database;
  /** Pino options, or false for no logs (tests). */
  logger?: boolean | Record<string, unknown>;
}

export async function startSandboxes(
  settings: SandboxSettings,
  options: StartOptions = {},
): Promise<RunningSandboxes> {
  const database =
    options.database ??
    (await openDatabase(
      databaseLocationFor({ databaseUrl: undefined, dataDir: settings.dataDir }),
    ));
  const app = Fastify({
    logger: options.logger ?? { level: settings.logLevel },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (!options.database) app.addHook('onClose', async () => database.close());

  let smtpPort: number;
  let caFile: string | undefined;
  const strictness = catcherStrictness(settings);
  try {
    const catcher = await startSmtpCatcher({
      db: database.db,
      log: app.log,
      clock: systemClock,
      host: settings.host,
      port: settings.smtpPort,
      strictness,
    });
    app.addHook('onClose', async () => catcher.close());
    smtpPort = catcher.port;
    if (strictness.tls) caFile = await writeCaFile(settings.dataDir, strictness.tls);
    await mountStandIns(app, settings, database);
    await app.listen({ port: settings.httpPort, host: settings.host });
  } catch (error) {
    // A port already taken, say: close what did start (the database above all).
    await app.close();
    throw error;
  }
  const url = listeningUrl(app.server.address() as AddressInfo);
  return {
    url,
    shopEnvironment: shopEnvironmentFor(app.config, url, settings, {
      url: smtpUrl(hostOf(url), smtpPort, strictness.login),
      caFile,
    }),
    close: () => app.close(),
  };
}

function catcherStrictness({ host, smtp }: SandboxSettings): SmtpCatcherStrictness {
  if (!smtp) return {};
  return {
    login: smtp.login,
    tls: smtp.requireStartTls ? selfSignedCertificate(certificateNames(host)) : undefined,
    failNextMessages: smtp.failNextMessages,
    failRecipients: smtp.failRecipients,
  };
}

/** The names a shop may reach the catcher by: loopback, this machine, and the host it listens on. */
function certificateNames(host: string): string[] {
  const wildcard = host === '0.0.0.0' || host === '::';
  return ['localhost', '127.0.0.1', '::1', hostname(), ...(wildcard ? [] : [host])];
}

/** The certificate alone (its key stays in this process), rewritten at each start. */
async function writeCaFile(dataDir: string, tls: SelfSignedCertificate): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, SMTP_CA_FILE_NAME);
  await writeFile(file, tls.cert);
  return file;
}

function smtpUrl(host: string, port: number, login: SmtpCatcherStrictness['login']): string {
  const credentials = login
    ? `${encodeURIComponent(login.user)}:${encodeURIComponent(login.password)}@`
    : '';
  return `smtp://${credentials}${host}:${port}`;
}

async function mountStandIns(
  app: FastifyInstance,
  settings: SandboxSettings,
  database: Database,
): Promise<void> {
  // The sandbox plugins read their credentials from the shop's configuration shape; with
  // no provider or gateway configured, that shape holds the sandbox credentials.
  const config = loadConfig({ LOG_LEVEL: settings.logLevel });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('clock', systemClock);
  // The shop's strict headers; checkout.min.js widens its own resource policy, as shops on
  // other origins load it.
  await app.register(securityHeadersPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(
    async (sandbox) => {
      await sandbox.register(esimGoSandbox, {
        prefix: '/esimgo',
        callbackUrl: () => settings.esimGoCallbackUrl,
      });
      const notifications = settings.gatewayNotifications;
      await sandbox.register(gatewaySandbox, {
        prefix: '/gateway',
        notifications: notifications && {
          url: () => notifications.url,
          secret: notifications.secret,
        },
      });
      await sandbox.register(mailboxRoutes, { prefix: '/mailbox', wording: CAUGHT_MAIL_WORDING });
    },
    { prefix: '/_sandbox' },
  );
  // Someone opening the bare address most likely wants to read the caught mail.
  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    reply.redirect('/_sandbox/mailbox'),
  );
}

function shopEnvironmentFor(
  config: Config,
  url: string,
  settings: SandboxSettings,
  smtp: { url: string; caFile: string | undefined },
): ShopEnvironment {
  const notificationSecret = settings.gatewayNotifications?.secret;
  return {
    ESIMGO_URL: esimGoSandboxApiUrl(url),
    ESIMGO_API_KEY: config.esimGo.apiKey,
    GATEWAY_URL: gatewaySandboxUrl(url),
    GATEWAY_MERCHANT_ID: config.gateway.merchantId,
    GATEWAY_PASSWORD: config.gateway.password,
    GATEWAY_REPORTING_PASSWORD:
      config.gateway.reporting?.password ?? SANDBOX_GATEWAY_REPORTING_PASSWORD,
    SMTP_URL: smtp.url,
    // Printed only when there is one: run-sandboxes prints every key it is given.
    ...(smtp.caFile === undefined ? {} : { SMTP_CA_FILE: smtp.caFile }),
    // The shop takes notifications only with the secret they carry.
    ...(notificationSecret === undefined
      ? {}
      : { GATEWAY_NOTIFICATION_SECRET: notificationSecret }),
  };
}

/** The address clients use; a wildcard host (0.0.0.0, ::) is reached on loopback here. */
function listeningUrl(address: AddressInfo): string {
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

function hostOf(url: string): string {
  return new URL(url).hostname;
}
