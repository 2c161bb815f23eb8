/**
 * Cached catalogue answers over real HTTP, first and repeated, sent by their Fastify routes
 * with every hook of the app (decision 0032): the same headers and bytes each time, 304s and
 * compressed copies, the anti-forgery cookie on a first visit, a request id named in the log,
 * and a hook added to the app from outside, as a tracing agent adds one. Until issue 27 a fast
 * path in front of Fastify answered repeated URLs itself and such a hook never ran on them.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import {
  type Country,
  catalogApiPaths,
  type Plan,
  type Region,
  regionCoverageApiPath,
} from '@tern/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { selfUrl } from '../src/lib/self-url';
import { syncCatalogue } from '../src/modules/catalog/sync';
import { loadCatalogueIfEmpty } from '../src/modules/catalog/sync-runner';
import {
  generateCatalogue,
  type ProviderBundle,
} from '../src/sandbox/esimgo/catalogue/generate-catalogue';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

interface LogLine {
  msg: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
}

const FRANCE = '/api/plan/country/FR';
const COOKIE = `XSRF-TOKEN=${'c'.repeat(43)}`;
/** Fastify publishes each instance it makes here, before any plugin is registered. */
const FASTIFY_MADE = 'fastify.initialization';
const TRACED = 'x-traced-by';

let app: FastifyInstance;
let database: TestDatabase;
let baseUrl: string;
let logLines: LogLine[] = [];

/** What an APM agent does: adds an onRequest hook to the app, here one that marks the answer. */
function addTracingHook(message: unknown): void {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRequest', (_request, reply, done) => {
    reply.header(TRACED, 'test-agent');
    done();
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  const config = { ...loadConfig({ PORT: '0', LOG_FORMAT: 'json' }), webDistDir: undefined };
  const stream = { write: (line: string) => logLines.push(JSON.parse(line) as LogLine) };
  subscribe(FASTIFY_MADE, addTracingHook);
  try {
    app = await buildApp(config, { database, logger: { level: 'info', stream } });
  } finally {
    unsubscribe(FASTIFY_MADE, addTracingHook);
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = selfUrl(app);
  await loadCatalogueIfEmpty(app, () => {});
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});
beforeEach(() => {
  logLines = [];
});

const syncTo = (bundles: readonly ProviderBundle[]) =>
  syncCatalogue(
    database,
    { listCatalogue: async () => bundles },
    { ...app.config.catalog, served: app.catalog },
  );

interface Answer {
  status: number;
  /** Header names and values in the order they came. */
  headers: [string, string][];
  body: Buffer;
}

async function send(
  path: string,
  headers: Record<string, string> = { cookie: COOKIE },
  method = 'GET',
): Promise<Answer> {
  const outgoing = httpRequest(`${baseUrl}${path}`, { method, headers });
  outgoing.end();
  const [response] = (await once(outgoing, 'response')) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const raw = response.rawHeaders;
  const pairs: [string, string][] = [];
  for (let index = 0; index < raw.length; index += 2) {
    pairs.push([String(raw[index]).toLowerCase(), String(raw[index + 1])]);
  }
  return { status: response.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) };
}

function header(answer: Answer, name: string): string | undefined {
  return answer.headers.find(([key]) => key === name)?.[1];
}

/** The request ids Fastify logged an incoming request for `path` with, in order. */
function loggedIds(path: string): (string | undefined)[] {
  return logLines
    .filter((line) => line.msg === 'incoming request' && line.req?.url === path)
    .map((line) => line.reqId);
}

/** Whether Fastify logged the request with this id as completed, with this status. */
function loggedCompleted(requestId: string | undefined, status: number): boolean {
  return logLines.some(
    (line) =>
      line.msg === 'request completed' &&
      line.reqId === requestId &&
      line.res?.statusCode === status,
  );
}

const ids = (answers: readonly Answer[]) => answers.map((answer) => header(answer, 'x-request-id'));

/** Headers that differ on every answer by design. */
const PER_REQUEST = new Set(['date', 'x-request-id']);
const stable = (answer: Answer) => answer.headers.filter(([name]) => !PER_REQUEST.has(name));

