/**
 * The one place that decides, from the configuration, whether each outside service is the real
 * one or a built-in stand-in: it gives the app its eSIM Go, gateway and mail clients, and mounts
 * a stand-in under /_sandbox only for a part the configuration leaves unset.
 */

import { readFileSync } from 'node:fs';
import { alertApiPaths, orderApiPaths } from '@tern/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Config, ConfigError } from '../config';
import {
  createEsimGoClient,
  type EsimGoClient,
  type EsimGoClientOptions,
  EsimGoError,
} from '../integrations/esimgo/client';
import {
  createGatewayClient,
  type GatewayClient,
  type GatewayClientOptions,
} from '../integrations/gateway/client';
import {
  createGatewayReportingClient,
  type GatewayReportingClient,
} from '../integrations/gateway/reporting';
import { OutsideCallError } from '../integrations/http/http-core';
import { countedMailer, type Mailer, SMTP_UNREACHABLE } from '../integrations/mail/mailer';
import { createSmtpMailer } from '../integrations/mail/smtp-mailer';
import { createCallPacer } from '../lib/call-pacer';
import { OutsideStatus, type OutsideSystem } from '../lib/outside-status';
import { selfUrl } from '../lib/self-url';
import { esimGoSandboxApiUrl } from '../sandbox/esimgo/paths';
import { esimGoSandbox } from '../sandbox/esimgo/plugin';
import { gatewaySandboxUrl } from '../sandbox/gateway/paths';
import { gatewaySandbox } from '../sandbox/gateway/plugin';
import { createDevMailboxMailer } from '../sandbox/mailbox/dev-mailbox-mailer';
import { mailboxRoutes } from '../sandbox/mailbox/routes';

/** What a caller may tune (patience, retries); where and as whom come from the configuration. */
export type EsimGoTuning = Partial<Omit<EsimGoClientOptions, 'baseUrl' | 'apiKey'>>;
export type GatewayTuning = Partial<
  Omit<GatewayClientOptions, 'baseUrl' | 'merchantId' | 'password'>
>;

/** How patient a call to the provider is, by who waits for it: one client of each is built. */
export const providerPatience = {
  /** The sync and fulfilment: the client's own defaults. */
  standard: {},
  /** A person waits on these reads (eSIM pages, diagnosis, refunds): one quick retry. */
  interactive: { retries: 1, timeoutMs: 8_000 },
  /** Background polls (usage alerts): the patience of the order worker, not a person's. */
  background: { retries: 2, timeoutMs: 15_000 },
} as const satisfies Record<string, EsimGoTuning>;

export type ProviderPatience = keyof typeof providerPatience;

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** The last known state of each configured outside system, from the clients' calls. */
    outsideStatus: OutsideStatus;
    /**
     * The eSIM provider's client of this patience (standard by default), built once; a client
     * tuned otherwise (a test's short patience) is made on the spot. With the simulator standing
     * in, the app must be listening.
     */
    esimGoClient(tuning?: ProviderPatience | EsimGoTuning): EsimGoClient;
    /**
     * The payment gateway's client, built once; one tuned otherwise is made on the spot. With
     * the sandbox standing in, the app must be listening.
     */
    gatewayClient(tuning?: GatewayTuning): GatewayClient;
    /**
     * The gateway's Reporting API (transactions of a time window); undefined when its password
     * is not configured. With the sandbox standing in, the app must be listening.
     */
    gatewayReportingClient(): GatewayReportingClient | undefined;
  }
}

/** Which parts a built-in stand-in plays: those the configuration leaves unset. */
export interface StandIns {
  esimGo: boolean;
  gateway: boolean;
  mailbox: boolean;
}

/**
 * loadConfig refuses an unset part where stand-ins are not allowed (production, a public host),
 * so an unset part here always may have its stand-in; a configured part never gets one.
 */
export function standInsFor(config: Config): StandIns {
  return {
    esimGo: config.esimGo.url === undefined,
    gateway: config.gateway.url === undefined,
    mailbox: config.mail.smtpUrl === undefined,
  };
}

export const outsideServicesPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const standIns = standInsFor(config);
    app.decorate('outsideStatus', new OutsideStatus(configuredSystems(standIns)));
    app.decorate('esimGoClient', esimGoClients(app, config));
    app.decorate('gatewayClient', gatewayClients(app, config));
    app.decorate('gatewayReportingClient', gatewayReportingClient(app, config));
    const mailer = countedMailer(mailerFor(app, config), app.metrics.outsideCallsOf('mail'));
    app.decorate('mailer', app.outsideStatus.observe('mail', mailer, isMailOutage));
    app.addHook('onClose', async () => app.mailer.close());

    await app.register(
      async (sandbox) => {
        if (standIns.esimGo) {
          // Usage callbacks come back to this shop unless ESIMGO_CALLBACK_URL names another.
          const callbackUrl = () =>
            config.esimGo.callbackUrl ?? `${selfUrl(app)}${alertApiPaths.esimGoCallback.href()}`;
          await sandbox.register(esimGoSandbox, { prefix: '/esimgo', callbackUrl });
        }
        if (standIns.gateway) {
          // Its webhook notifications come back to this shop, with the shop's secret.
          await sandbox.register(gatewaySandbox, {
            prefix: '/gateway',
            notifications: {
              url: () => `${selfUrl(app)}${orderApiPaths.gatewayNotification.href()}`,
              secret: config.gateway.notificationSecret,
            },
          });
        }
        if (standIns.mailbox) await sandbox.register(mailboxRoutes, { prefix: '/mailbox' });
      },
      { prefix: '/_sandbox' },
    );
  },
  // Named, so the modules can declare that they need the clients and the mailer.
  { name: 'outside-services', dependencies: ['metrics'] },
);

