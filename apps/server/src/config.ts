/**
 * Configuration is read from the environment once, here, and nowhere else.
 * A bad variable stops the start with one line that names it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_BRAND_NAME, DEFAULT_MOBILE_APP_SCHEME, type OperatorRole } from '@tern/contract';
import { z } from 'zod';
import { gatewayWalletProviders } from './db/schema/gateway-sandbox';
import { describeProblems, presentValues } from './lib/environment-values';

const optionalUrl = z.url().optional();
/** Store pages are public web pages: nothing but https belongs on a badge. */
const optionalHttpsUrl = z
  .url({
    protocol: /^https$/,
    hostname: z.regexes.domain,
    error: 'must be an https:// web address such as https://apps.apple.com/app/id123',
  })
  .optional();
const isoCodeList = z.string().regex(/^[a-z]{2}(\s*,\s*[a-z]{2})*$/i); // FR,TR,AE
const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const portNumber = z.coerce
  .number({ error: 'must be a port number from 0 to 65535' })
  .int('must be a port number from 0 to 65535')
  .min(0, 'must be a port number from 0 to 65535')
  .max(65535, 'must be a port number from 0 to 65535');

const environmentSchema = z.object({
  PORT: portNumber.default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl,
  /** Send visitors who reach the shop by another host name to PUBLIC_URL's (default: production). */
  PUBLIC_URL_REDIRECT: z.enum(['true', 'false', '1', '0']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  BRAND_NAME: z.string().min(1).default(DEFAULT_BRAND_NAME),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: booleanFlag,
  NODE_ENV: z.string().optional(),
  /** Mount the built-in sandboxes even where NODE_ENV=production. */
  SANDBOX_ENABLED: booleanFlag,
  ESIMGO_URL: optionalUrl,
  ESIMGO_API_KEY: z.string().min(1).optional(),
  ESIMGO_CALLBACK_URL: optionalUrl,
  /** Below this eSIM Go balance (in the organisation's currency) the operator is warned. */
  ESIMGO_BALANCE_FLOOR: z.coerce.number().min(0).optional(),
  ESIMGO_BALANCE_CHECK_MINUTES: z.coerce.number().min(0.01).max(1440).default(10),
  GATEWAY_URL: optionalUrl,
  GATEWAY_MERCHANT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, - or _')
    .optional(),
  GATEWAY_PASSWORD: z.string().min(1).optional(),
  GATEWAY_OPERATION: z.enum(['AUTHORIZE', 'PURCHASE']).default('AUTHORIZE'),
  /** The Reporting API's own password (Merchant Administration), for the reconciliation. */
  GATEWAY_REPORTING_PASSWORD: z.string().min(1).optional(),
  /** The reporting download host when it is not GATEWAY_URL's. */
  GATEWAY_REPORTING_URL: optionalUrl,
  /** The secret the gateway sends with each webhook notification (Merchant Administration). */
  GATEWAY_NOTIFICATION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** How long a payer has on the hosted payment page (interaction.timeout), in seconds. */
  GATEWAY_CHECKOUT_TIMEOUT_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  /** The wallets the merchant profile offers on the hosted page: `APPLE_PAY,GOOGLE_PAY` or `none`. */
  GATEWAY_WALLETS: z
    .string()
    .regex(
      /^\s*(none|(APPLE_PAY|GOOGLE_PAY)(\s*,\s*(APPLE_PAY|GOOGLE_PAY))*)\s*$/i,
      'must be none or a list of apple_pay and google_pay, such as APPLE_PAY,GOOGLE_PAY',
    )
    .optional(),
  /** Apple's domain-verification file, served at /.well-known/apple-developer-merchantid-domain-association. */
  APPLE_PAY_DOMAIN_ASSOCIATION_FILE: z.string().min(1).optional(),
  MOBILE_APP_SCHEME: z
    .string()
    .regex(/^[a-z][a-z0-9+.-]*$/, 'must be a URL scheme such as tern')
    .default(DEFAULT_MOBILE_APP_SCHEME),
  APP_STORE_URL: optionalHttpsUrl,
  PLAY_STORE_URL: optionalHttpsUrl,
  SMTP_URL: optionalUrl,
  /** PEM certificates the SMTP server's must be signed by, e.g. the SMTP catcher's own. */
  SMTP_CA_FILE: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SUPPORT_EMAIL: z.email().optional(),
  REDIS_URL: optionalUrl,
  RATE_LIMIT_FACTOR: z.coerce.number().positive().max(1000).default(1),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  CATALOG_MARKUP_PERCENT: z.coerce.number().min(0).max(1000).default(35),
  CATALOG_FAVOURITES: isoCodeList.optional(),
  REFERRAL_REWARD_USD: z.coerce.number().min(0).max(100).default(5),
  REFERRAL_FRIEND_REWARD_USD: z.coerce.number().min(0).max(100).default(5),
  REFERRAL_MAX_PER_MONTH: z.coerce.number().int().min(0).max(1000).default(5),
  ORDERS_WORKER_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value !== 'false' && value !== '0'),
  ORDERS_WORKER_INTERVAL_MS: z.coerce.number().int().min(10).default(2000),
  ORDERS_RETRY_BASE_MS: z.coerce.number().int().min(0).default(1000),
  ORDERS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
  ORDERS_LEASE_MS: z.coerce.number().int().min(1000).default(120_000),
  ORDERS_ABANDON_AFTER_MINUTES: z.coerce.number().min(0).default(60),
  ORDERS_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(10).default(60_000),
  /**
   * Time between two orders placed at eSIM Go, across every instance; eSIM Go asks for at least
   * 3 s. Unset: 3000 with ESIMGO_URL, 0 with the built-in simulator.
   */
  ESIMGO_ORDER_SPACING_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  ESIM_USAGE_CACHE_MS: z.coerce.number().int().min(0).default(60_000),
  ALERTS_POLL_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value !== 'false' && value !== '0'),
  ALERTS_POLL_INTERVAL_MS: z.coerce.number().int().min(1000).default(900_000),
  ALERTS_POLL_LOOKBACK_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  SELLER_NAME: z.string().min(1).optional(),
  SELLER_ADDRESS: z.string().min(1).default('Beirut, Lebanon'),
  SELLER_TAX_ID: z.string().default(''),
  /** The console's operators: `ops@example.com:operator,view@example.com:viewer`. */
  OPERATOR_EMAILS: z
    .string()
    .regex(
      /^\s*[^\s:,]+@[^\s:,]+:(operator|viewer)\s*(,\s*[^\s:,]+@[^\s:,]+:(operator|viewer)\s*)*$/,
      'must list e-mail:role pairs, such as ops@example.com:operator,view@example.com:viewer',
    )
    .optional(),
  /** How long an operator's session lasts from sign-in. */
  OPERATOR_SESSION_MINUTES: z.coerce.number().int().min(5).max(1440).default(120),
  /** What a Prometheus scraper sends as `Authorization: Bearer …` to read /metrics on PORT. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** A port of its own for /metrics, on HOST, which the public port then never answers. */
  METRICS_PORT: portNumber.optional(),
  /** An OTLP/HTTP collector: traces go to its /v1/traces; unset, no tracing is loaded at all. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  /** OpenTelemetry's own names; gRPC is not offered (one more native stack for one setting). */
  OTEL_EXPORTER_OTLP_PROTOCOL: z
    .enum(['http/protobuf', 'http/json'], { message: 'must be http/protobuf or http/json' })
    .default('http/protobuf'),
  OTEL_SERVICE_NAME: z.string().min(1).default('tern'),
});

