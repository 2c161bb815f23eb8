/**
 * The settings of `npm run sandboxes`, read from the environment once, here: where the
 * stand-ins listen and keep their data. A bad variable stops the start with one line naming it.
 */
import path from 'node:path';
import { z } from 'zod';
import { describeProblems, presentValues } from '../lib/environment-values';

const PORT_MESSAGE = 'must be a port number from 0 to 65535';
const port = (fallback: number) =>
  z.coerce
    .number({ error: PORT_MESSAGE })
    .int(PORT_MESSAGE)
    .min(0, PORT_MESSAGE)
    .max(65535, PORT_MESSAGE)
    .default(fallback);

const environmentSchema = z.object({
  /** HTTP: the eSIM Go simulator, the gateway sandbox and the mailbox's page and JSON. */
  SANDBOX_PORT: port(8081),
  /** The SMTP catcher; 0 picks a free port (tests). */
  SANDBOX_SMTP_PORT: port(2525),
  SANDBOX_HOST: z.string().min(1).default('127.0.0.1'),
  SANDBOX_DATA_DIR: z.string().min(1).default('./data/sandboxes'),
  /** Where the eSIM Go simulator POSTs usage callbacks: the shop's /esimgo/callback. */
  ESIMGO_CALLBACK_URL: z.url().optional(),
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
  return {
    httpPort: env.SANDBOX_PORT,
    smtpPort: env.SANDBOX_SMTP_PORT,
    host: env.SANDBOX_HOST,
    dataDir: path.resolve(env.SANDBOX_DATA_DIR),
    logLevel: env.LOG_LEVEL,
    esimGoCallbackUrl: env.ESIMGO_CALLBACK_URL,
  };
}
