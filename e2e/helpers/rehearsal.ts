/**
 * A production rehearsal for one spec: `npm run sandboxes` as its own process, in the harshest
 * settings the stand-ins offer, and a shop with NODE_ENV=production pointed at it by the
 * variables it prints, on a fresh PostgreSQL database (TEST_DATABASE_URL's server) or else
 * PGlite. Every wait is bounded; stop() ends both.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { alertApiPaths, orderApiPaths } from '@tern/contract';
import pg from 'pg';
import { type Child, spawnChild, stopChild, waitFor } from './child-process';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const SANDBOXES_TIMEOUT_MS = 60_000;
const SHOP_TIMEOUT_MS = 120_000;

/**
 * What `npm run sandboxes` prints for the shop, one NAME=value a line; in the settings below it
 * must also print the catcher's certificate and the notifications' secret.
 */
const SHOP_VARIABLES = [
  'ESIMGO_URL',
  'ESIMGO_API_KEY',
  'GATEWAY_URL',
  'GATEWAY_MERCHANT_ID',
  'GATEWAY_PASSWORD',
  'GATEWAY_NOTIFICATION_SECRET',
  'SMTP_URL',
  'SMTP_CA_FILE',
] as const;
export type ShopVariables = Record<(typeof SHOP_VARIABLES)[number], string>;

export interface Rehearsal {
  /** The production shop, e.g. http://127.0.0.1:41234. */
  shopUrl: string;
  /** The stand-ins' HTTP address; caught mail is at /_sandbox/mailbox. */
  sandboxesUrl: string;
  /** What the sandboxes printed, as the shop was given it. */
  printed: ShopVariables;
  /** postgres or pglite: where the shop keeps its data in this run. */
  databaseKind: 'postgres' | 'pglite';
  stop(): Promise<void>;
}

