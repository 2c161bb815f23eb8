/**
 * Configuration is read from the environment once, here, and nowhere else.
 * A bad variable stops the start with one line that names it.
 */
import path from 'node:path';
import { DEFAULT_BRAND_NAME } from '@tern/contract';
import { z } from 'zod';

const optionalUrl = z.url().optional();
const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl,
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
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).optional(),
  SUPPORT_EMAIL: z.email().optional(),
  REDIS_URL: optionalUrl,
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
});

export type Environment = z.input<typeof environmentSchema>;

export interface Config {
  port: number;
  host: string;
  /** Where browsers reach the shop; used in links we send out (e-mails, gateway returns). */
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise the embedded PGlite database in `dataDir/db`. */
  databaseUrl: string | undefined;
  brandName: string;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  /** The built web app to serve; absent in API-only test apps. */
  webDistDir: string | undefined;
  trustProxy: boolean;
  logFormat: 'pretty' | 'json';
  /** The built-in stand-ins for the outside systems are mounted under /_sandbox. */
  sandboxEnabled: boolean;
  esimGo: {
    /** undefined: the built-in simulator of this very app, reached over HTTP. */
    url: string | undefined;
    apiKey: string;
  };
  mail: {
    /** undefined: the dev mailbox. */
    smtpUrl: string | undefined;
    from: string;
    supportAddress: string;
  };
  /** Rate-limit counters are shared through Redis when set, else kept in memory. */
  redisUrl: string | undefined;
}

/** The simulator's key when no real eSIM Go account is configured. */
export const SANDBOX_ESIMGO_API_KEY = 'sandbox-esimgo-key';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const defaultWebDist = path.join(repoRoot, 'apps/web/dist');

export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, as in most .env tooling.
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const got = present[name];
      return `${name} ${issue.message.toLowerCase()}${got === undefined ? '' : ` (got "${got}")`}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  const usesSandbox = !env.ESIMGO_URL;
  const sandboxEnabled = env.SANDBOX_ENABLED || env.NODE_ENV !== 'production';
  if (usesSandbox && !sandboxEnabled) {
    throw new ConfigError(
      'Invalid configuration: ESIMGO_URL is required when NODE_ENV=production (or set SANDBOX_ENABLED=true)',
    );
  }
  const brandDomain = `${env.BRAND_NAME.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`;
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    brandName: env.BRAND_NAME,
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaultWebDist,
    trustProxy: env.TRUST_PROXY,
    logFormat: env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    sandboxEnabled,
    esimGo: {
      url: env.ESIMGO_URL?.replace(/\/$/, ''),
      apiKey: env.ESIMGO_API_KEY ?? SANDBOX_ESIMGO_API_KEY,
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `${env.BRAND_NAME} <no-reply@${brandDomain}>`,
      supportAddress: env.SUPPORT_EMAIL ?? `support@${brandDomain}`,
    },
    redisUrl: env.REDIS_URL,
  };
}
