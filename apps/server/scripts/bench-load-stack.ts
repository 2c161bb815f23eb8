/**
 * What `npm run bench:load` runs the shop on: a fresh PostgreSQL database, a Redis database of
 * its own, N production shop processes and HAProxy in front of them, all on 127.0.0.1. Each
 * start registers its own stop, so whatever did start is stopped again, in reverse order.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const STOP_TIMEOUT_MS = 5_000;
const READY_TIMEOUT_MS = 120_000;

/**
 * Stops, last started first. `stopAll` runs once however often it is asked (Ctrl-C during the
 * normal stop); a stop added while it runs (a start that was under way) runs after the others.
 */
export class Cleanups {
  private readonly stops: { name: string; stop: () => Promise<void> }[] = [];
  private stopping: Promise<void> | undefined;

  add(name: string, stop: () => Promise<void>): void {
    if (this.stopping) {
      this.stopping = this.stopping.then(() => runStop(name, stop));
      return;
    }
    this.stops.push({ name, stop });
  }

  stopAll(): Promise<void> {
    this.stopping ??= (async () => {
      for (const { name, stop } of this.stops.splice(0).reverse()) await runStop(name, stop);
    })();
    return this.stopping;
  }
}

async function runStop(name: string, stop: () => Promise<void>): Promise<void> {
  await stop().catch((error: unknown) => console.error(`could not stop ${name}:`, error));
}

/** A child process started here, with everything it wrote (for a crash report). */
export interface Child {
  name: string;
  process: ChildProcess;
  output: string[];
}

export function startChild(
  name: string,
  command: string,
  args: string[],
  variables: Record<string, string>,
): Child {
  // Nothing from the caller's shell may point the shop elsewhere or turn a stand-in back on.
  const inherited = { ...process.env };
  for (const variable of ['SANDBOX_ENABLED', 'DATABASE_URL', 'DATA_DIR', 'REDIS_URL', 'SMTP_URL']) {
    delete inherited[variable];
  }
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...inherited, ...variables },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a terminal's Ctrl-C reaches only this script, which stops it.
    detached: true,
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { name, process: child, output };
}

/** SIGINT to the whole group (tsx passes it on to the server); SIGKILL at the deadline. */
export async function stopChild(child: Child, signal: NodeJS.Signals = 'SIGINT'): Promise<void> {
  const { pid } = child.process;
  if (pid === undefined) return;
  if (!signalGroup(pid, signal)) return;
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!signalGroup(pid, 0)) return;
    await sleep(100);
  }
  signalGroup(pid, 'SIGKILL');
}

function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

export function exitOf(child: Child): string | undefined {
  const { exitCode, signalCode } = child.process;
  if (exitCode !== null) return `exit code ${exitCode}`;
  if (signalCode !== null) return `signal ${signalCode}`;
  return undefined;
}

export async function freePort(): Promise<number> {
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

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---- PostgreSQL ----

export interface BenchDatabase {
  name: string;
  url: string;
  /** Ends every connection the shops hold on this database; how many were ended. */
  terminateConnections(): Promise<number>;
}

/** Only a server on this machine: the bench ends connections and drops what it made. */
export function loopbackOnly(url: string, what: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) {
    throw new Error(`${what} must be on 127.0.0.1, not ${host}`);
  }
}

export async function createBenchDatabase(
  serverUrl: string,
  cleanups: Cleanups,
): Promise<BenchDatabase> {
  loopbackOnly(serverUrl, 'TEST_DATABASE_URL');
  const name = `tern_bench_load_${randomBytes(5).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  cleanups.add(`database ${name}`, async () => {
    await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    terminateConnections: async () => {
      const rows = await adminQuery(
        serverUrl,
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = '${name}' and pid <> pg_backend_pid()`,
      );
      return rows.filter((row) => row.ended === true).length;
    },
  };
}

async function adminQuery(url: string, statement: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows;
  } finally {
    await client.end();
  }
}

// ---- Redis ----

/**
 * The shop takes its rate-limit key prefix from code, not from the environment, so the bench
 * keeps its counters apart in a Redis logical database of its own and empties it of the shop's
 * keys before and after.
 */
export async function prepareRedis(url: string, cleanups: Cleanups): Promise<void> {
  loopbackOnly(url, 'REDIS_URL');
  await deleteShopKeys(url);
  cleanups.add('Redis keys', () => deleteShopKeys(url));
}

async function deleteShopKeys(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', 'tern:*', 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

// ---- the shops ----

export async function startShop(
  name: string,
  variables: Record<string, string>,
  cleanups: Cleanups,
): Promise<{ child: Child; url: string }> {
  const port = await freePort();
  const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
  const child = startChild(name, tsx, ['apps/server/src/server.ts'], {
    ...variables,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'warn',
  });
  cleanups.add(name, () => stopChild(child));
  return { child, url: `http://127.0.0.1:${port}` };
}

/** Ready means /api/health answers 200, which it does only once a catalogue is there. */
export async function waitUntilHealthy(url: string, children: Child[]): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    for (const child of children) {
      const exit = exitOf(child);
      if (exit) throw new Error(`${child.name} ended (${exit}):\n${child.output.join('')}`);
    }
    const health = await fetch(`${url}/api/health`).catch(() => undefined);
    await health?.text();
    if (health?.ok) return;
    await sleep(250);
  }
  throw new Error(`${url} was not healthy after ${READY_TIMEOUT_MS} ms`);
}

// ---- HAProxy ----

/** Debian's HAProxy, installed when missing, as the brief allows. */
export function ensureHaproxy(): void {
  if (spawnSync('haproxy', ['-v']).status === 0) return;
  console.log('haproxy is missing; installing it from Debian packages…');
  const install = spawnSync(
    'sh',
    ['-c', 'apt-get update -qq && apt-get install -y -qq haproxy > /dev/null'],
    { stdio: 'inherit' },
  );
  if (install.status !== 0) throw new Error('could not install haproxy with apt-get');
}

export function haproxyConfig(port: number, shopUrls: string[]): string {
  const servers = shopUrls.map((url, index) => {
    const { host } = new URL(url);
    return `  server shop${index + 1} ${host} check`;
  });
  return [
    'global',
    '  maxconn 512',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    'frontend shop',
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    '  default_backend shops',
    'backend shops',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  default-server inter 1s fall 2 rise 2',
    ...servers,
    '',
  ].join('\n');
}

export async function startHaproxy(
  folder: string,
  shopUrls: string[],
  cleanups: Cleanups,
  /** Chosen beforehand when the shops must know their public address; a free one by default. */
  port?: number,
): Promise<{ child: Child; url: string }> {
  port ??= await freePort();
  const configFile = path.join(folder, 'haproxy.cfg');
  await writeFile(configFile, haproxyConfig(port, shopUrls));
  const check = spawnSync('haproxy', ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy refused its config:\n${check.stderr}`);
  // -db: in the foreground, no daemon; SIGUSR1 lets it finish what it serves, then exit.
  const child = startChild('haproxy', 'haproxy', ['-db', '-f', configFile], {});
  cleanups.add('haproxy', () => stopChild(child, 'SIGUSR1'));
  return { child, url: `http://127.0.0.1:${port}` };
}