export type Environment = z.input<typeof environmentSchema>;

export interface Config {
  port: number;
  host: string;
  /**
   * Where browsers reach the shop; used in links we send out (e-mails, gateway returns). Without
   * PUBLIC_URL it is the address the shop prints at start, and each visit is answered at the
   * address it came by (see lib/public-origin.ts).
   */
  publicUrl: string;
  /** PUBLIC_URL was set: links always name it, whatever host a visitor typed. */
  publicUrlFixed: boolean;
  /** Visitors on another host name are sent to PUBLIC_URL's host before anything else. */
  redirectToPublicHost: boolean;
  dataDir: string;
  /** PostgreSQL when set; otherwise the embedded PGlite database in `dataDir/db`. */
  databaseUrl: string | undefined;
  brandName: string;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  /** The built web app to serve; absent in API-only test apps. */
  webDistDir: string | undefined;
  trustProxy: boolean;
  logFormat: 'pretty' | 'json';
  /**
   * Built-in stand-ins may be mounted under /_sandbox, each only for a part left unconfigured
   * (see plugins/outside-services.ts): asked for, or a development start on a loopback host.
   */
  sandboxEnabled: boolean;
  esimGo: {
    /** undefined: the built-in simulator of this very app, reached over HTTP. */
    url: string | undefined;
    apiKey: string;
    /**
     * Where the built-in simulator POSTs its usage callbacks (the real eSIM Go takes this URL
     * in its portal instead); undefined: this shop's own callback endpoint.
     */
    callbackUrl: string | undefined;
    /** The balance under which the operator is warned by e-mail; undefined: never. */
    balanceFloor: number | undefined;
    /** How often the balance is read. */
    balanceCheckMs: number;
  };
  /** The MPGS payment gateway (Hosted Checkout). */
  gateway: {
    /** The gateway's root, e.g. https://test-gateway.mastercard.com; undefined: the built-in sandbox. */
    url: string | undefined;
    merchantId: string;
    password: string;
    /** AUTHORIZE: capture after the eSIM is delivered; PURCHASE: take the money at once. */
    operation: 'AUTHORIZE' | 'PURCHASE';
    /**
     * The webhook notifications' secret (X-Notification-Secret); undefined: notifications are
     * not taken (the reconciler and the buyer's return still confirm payments).
     */
    notificationSecret: string | undefined;
    /** The payer's time on the hosted page; shorter than the time before unpaid orders are cancelled. */
    checkoutTimeoutSeconds: number;
    /**
     * The wallets the merchant profile offers on the hosted page. At MPGS a profile setting made
     * by the payment service provider, not a request field; the built-in sandbox's profile is
     * this very list.
     */
    wallets: readonly WalletProvider[];
    /**
     * Apple's domain-verification file, read at start, which the shop serves where Apple looks
     * for it; undefined: not configured, and that address answers 404.
     */
    applePayDomainAssociation: string | undefined;
    /**
     * The Reporting API (transactions of a time window as CSV), with its own password; undefined:
     * not configured, and the reconciliation lists no gateway payments. Its URL: undefined for the
     * built-in sandbox, as `url`.
     */
    reporting: { url: string | undefined; password: string } | undefined;
  };
  /** The mobile app's URL scheme, for handing a payment result back to the app. */
  mobileAppScheme: string;
  /** The app's store pages for the footer's badges; a badge without one is not shown. */
  appStores: { appStoreUrl: string | undefined; playStoreUrl: string | undefined };
  mail: {
    /** undefined: the dev mailbox. */
    smtpUrl: string | undefined;
    /**
     * An absolute PEM file: the SMTP server's certificate must be signed by one in it (not by a
     * public authority); undefined: the usual public authorities.
     */
    smtpCaFile: string | undefined;
    from: string;
    supportAddress: string;
  };
  /** Rate-limit counters are shared through Redis when set, else kept in memory. */
  redisUrl: string | undefined;
  /** Every rate limit is multiplied by this (1 = the limits as designed). */
  rateLimitFactor: number;
  /** Shop price = provider price + markup, rounded up to x.99; favourites are ISO codes. */
  catalog: { markupPercent: number; favourites: string[] };
  /** Store credit for a referral, in cents, to each side; rewards a referrer gets a month. */
  referrals: { rewardCents: number; friendRewardCents: number; maxPerMonth: number };
  /** Fulfilment jobs and the payment reconciler (see modules/orders/worker.ts). */
  orders: {
    /** Run due jobs and the reconciler in this process (every instance may). */
    workerEnabled: boolean;
    workerIntervalMs: number;
    /** First retry delay of a failed fulfilment; it doubles on each attempt. */
    retryBaseMs: number;
    /** Fulfilment attempts before the payment is given back. */
    maxAttempts: number;
    /** How long a claimed job is a worker's before another may take it over. */
    leaseMs: number;
    /** Orders still unpaid after this long are checked at the gateway and cancelled. */
    abandonAfterMinutes: number;
    reconcileIntervalMs: number;
    /** Time between two orders placed at eSIM Go, across every instance (provider-pacing.ts). */
    providerOrderSpacingMs: number;
  };
  /** How long an eSIM's usage reading is reused; the provider's own figures lag anyway. */
  esims: { usageCacheMs: number };
  /** Usage alerts (see modules/alerts): the poll that covers callbacks eSIM Go never sent. */
  alerts: {
    /** Run the poll in this process (every instance may: each alert is claimed once). */
    pollEnabled: boolean;
    pollIntervalMs: number;
    /** eSIMs with a purchase booked within this many days are polled. */
    lookbackDays: number;
  };
  /** Who sells, as printed on invoices; the name defaults to the brand. */
  seller: { name: string; address: string; taxId: string };
  operators: {
    /** Role by lower-cased e-mail: only these may sign in to the console. */
    roles: ReadonlyMap<string, OperatorRole>;
    sessionMinutes: number;
  };
  /**
   * Who may read /metrics (plugins/metrics.ts): with `port`, a listener of its own on HOST;
   * else with `token`, the public port to a scraper that sends it; neither: nobody.
   */
  metrics: { token: string | undefined; port: number | undefined };
  /** Where traces are exported (lib/tracing.ts, decision 0044); undefined: tracing is off. */
  tracing: TracingSettings | undefined;
}