export async function startRehearsal(): Promise<Rehearsal> {
  const folder = await mkdtemp(path.join(tmpdir(), 'tern-rehearsal-'));
  const cleanups: (() => Promise<void>)[] = [() => rm(folder, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    // The shop's address comes first: the stand-ins call it back.
    const port = await freePort();
    const shopUrl = `http://127.0.0.1:${port}`;
    const sandboxes = startChild('npm', ['run', '--silent', 'sandboxes'], {
      SANDBOX_PORT: '0',
      SANDBOX_SMTP_PORT: '0',
      SANDBOX_DATA_DIR: path.join(folder, 'sandboxes'),
      LOG_LEVEL: 'warn',
      ...harshestSettings(shopUrl),
    });
    cleanups.push(() => stopChild(sandboxes));
    const printed = await readPrintedVariables(sandboxes);

    const database = await freshDatabase(folder);
    cleanups.push(database.drop);

    const shop = startChild('node', ['scripts/start.mjs'], {
      ...printed,
      ...database.variables,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: shopUrl,
      WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist'),
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      // Every browser-test visitor is 127.0.0.1; per-IP limits are tested in the server suite.
      RATE_LIMIT_FACTOR: '20',
    });
    cleanups.push(() => stopChild(shop));
    await waitUntilServing(shop, shopUrl);

    return {
      shopUrl,
      sandboxesUrl: new URL(printed.GATEWAY_URL).origin,
      printed,
      databaseKind: database.kind,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The stand-ins at their least kind (README, "A stricter SMTP catcher" and "The stand-ins' test
 * switches"): the SMTP catcher requires a login and STARTTLS, and answers the first message
 * 451 as a greylisting server does; the gateway sends the shop its webhook notifications and
 * the simulator its usage callbacks. The simulator's answer shapes and the gateway's switches
 * are at their least kind by default, which the spec checks through their control routes.
 */
function harshestSettings(shopUrl: string): Record<string, string> {
  return {
    SANDBOX_SMTP_USER: 'tern-shop',
    SANDBOX_SMTP_PASSWORD: randomBytes(12).toString('hex'),
    SANDBOX_SMTP_REQUIRE_STARTTLS: 'true',
    SANDBOX_SMTP_TEMPFAIL_NEXT: '1',
    GATEWAY_NOTIFICATION_URL: `${shopUrl}${orderApiPaths.gatewayNotification.href()}`,
    ESIMGO_CALLBACK_URL: `${shopUrl}${alertApiPaths.esimGoCallback.href()}`,
  };
}

/**
 * What a developer's own shell may set that would turn a stand-in back on, point the shop
 * elsewhere, make the stand-ins kinder, or pace provider orders otherwise than in production
 * (ESIMGO_ORDER_SPACING_MS unset: the production spacing).
 */
const NOT_INHERITED = [
  'SANDBOX_ENABLED',
  'DATABASE_URL',
  'DATA_DIR',
  'REDIS_URL',
  'SMTP_URL',
  'SMTP_CA_FILE',
  'GATEWAY_NOTIFICATION_SECRET',
  'GATEWAY_NOTIFICATION_URL',
  'ESIMGO_CALLBACK_URL',
  'ESIMGO_ORDER_SPACING_MS',
  'SANDBOX_SMTP_USER',
  'SANDBOX_SMTP_PASSWORD',
  'SANDBOX_SMTP_REQUIRE_STARTTLS',
  'SANDBOX_SMTP_TEMPFAIL_NEXT',
  'SANDBOX_SMTP_TEMPFAIL_RECIPIENTS',
];

/** The child's environment is this one, minus NOT_INHERITED, with the given variables. */
function startChild(command: string, args: string[], variables: Record<string, string>): Child {
  const inherited = { ...process.env };
  for (const name of NOT_INHERITED) delete inherited[name];
  return spawnChild(command, args, { cwd: repoRoot, env: { ...inherited, ...variables } });
}

async function readPrintedVariables(sandboxes: Child): Promise<ShopVariables> {
  const printed = await waitFor(SANDBOXES_TIMEOUT_MS, sandboxes, 'npm run sandboxes', async () => {
    const lines = sandboxes.output.join('').split('\n');
    const found = new Map<string, string>();
    for (const line of lines) {
      const match = /^([A-Z_]+)=(.+)$/.exec(line.trim());
      if (match?.[1] && match[2]) found.set(match[1], match[2]);
    }
    return SHOP_VARIABLES.every((name) => found.has(name)) ? found : undefined;
  });
  return Object.fromEntries(
    SHOP_VARIABLES.map((name) => [name, printed.get(name) ?? '']),
  ) as ShopVariables;
}

interface FreshDatabase {
  kind: 'postgres' | 'pglite';
  variables: Record<string, string>;
  drop(): Promise<void>;
}

/** A new database on TEST_DATABASE_URL's server, dropped after; else PGlite in the folder. */
async function freshDatabase(folder: string): Promise<FreshDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return {
      kind: 'pglite',
      variables: { DATA_DIR: path.join(folder, 'shop') },
      drop: async () => {},
    };
  }
  const name = `tern_rehearsal_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    variables: { DATABASE_URL: url.toString() },
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Serving means: health answers 200, which it does only once the catalogue can be served. */
async function waitUntilServing(shop: Child, shopUrl: string): Promise<void> {
  await waitFor(SHOP_TIMEOUT_MS, shop, 'the production shop', async () => {
    const health = await fetch(`${shopUrl}/api/health`).catch(() => undefined);
    if (!health?.ok) return undefined;
    const countries = await fetch(`${shopUrl}/api/country/`).catch(() => undefined);
    if (!countries?.ok) return undefined;
    return ((await countries.json()) as unknown[]).length > 0 ? true : undefined;
  });
}

/**
 * What an SMTP client that skips STARTTLS and the login hears: the EHLO reply's extensions,
 * and the reply to MAIL FROM.
 */
export async function mailFromWithoutTls(
  smtpUrl: string,
): Promise<{ extensions: string[]; mailFrom: string }> {
  const { hostname, port } = new URL(smtpUrl);
  const socket = connect(Number(port), hostname);
  socket.setEncoding('utf8');
  socket.setTimeout(10_000, () => socket.destroy(new Error('the SMTP catcher did not answer')));
  let heard = '';
  const waiters: (() => void)[] = [];
  socket.on('data', (chunk: string) => {
    heard += chunk;
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<never>((_resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`the SMTP catcher hung up after: ${heard}`)));
  });
  closed.catch(() => {});
  // One reply: lines up to the one whose code is followed by a space (RFC 5321, 4.2).
  const reply = async (): Promise<string[]> => {
    for (;;) {
      const end = /^\d{3} .*\r\n/m.exec(heard);
      if (end) {
        const lines = heard
          .slice(0, end.index + end[0].length)
          .trimEnd()
          .split('\r\n');
        heard = heard.slice(end.index + end[0].length);
        return lines;
      }
      await Promise.race([new Promise<void>((wake) => waiters.push(wake)), closed]);
    }
  };
  try {
    await reply();
    socket.write('EHLO rehearsal.example\r\n');
    const extensions = (await reply()).slice(1).map((line) => line.slice(4));
    socket.write('MAIL FROM:<rehearsal@example.com>\r\n');
    const [mailFrom = ''] = await reply();
    socket.write('QUIT\r\n');
    return { extensions, mailFrom };
  } finally {
    socket.destroy();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