/**
 * Builds a service's clients once: at once for a configured service, and when the app starts
 * listening for a stand-in, which is reached at the app's own listening address (it exists
 * only then, after this plugin has run). An app asked for a client before that builds it then.
 */
function builtOnce<T>(app: FastifyInstance, standIn: boolean, build: () => T): () => T {
  let built: T | undefined;
  const get = () => {
    built ??= build();
    return built;
  };
  if (standIn) app.addHook('onListen', async () => void get());
  else get();
  return get;
}

/**
 * Calls a second the shop starts at eSIM Go: v2.4 limits each IP to 10
 * (https://docs.esim-go.com/guides/api_version_migration/, answered 429 past it); one less
 * leaves room for calls that set off together and arrive closer than they left.
 */
export const ESIMGO_CALLS_PER_SECOND = 9;

function esimGoClients(app: FastifyInstance, config: Config) {
  const { url, apiKey } = config.esimGo;
  // One pacer for every client of the app: the limit counts the shop's address, not a client.
  const pacer = createCallPacer(ESIMGO_CALLS_PER_SECOND);
  const make = (tuning: EsimGoTuning): EsimGoClient =>
    app.outsideStatus.observe(
      'esimGo',
      createEsimGoClient({
        baseUrl: url ?? esimGoSandboxApiUrl(selfUrl(app)),
        apiKey,
        countAttempt: app.metrics.outsideCallsOf('esimGo'),
        pace: pacer.turn,
        ...tuning,
      }),
      isOutage,
    );
  const clients = builtOnce(app, url === undefined, () => ({
    standard: make(providerPatience.standard),
    interactive: make(providerPatience.interactive),
    background: make(providerPatience.background),
  }));
  return (tuning: ProviderPatience | EsimGoTuning = 'standard'): EsimGoClient =>
    typeof tuning === 'string' ? clients()[tuning] : make(tuning);
}

function gatewayClients(app: FastifyInstance, config: Config) {
  const { url, merchantId, password } = config.gateway;
  const make = (tuning: GatewayTuning): GatewayClient =>
    app.outsideStatus.observe(
      'gateway',
      createGatewayClient({
        baseUrl: url ?? gatewaySandboxUrl(selfUrl(app)),
        merchantId,
        password,
        countAttempt: app.metrics.outsideCallsOf('gateway'),
        ...tuning,
      }),
      isOutage,
    );
  const client = builtOnce(app, url === undefined, () => make({}));
  return (tuning?: GatewayTuning): GatewayClient => (tuning ? make(tuning) : client());
}

function gatewayReportingClient(app: FastifyInstance, config: Config) {
  const { merchantId, reporting } = config.gateway;
  if (!reporting) return () => undefined;
  const client = builtOnce(app, reporting.url === undefined, () =>
    createGatewayReportingClient({
      baseUrl: reporting.url ?? gatewaySandboxUrl(selfUrl(app)),
      merchantId,
      password: reporting.password,
    }),
  );
  return (): GatewayReportingClient | undefined => client();
}

/** The parts played by the real systems: the ones the health probe reports. */
function configuredSystems(standIns: StandIns): OutsideSystem[] {
  const systems: OutsideSystem[] = [];
  if (!standIns.esimGo) systems.push('esimGo');
  if (!standIns.gateway) systems.push('gateway');
  if (!standIns.mailbox) systems.push('mail');
  return systems;
}

/**
 * A service that did not answer, or answered 5xx, is away; one that said no (4xx, a refusal
 * in its own words) is there. eSIM Go's 503 Processing is its documented "come back later".
 */
function isOutage(error: unknown): boolean {
  if (!(error instanceof OutsideCallError)) return false;
  // No status: no answer (a timeout, a refused connection), or an answer we could not read,
  // which says the service is there.
  if (error.status === undefined) return error.failure === 'timeout' || error.failure === 'network';
  return error.status >= 500 && !(error instanceof EsimGoError && error.processing);
}

/** The mail server out of reach; a refused recipient (a 5xx for one address) says it is there. */
function isMailOutage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && SMTP_UNREACHABLE.has(code);
}

/** SMTP when configured; otherwise the dev mailbox, which keeps each message in the database. */
function mailerFor(app: FastifyInstance, config: Config): Mailer {
  const { smtpUrl, smtpCaFile, from } = config.mail;
  if (smtpUrl) return createSmtpMailer({ url: smtpUrl, from, ca: readCaFile(smtpCaFile) });
  return createDevMailboxMailer({ db: app.database.db, log: app.log, clock: app.clock });
}

/** Read once at start: a file that cannot be read stops the start, naming the setting. */
function readCaFile(file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`Invalid configuration: SMTP_CA_FILE cannot be read (${reason})`);
  }
}