export type WalletProvider = (typeof gatewayWalletProviders)[number];

export interface TracingSettings {
  /** The collector's traces address: OTEL_EXPORTER_OTLP_ENDPOINT with /v1/traces, as the spec says. */
  tracesUrl: string;
  protocol: 'http/protobuf' | 'http/json';
  serviceName: string;
}

// Footer Top Destinations, then the most visited travel countries.
const DEFAULT_FAVOURITES =
  'FR,TR,AE,IT,ES,US,CN,GB,DE,MX,TH,JP,AT,GR,MY,PT,NL,CA,HK,SA,PL,HR,VN,KR,MA';

/**
 * "at least 3 seconds between orders" (help.esim-go.com, quoted in issue 29): the spacing of
 * provider orders when the real eSIM Go is configured.
 */
export const ESIMGO_ORDER_SPACING_MS = 3000;

/** The simulator's key when no real eSIM Go account is configured. */
export const SANDBOX_ESIMGO_API_KEY = 'sandbox-esimgo-key';
/** The gateway sandbox's merchant when no real gateway account is configured. */
export const SANDBOX_GATEWAY_MERCHANT_ID = 'TERNSANDBOX';
/** The gateway sandbox's API password when no real gateway account is configured. */
export const SANDBOX_GATEWAY_PASSWORD = 'sandbox-gateway-password';
/** The gateway sandbox's Reporting API password: not the API password, as at MPGS. */
export const SANDBOX_GATEWAY_REPORTING_PASSWORD = 'sandbox-gateway-reporting-password';
/** The secret the gateway sandbox sends with its webhook notifications to this shop. */
export const SANDBOX_GATEWAY_NOTIFICATION_SECRET = 'sandbox-gateway-notification-secret';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const defaultWebDist = path.join(repoRoot, 'apps/web/dist');

