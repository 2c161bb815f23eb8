/**
 * Traces reach an OTLP collector (decision 0044): the real server runs as a child process (the
 * instrumentations patch node:http for the whole process, which this suite's shared workers must
 * not see), with OTEL_EXPORTER_OTLP_ENDPOINT naming a small OTLP/HTTP receiver on 127.0.0.1 that
 * keeps what it is sent as JSON (`http/json`), and SMTP_URL a small SMTP server there too.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { accountApiPaths, catalogApiPaths, healthApiPath } from '@tern/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const READY_TIMEOUT_MS = 90_000;

/** The OTLP JSON shapes this test reads (opentelemetry-proto's trace.proto, JSON mapping). */
interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number };
}
interface OtlpSpan {
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[];
  }[];
}

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;

let receiver: Server;
const exports: { path: string; contentType: string; body: OtlpExport }[] = [];
let dataDir: string;
let smtp: SMTPServer;
const mailed: string[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      exports.push({
        path: request.url ?? '',
        contentType: request.headers['content-type'] ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString()) as OtlpExport,
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  dataDir = await mkdtemp(path.join(tmpdir(), 'tern-tracing-'));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      mailed.push(address.address);
      callback();
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await new Promise<void>((resolve) => smtp.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

describe('traces through OpenTelemetry', () => {
  it('sends a span of each request with its route, and of each outside call, to the collector', async () => {
    const collector = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    const shop = await startShop({
      OTEL_EXPORTER_OTLP_ENDPOINT: collector,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    });
    const answer = await fetch(`${shop.url}${catalogApiPaths.countryPlans.href('FR')}`);
    expect(answer.status).toBe(200);
    // A sign-in code: one e-mail handed over to the SMTP server.
    const email = 'traced@example.com';
    const signUp = await post(shop.url, accountApiPaths.signup.href(), {
      cli_email: email,
      cli_name: 'Maya Haddad',
      cli_mobile: '+961 71 123 456',
    });
    expect(signUp.status, await signUp.text()).toBe(200);
    expect(mailed).toEqual([email]);
    // Stopping flushes the spans still buffered (the batch would wait 5 s).
    await shop.stop();

    expect(exports.length).toBeGreaterThan(0);
    for (const sent of exports) {
      expect(sent.path).toBe('/v1/traces');
      expect(sent.contentType).toMatch(/^application\/json/);
    }
    const resources = exports.flatMap((sent) => sent.body.resourceSpans);
    expect(
      resources.every(
        (resource) => attribute(resource.resource.attributes, 'service.name') === 'tern',
      ),
    ).toBe(true);
    const spans = resources.flatMap((resource) =>
      resource.scopeSpans.flatMap((scope) =>
        scope.spans.map((span) => ({ scope: scope.scope.name, span })),
      ),
    );

    // The incoming request: a server span named by its route, not by the URL with its values.
    const request = spans.find(
      ({ span }) =>
        span.kind === SPAN_KIND_SERVER &&
        attribute(span.attributes, 'http.route') === catalogApiPaths.countryPlans.pattern,
    );
    expect(request, describeSpans(spans)).toBeDefined();
    // Fastify's own instrumentation: the route's handler has a span of its own.
    expect(
      spans.some(
        ({ scope, span }) =>
          scope === '@fastify/otel' &&
          attribute(span.attributes, 'http.route') === catalogApiPaths.countryPlans.pattern,
      ),
      describeSpans(spans),
    ).toBe(true);
    // An outside call: the first catalogue load asked eSIM Go (here its stand-in) over fetch.
    expect(
      spans.some(
        ({ span }) =>
          span.kind === SPAN_KIND_CLIENT &&
          (attribute(span.attributes, 'url.full') ?? '').includes('/_sandbox/esimgo/'),
      ),
      describeSpans(spans),
    ).toBe(true);
    // The e-mail's hand-over, which no instrumentation sees (nodemailer over plain sockets).
    expect(
      spans.filter(
        ({ span }) =>
          span.kind === SPAN_KIND_CLIENT &&
          span.name === 'smtp send' &&
          attribute(span.attributes, 'server.address') === '127.0.0.1',
      ),
      describeSpans(spans),
    ).toHaveLength(1);
  }, 180_000);
});

function attribute(attributes: OtlpAttribute[] | undefined, key: string): string | undefined {
  const found = attributes?.find((candidate) => candidate.key === key)?.value;
  return found?.stringValue ?? (found?.intValue === undefined ? undefined : String(found.intValue));
}

function describeSpans(spans: { scope: string; span: OtlpSpan }[]): string {
  return spans
    .map(
      ({ scope, span }) =>
        `${scope} ${span.kind} ${span.name} ${attribute(span.attributes, 'http.route') ?? ''}`,
    )
    .join('\n');
}

async function post(url: string, pathname: string, body: unknown): Promise<Response> {
  const health = await fetch(`${url}${healthApiPath.href()}`);
  const token = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return fetch(`${url}${pathname}`, {
    method: 'POST',
    headers: {
      cookie: `XSRF-TOKEN=${token}`,
      'x-xsrf-token': token,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

// ---- the shop as a child process ----

interface ShopProcess {
  url: string;
  stop(): Promise<void>;
}

async function startShop(environment: Record<string, string>): Promise<ShopProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: { ...shopEnvironment(), ...environment, PORT: String(port), PUBLIC_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  try {
    await waitUntilReady(url, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`The shop did not start: ${(error as Error).message}\n${output.join('')}`);
  }
  return {
    url,
    stop: async () => {
      await ended(child);
      expect(child.exitCode, output.join('')).toBe(0);
    },
  };
}

/** The embedded parts only, and no OpenTelemetry setting of the machine's own. */
function shopEnvironment(): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('OTEL_') && name !== 'DATABASE_URL' && name !== 'REDIS_URL',
    ),
  );
  return {
    ...inherited,
    HOST: '127.0.0.1',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
  };
}

async function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  // A process that ignores the signal is killed: an outside process has no clock to move.
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function waitUntilReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`it exited with code ${child.exitCode}`);
    // /api/health answers 200 once the first catalogue load is done.
    if (await answers(`${url}${healthApiPath.href()}`)) return;
    // Polls a child process coming up: its start takes real time.
    await sleep(200);
  }
  throw new Error(`not ready after ${READY_TIMEOUT_MS} ms`);
}

async function answers(address: string): Promise<boolean> {
  try {
    return (await fetch(address)).ok;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
