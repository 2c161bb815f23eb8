/**
 * The settings of `npm run sandboxes`, read from the environment once, here: where the
 * stand-ins listen and keep their data. A bad variable stops the start with one line naming it.
 */
import path from 'node:path';
import { z } from 'zod';
import { SANDBOX_GATEWAY_NOTIFICATION_SECRET } from '../config';
import { describeProblems, presentValues } from '../lib/environment-values';

const PORT_MESSAGE = 'must be a port number from 0 to 65535';
const port = (fallback: number) =>
  z.coerce
    .number({ error: PORT_MESSAGE })
    .int(PORT_MESSAGE)
    .min(0, PORT_MESSAGE)
    .max(65535, PORT_MESSAGE)
    .default(fallback);

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .optional()
  .transform((value) => value === 'true' || value === '1');

const COUNT_MESSAGE = 'must be a whole number from 0';
const REGEX_MESSAGE = 'must be a regular expression, such as ^bounce@';

const environmentSchema = z.object({
  /** HTTP: the eSIM Go simulator, the gateway sandbox and the mailbox's page and JSON. */
  SANDBOX_PORT: port(8081),
  /** The SMTP catcher; 0 picks a free port (tests). */
  SANDBOX_SMTP_PORT: port(2525),
  SANDBOX_HOST: z.string().min(1).default('127.0.0.1'),
  SANDBOX_DATA_DIR: z.string().min(1).default('./data/sandboxes'),
  /** Where the eSIM Go simulator POSTs usage callbacks: the shop's /esimgo/callback. */
  ESIMGO_CALLBACK_URL: z.url().optional(),
  /** Where the gateway sandbox POSTs webhook notifications: the shop's /payment/notifications. */
  GATEWAY_NOTIFICATION_URL: z.url().optional(),
  /** The secret those notifications carry; the sandbox's own when unset. */
  GATEWAY_NOTIFICATION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The SMTP catcher requires AUTH PLAIN or LOGIN with this user and password (both or neither). */
  SANDBOX_SMTP_USER: z.string().optional(),
  SANDBOX_SMTP_PASSWORD: z.string().optional(),
  /** The SMTP catcher offers STARTTLS, with a certificate made at start, and requires it. */
  SANDBOX_SMTP_REQUIRE_STARTTLS: booleanFlag,
  /** The SMTP catcher answers the next this-many messages 451 4.3.0 at the end of DATA. */
  SANDBOX_SMTP_TEMPFAIL_NEXT: z.coerce
    .number({ error: COUNT_MESSAGE })
    .int(COUNT_MESSAGE)
    .min(0, COUNT_MESSAGE)
    .default(0),
  /** The SMTP catcher answers RCPT TO 451 4.3.0 for the addresses this matches (any case). */
  SANDBOX_SMTP_TEMPFAIL_RECIPIENTS: z
    .string()
    .refine(isRegularExpression, REGEX_MESSAGE)
    .transform((source) => new RegExp(source, 'i'))
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface SandboxSettings {
  httpPort: number;
  smtpPort: number;
  host: string;
  /** An absolute folder; the stand-ins' PGlite database lives in its `db` folder. */
  dataDir: string;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  /** undefined: the simulator sends no usage callbacks (it does not know the shop's address). */
  esimGoCallbackUrl?: string | undefined;
  /** undefined: the gateway sandbox sends no webhook notifications (it does not know the shop's address). */
  gatewayNotifications?: GatewayNotificationSettings | undefined;
  /** How strict the SMTP catcher is; undefined: not at all, as by default. */
  smtp?: SmtpCatcherSettings;
}

/** Where the gateway sandbox sends its webhook notifications, and the secret they carry. */
export interface GatewayNotificationSettings {
  url: string;
  secret: string;
}

/** The SMTP catcher's strict switches, each off by default so any local client gets through. */
export interface SmtpCatcherSettings {
  login?: { user: string; password: string } | undefined;
  requireStartTls: boolean;
  failNextMessages: number;
  failRecipients?: RegExp | undefined;
}

export class SandboxSettingsError extends Error {
  override name = 'SandboxSettingsError';
}

export function loadSandboxSettings(
  environment: Record<string, string | undefined> = process.env,
): SandboxSettings {
  const present = presentValues(environment);
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = describeProblems(parsed.error.issues, present, (issue) =>
      issue.message.toLowerCase(),
    );
    throw new SandboxSettingsError(`Invalid sandbox settings: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  const half = halfLoginProblem(env) ?? secretWithoutAddressProblem(env);
  if (half) throw new SandboxSettingsError(`Invalid sandbox settings: ${half}`);
  return {
    httpPort: env.SANDBOX_PORT,
    smtpPort: env.SANDBOX_SMTP_PORT,
    host: env.SANDBOX_HOST,
    dataDir: path.resolve(env.SANDBOX_DATA_DIR),
    logLevel: env.LOG_LEVEL,
    esimGoCallbackUrl: env.ESIMGO_CALLBACK_URL,
    gatewayNotifications: env.GATEWAY_NOTIFICATION_URL
      ? {
          url: env.GATEWAY_NOTIFICATION_URL,
          secret: env.GATEWAY_NOTIFICATION_SECRET ?? SANDBOX_GATEWAY_NOTIFICATION_SECRET,
        }
      : undefined,
    smtp: {
      login:
        env.SANDBOX_SMTP_USER && env.SANDBOX_SMTP_PASSWORD
          ? { user: env.SANDBOX_SMTP_USER, password: env.SANDBOX_SMTP_PASSWORD }
          : undefined,
      requireStartTls: env.SANDBOX_SMTP_REQUIRE_STARTTLS,
      failNextMessages: env.SANDBOX_SMTP_TEMPFAIL_NEXT,
      failRecipients: env.SANDBOX_SMTP_TEMPFAIL_RECIPIENTS,
    },
  };
}

/** A user without a password (or the other way round) is a typo, not an open catcher. */
function halfLoginProblem(env: z.infer<typeof environmentSchema>): string | undefined {
  const [user, password] = [env.SANDBOX_SMTP_USER, env.SANDBOX_SMTP_PASSWORD];
  if (user && !password) return 'SANDBOX_SMTP_PASSWORD is required when SANDBOX_SMTP_USER is set';
  if (password && !user) return 'SANDBOX_SMTP_USER is required when SANDBOX_SMTP_PASSWORD is set';
  return undefined;
}

/** A secret with nowhere to send it is a forgotten address, not notifications switched off. */
function secretWithoutAddressProblem(env: z.infer<typeof environmentSchema>): string | undefined {
  return env.GATEWAY_NOTIFICATION_SECRET && !env.GATEWAY_NOTIFICATION_URL
    ? 'GATEWAY_NOTIFICATION_URL is required when GATEWAY_NOTIFICATION_SECRET is set'
    : undefined;
}

function isRegularExpression(source: string): boolean {
  try {
    new RegExp(source, 'i');
    return true;
  } catch {
    return false;
  }
}