/** Zod's words for a wrong type are for programmers; a shop owner reads this line. */
function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.expected === 'number') return 'must be a number';
  if (issue.code === 'invalid_value' || issue.code === 'invalid_format') {
    return issue.message.replace(/^invalid input: /i, 'must be ').toLowerCase();
  }
  return issue.message.toLowerCase();
}

export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const present = presentValues(environment);
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = describeProblems(parsed.error.issues, present, describeIssue);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  const problems = [
    ...missingPublicUrl(env),
    ...missingCredentials(env),
    ...missingServices(env),
    ...sharedMetricsPort(env),
    ...missingDomainAssociation(env),
  ];
  const domainAssociation = readDomainAssociation(env);
  if (typeof domainAssociation === 'object') {
    throw new ConfigError(`Invalid configuration: ${domainAssociation.problem}`);
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const sandboxEnabled = standInsRefusedBecause(env) === undefined;
  const brandDomain = `${env.BRAND_NAME.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`;
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? listeningAddress(env.HOST, env.PORT)).replace(/\/$/, ''),
    publicUrlFixed: env.PUBLIC_URL !== undefined,
    redirectToPublicHost:
      env.PUBLIC_URL !== undefined &&
      (env.PUBLIC_URL_REDIRECT === undefined
        ? env.NODE_ENV === 'production'
        : env.PUBLIC_URL_REDIRECT === 'true' || env.PUBLIC_URL_REDIRECT === '1'),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    brandName: env.BRAND_NAME,
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaultWebDist,
    trustProxy: env.TRUST_PROXY,
    logFormat: env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    sandboxEnabled,
    // Missing credentials were refused above for a configured service: the defaults reach only stand-ins.
    esimGo: {
      url: env.ESIMGO_URL?.replace(/\/$/, ''),
      apiKey: env.ESIMGO_API_KEY ?? SANDBOX_ESIMGO_API_KEY,
      callbackUrl: env.ESIMGO_CALLBACK_URL,
      balanceFloor: env.ESIMGO_BALANCE_FLOOR,
      balanceCheckMs: Math.round(env.ESIMGO_BALANCE_CHECK_MINUTES * 60_000),
    },
    gateway: {
      url: env.GATEWAY_URL?.replace(/\/$/, ''),
      merchantId: env.GATEWAY_MERCHANT_ID ?? SANDBOX_GATEWAY_MERCHANT_ID,
      password: env.GATEWAY_PASSWORD ?? SANDBOX_GATEWAY_PASSWORD,
      operation: env.GATEWAY_OPERATION,
      notificationSecret:
        env.GATEWAY_NOTIFICATION_SECRET ??
        (env.GATEWAY_URL === undefined ? SANDBOX_GATEWAY_NOTIFICATION_SECRET : undefined),
      checkoutTimeoutSeconds: env.GATEWAY_CHECKOUT_TIMEOUT_SECONDS,
      wallets: gatewayWallets(env),
      applePayDomainAssociation: domainAssociation,
      reporting: gatewayReporting(env),
    },
    mobileAppScheme: env.MOBILE_APP_SCHEME,
    appStores: { appStoreUrl: env.APP_STORE_URL, playStoreUrl: env.PLAY_STORE_URL },
    mail: {
      smtpUrl: env.SMTP_URL,
      smtpCaFile: env.SMTP_CA_FILE === undefined ? undefined : path.resolve(env.SMTP_CA_FILE),
      from: env.MAIL_FROM ?? `${env.BRAND_NAME} <no-reply@${brandDomain}>`,
      supportAddress: env.SUPPORT_EMAIL ?? `support@${brandDomain}`,
    },
    redisUrl: env.REDIS_URL,
    rateLimitFactor: env.RATE_LIMIT_FACTOR,
    catalog: {
      markupPercent: env.CATALOG_MARKUP_PERCENT,
      favourites: [
        ...new Set((env.CATALOG_FAVOURITES ?? DEFAULT_FAVOURITES).toUpperCase().split(/\s*,\s*/)),
      ],
    },
    referrals: {
      rewardCents: Math.round(env.REFERRAL_REWARD_USD * 100),
      friendRewardCents: Math.round(env.REFERRAL_FRIEND_REWARD_USD * 100),
      maxPerMonth: env.REFERRAL_MAX_PER_MONTH,
    },
    orders: {
      workerEnabled: env.ORDERS_WORKER_ENABLED,
      workerIntervalMs: env.ORDERS_WORKER_INTERVAL_MS,
      retryBaseMs: env.ORDERS_RETRY_BASE_MS,
      maxAttempts: env.ORDERS_MAX_ATTEMPTS,
      leaseMs: env.ORDERS_LEASE_MS,
      abandonAfterMinutes: env.ORDERS_ABANDON_AFTER_MINUTES,
      reconcileIntervalMs: env.ORDERS_RECONCILE_INTERVAL_MS,
      providerOrderSpacingMs:
        env.ESIMGO_ORDER_SPACING_MS ?? (env.ESIMGO_URL === undefined ? 0 : ESIMGO_ORDER_SPACING_MS),
    },
    esims: { usageCacheMs: env.ESIM_USAGE_CACHE_MS },
    alerts: {
      pollEnabled: env.ALERTS_POLL_ENABLED,
      pollIntervalMs: env.ALERTS_POLL_INTERVAL_MS,
      lookbackDays: env.ALERTS_POLL_LOOKBACK_DAYS,
    },
    seller: {
      name: env.SELLER_NAME ?? env.BRAND_NAME,
      address: env.SELLER_ADDRESS,
      taxId: env.SELLER_TAX_ID,
    },
    operators: {
      roles: operatorRolesOf(env.OPERATOR_EMAILS),
      sessionMinutes: env.OPERATOR_SESSION_MINUTES,
    },
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT },
    tracing: tracingSettings(env),
  };
}