describe('cached catalogue answers through Fastify', () => {
  it('answers a URL again with the same status, headers and bytes as the first time', async () => {
    const first = await send(FRANCE);
    const second = await send(FRANCE);
    expect(second.status).toBe(200);
    expect(stable(second)).toEqual(stable(first));
    expect(second.body.equals(first.body)).toBe(true);
    const requestId = header(second, 'x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestId).not.toBe(header(first, 'x-request-id'));
    // The id in each answer names its log lines, the repeated answer's too.
    expect(loggedIds(FRANCE)).toEqual(ids([first, second]));
    expect(loggedCompleted(requestId, 200)).toBe(true);
  });

  it('runs a hook added to the app from outside on repeated answers too', async () => {
    const path = catalogApiPaths.globalPlans.href(); // not asked before in this file
    const answers = [await send(path), await send(path), await send(path)];
    const etag = header(answers[0] as Answer, 'etag') ?? '';
    answers.push(await send(path, { cookie: COOKIE, 'if-none-match': etag }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 304]);
    expect(answers.map((answer) => header(answer, TRACED))).toEqual(
      answers.map(() => 'test-agent'),
    );
  });

  it('gives each first visit its own usable anti-forgery cookie', async () => {
    await send('/api/country/');
    const [a, b] = [await send('/api/country/', {}), await send('/api/country/', {})];
    expect(loggedIds('/api/country/')).toHaveLength(3);
    const cookieA = header(a, 'set-cookie') ?? '';
    expect(cookieA).toMatch(/^XSRF-TOKEN=[\w-]{43}; Path=\/; SameSite=Strict$/);
    expect(cookieA).not.toBe(header(b, 'set-cookie'));
    // The anti-forgery guard takes it: the POST gets past it to the 404 of an unknown route.
    const token = cookieA.split(';')[0]?.split('=')[1] ?? '';
    const post = await send(
      '/api/health',
      { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
      'POST',
    );
    expect(post.status).toBe(404);
  });

  it('answers 304 and compressed copies on repeated requests', async () => {
    const path = '/api/country/regions/';
    const plain = await send(path);
    const etag = header(plain, 'etag') ?? '';
    const notModified = await send(path, { cookie: COOKIE, 'if-none-match': etag });
    const brotli = await send(path, { cookie: COOKIE, 'accept-encoding': 'gzip, br' });
    const again = await send(path, { cookie: COOKIE, 'accept-encoding': 'gzip, br' });
    expect(loggedIds(path)).toEqual(ids([plain, notModified, brotli, again]));
    expect(notModified.status).toBe(304);
    expect(notModified.body).toHaveLength(0);
    expect(header(notModified, 'etag')).toBe(etag);
    expect(header(brotli, 'content-encoding')).toBe('br');
    expect(header(brotli, 'etag')).toBe(`${etag.slice(0, -1)}-br"`);
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(stable(again)).toEqual(stable(brotli));
    expect(again.body.equals(brotli.body)).toBe(true);
  });

  it('serves the new catalogue right after a sync', async () => {
    await send(FRANCE);
    const before = JSON.parse((await send(FRANCE)).body.toString()) as Plan[];
    const cheapest = before[0];
    const catalogue = generateCatalogue();
    const dearer = catalogue.map((bundle) =>
      bundle.name === cheapest?.pla_name ? { ...bundle, price: bundle.price + 5 } : bundle,
    );
    try {
      await syncTo(dearer);
      const after = JSON.parse((await send(FRANCE)).body.toString()) as Plan[];
      const repriced = after.find((plan) => plan.pla_id === cheapest?.pla_id);
      expect(repriced?.pla_price).toBeGreaterThan(cheapest?.pla_price ?? Number.POSITIVE_INFINITY);
    } finally {
      await syncTo(catalogue);
    }
  });

  it('answers unknown paths, queries and HEAD alike each time', async () => {
    const paths = ['/api/plan/country/XX', `${FRANCE}?currency=usd`, '/api/country/bundle/abc'];
    for (const path of paths) {
      const statuses = [(await send(path)).status, (await send(path)).status];
      expect(loggedIds(path), path).toHaveLength(2);
      expect(statuses[0], path).toBe(statuses[1]);
    }
    await send(FRANCE);
    await send(FRANCE);
    const head = await send(FRANCE, { cookie: COOKIE }, 'HEAD');
    expect(head.status).toBe(200);
  });

  it("keeps Fastify's keep-alive timeout", async () => {
    const answer = await send(FRANCE);
    expect(header(answer, 'keep-alive')).toBe('timeout=72');
  });

  it('answers every public catalogue route alike on every request, and 304 to its ETag', async () => {
    // Ids and names read from the service itself.
    const read = async <T>(answer: T | undefined | Promise<T | undefined>) =>
      (await answer) ?? ([] as T);
    const countries = await read<Country[]>(app.catalog.countries());
    const regions = await read<Region[]>(app.catalog.regions());
    const france = countries.find((country) => country.cou_iso === 'FR');
    const region = regions[0];
    const plans = await read<Plan[]>(app.catalog.plansForCountryIso('FR'));
    if (!france || !region || !plans[0]) throw new Error('no catalogue to read');
    const paths = [
      catalogApiPaths.countries.href(),
      catalogApiPaths.regions.href(),
      catalogApiPaths.globalPlans.href(),
      catalogApiPaths.favouriteCountries.href(),
      catalogApiPaths.planGroups.href(),
      catalogApiPaths.countryPlansById.href(france.cou_id),
      catalogApiPaths.regionPlansById.href(region.reg_id),
      catalogApiPaths.countryPlans.href('fr'),
      catalogApiPaths.regionPlans.href(region.reg_name),
      catalogApiPaths.planCoverage.href(plans[0].pla_id),
      regionCoverageApiPath.href(),
    ];
    for (const path of paths) {
      logLines = [];
      // Compressed first: the first request waits until the compressed copies are made (off
      // the event loop), and every one after it is answered at once.
      const kinds: Record<string, string>[] = [
        { cookie: COOKIE, 'accept-encoding': 'gzip, deflate, br' },
        { cookie: COOKIE, 'accept-encoding': 'gzip' },
        { cookie: COOKIE },
      ];
      const first = await send(path, kinds[0]);
      for (const headers of kinds) {
        // With a query: the same route's answer, by another URL, to compare with.
        const withQuery = await send(`${path}?via=query`, headers);
        const repeated = await send(path, headers);
        expect(withQuery.status, path).toBe(200);
        expect(stable(repeated), path).toEqual(stable(withQuery));
        expect(repeated.body.equals(withQuery.body), path).toBe(true);
        const etag = header(withQuery, 'etag') ?? '';
        const notModified = await send(path, { ...headers, 'if-none-match': etag });
        expect(notModified.status, path).toBe(304);
        expect(notModified.body, path).toHaveLength(0);
        expect(header(notModified, 'etag'), path).toBe(etag);
        expect(header(notModified, TRACED), path).toBe('test-agent');
        expect(loggedCompleted(header(notModified, 'x-request-id'), 304), path).toBe(true);
      }
      expect(header(first, TRACED), path).toBe('test-agent');
      // Every request of the URL, the first and each repeat, logged by Fastify with its id.
      expect(loggedIds(path), path).toHaveLength(1 + kinds.length * 2);
    }
  });

  it('sends the same 304 every time, headers and all', async () => {
    const path = '/api/plan/groups/';
    const etag = header(await send(path), 'etag') ?? '';
    // The plan groups' answer (and so its ETag) is not touched by a price.
    const catalogue = generateCatalogue();
    const [first] = catalogue;
    await syncTo(
      catalogue.map((bundle) =>
        bundle === first ? { ...bundle, price: bundle.price + 1 } : bundle,
      ),
    );
    await send('/api/country/'); // the next version is loaded by then
    const asked = { cookie: COOKIE, 'if-none-match': etag };
    const firstTime = await send(path, asked);
    const secondTime = await send(path, asked);
    expect(firstTime.status).toBe(304);
    expect(stable(secondTime)).toEqual(stable(firstTime));
    await syncTo(catalogue);
  });

  it('keeps an ETag good after a sync that found nothing new', async () => {
    const etag = header(await send(FRANCE), 'etag') ?? '';
    await syncTo(generateCatalogue());
    const after = await send(FRANCE, { cookie: COOKIE, 'if-none-match': etag });
    expect(after.status).toBe(304);
  });
});
