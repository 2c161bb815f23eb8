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
}

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
  };
}