/**
 * OTEL_EXPORTER_OTLP_ENDPOINT is a base for every signal, each adding its own path
 * (https://opentelemetry.io/docs/specs/otel/protocol/exporter/#endpoint-urls-for-otlphttp).
 */
function tracingSettings(env: ParsedEnvironment): TracingSettings | undefined {
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT === undefined) return undefined;
  return {
    tracesUrl: `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces`,
    protocol: env.OTEL_EXPORTER_OTLP_PROTOCOL,
    serviceName: env.OTEL_SERVICE_NAME,
  };
}

/**
 * The gateway's Reporting API: the sandbox's with the sandbox; a real gateway's only with its
 * own password ("You must generate a password to access the Reporting API",
 * https://ap-gateway.mastercard.com/api/documentation/integrationGuidelines/supportedFeatures/pickAdditionalFunctionality/reporting/reportingAPI.html).
 */
function gatewayReporting(env: ParsedEnvironment): Config['gateway']['reporting'] {
  const url = (env.GATEWAY_REPORTING_URL ?? env.GATEWAY_URL)?.replace(/\/$/, '');
  if (env.GATEWAY_REPORTING_PASSWORD) return { url, password: env.GATEWAY_REPORTING_PASSWORD };
  return env.GATEWAY_URL === undefined
    ? { url, password: SANDBOX_GATEWAY_REPORTING_PASSWORD }
    : undefined;
}

