/**
 * `npm run sandboxes`: starts the stand-ins as their own process and prints, one `NAME=value`
 * a line on stdout, the variables that point a production shop at them; logs go to stderr,
 * so `npm run --silent sandboxes > sandboxes.env` keeps only the variables.
 */
import { startSandboxes } from './standalone';
import { loadSandboxSettings, SandboxSettingsError } from './standalone-settings';

async function main(): Promise<void> {
  const settings = loadSandboxSettings();
  const sandboxes = await startSandboxes(settings, { logger: loggerOptions(settings.logLevel) });
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    const forceExit = setTimeout(() => process.exit(1), 5000).unref();
    await sandboxes.close();
    clearTimeout(forceExit);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());

  for (const [name, value] of Object.entries(sandboxes.shopEnvironment)) {
    console.log(`${name}=${value}`);
  }
  console.error(`Sandboxes are running; caught mail: ${sandboxes.url}/_sandbox/mailbox`);
}

/** Readable lines in a terminal, JSON otherwise; stderr either way, away from the variables. */
function loggerOptions(level: string) {
  if (!process.stderr.isTTY) return { level, stream: process.stderr };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { destination: 2, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss' },
    },
  };
}

main().catch((error: unknown) => {
  console.error(error instanceof SandboxSettingsError ? error.message : error);
  process.exit(1);
});