/**
 * The merchant profile's wallets. Unset: both with the built-in sandbox, so the whole wallet path
 * is tried here; none with a real gateway, where the payment service provider enables them on the
 * profile ("your merchant profile on the gateway must have the \"Enable Apple Pay on Hosted
 * Checkout\" ... privileges", https://ap-gateway.mastercard.com/api/api/documentation/integrationGuidelines/supportedFeatures/pickPaymentMethod/devicePayments/ApplePay.html)
 * and the shop cannot know it unless told.
 */
function gatewayWallets(env: ParsedEnvironment): readonly WalletProvider[] {
  const list =
    env.GATEWAY_WALLETS ?? (env.GATEWAY_URL === undefined ? 'APPLE_PAY,GOOGLE_PAY' : 'none');
  const named = list.split(',').map((name) => name.trim().toUpperCase());
  return gatewayWalletProviders.filter((wallet) => named.includes(wallet));
}

/**
 * Apple Pay on a real gateway needs the shop's domain verified with Apple, by the file at
 * https://[DOMAIN_NAME]/.well-known/apple-developer-merchantid-domain-association
 * (https://developer.apple.com/documentation/applepaywebmerchantregistrationapi/preparing-merchant-domains-for-verification);
 * "Apple Pay servers don't require domain verification in the sandbox environment" (same page),
 * so the built-in sandbox goes without.
 */
function missingDomainAssociation(env: ParsedEnvironment): string[] {
  const applePay = gatewayWallets(env).includes('APPLE_PAY');
  return applePay && env.GATEWAY_URL !== undefined && !env.APPLE_PAY_DOMAIN_ASSOCIATION_FILE
    ? [
        'APPLE_PAY_DOMAIN_ASSOCIATION_FILE is required when GATEWAY_WALLETS includes APPLE_PAY and GATEWAY_URL is set',
      ]
    : [];
}

/** The file's text, read once; a file that cannot be read stops the start, naming it. */
function readDomainAssociation(env: ParsedEnvironment): string | undefined | { problem: string } {
  const file = env.APPLE_PAY_DOMAIN_ASSOCIATION_FILE;
  if (file === undefined) return undefined;
  const absolute = path.resolve(file);
  try {
    const text = readFileSync(absolute, 'utf8');
    if (text.trim() === '') {
      return { problem: `APPLE_PAY_DOMAIN_ASSOCIATION_FILE ${absolute} is empty` };
    }
    return text;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    return { problem: `APPLE_PAY_DOMAIN_ASSOCIATION_FILE ${absolute} cannot be read (${code})` };
  }
}

/** `a@x:operator,b@y:viewer` as a map; the format was checked by the schema. */
function operatorRolesOf(list: string | undefined): ReadonlyMap<string, OperatorRole> {
  const roles = new Map<string, OperatorRole>();
  for (const pair of (list ?? '').split(',')) {
    const [email, role] = pair.trim().split(':');
    if (email && (role === 'operator' || role === 'viewer')) roles.set(email.toLowerCase(), role);
  }
  return roles;
}

type ParsedEnvironment = z.output<typeof environmentSchema>;

/**
 * The address the shop prints at start, and the one its e-mails link to when PUBLIC_URL is
 * unset: one address for both, so a newcomer who opens what was printed is where the links go.
 * An address that listens everywhere is printed as this machine's loopback.
 */
export function listeningAddress(host: string, port: number): string {
  const shown = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

/** Sign-in links and the gateway's way back go to PUBLIC_URL: a guess would strand every payer. */
function missingPublicUrl(env: ParsedEnvironment): string[] {
  return env.NODE_ENV === 'production' && env.PUBLIC_URL === undefined
    ? ['PUBLIC_URL is required when NODE_ENV=production']
    : [];
}

/** The metrics port exists to keep /metrics off the public one: the same number would undo it. */
function sharedMetricsPort(env: ParsedEnvironment): string[] {
  return env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT
    ? [`METRICS_PORT must differ from PORT (both are ${env.PORT})`]
    : [];
}

/** A real service needs its account: a sandbox default would only fail at the first call. */
const CREDENTIALS = [
  ['ESIMGO_URL', ['ESIMGO_API_KEY']],
  ['GATEWAY_URL', ['GATEWAY_MERCHANT_ID', 'GATEWAY_PASSWORD']],
] as const;

function missingCredentials(env: ParsedEnvironment): string[] {
  return CREDENTIALS.flatMap(([service, credentials]) =>
    env[service] === undefined
      ? []
      : credentials
          .filter((name) => env[name] === undefined)
          .map((name) => `${name} is required when ${service} is set`),
  );
}

/** Each outside service left unset needs a stand-in, which must be allowed here. */
function missingServices(env: ParsedEnvironment): string[] {
  const reason = standInsRefusedBecause(env);
  if (reason === undefined) return [];
  const services = ['ESIMGO_URL', 'GATEWAY_URL', 'SMTP_URL'] as const;
  return services
    .filter((name) => env[name] === undefined)
    .map((name) => `${name} is required when ${reason} (or set SANDBOX_ENABLED=true)`);
}

/**
 * Stand-ins accept any card and print sign-in codes to the log, so they are for this machine:
 * never in production, never on an address others reach, unless SANDBOX_ENABLED says so.
 */
function standInsRefusedBecause(env: ParsedEnvironment): string | undefined {
  if (env.SANDBOX_ENABLED) return undefined;
  if (env.NODE_ENV === 'production') return 'NODE_ENV=production';
  if (!isLoopback(env.HOST)) return `HOST=${env.HOST}, an address other machines reach`;
  return undefined;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
