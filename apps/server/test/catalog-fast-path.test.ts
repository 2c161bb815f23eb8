/**
 * The catalogue fast path (src/modules/catalog/fast-path.ts), over real HTTP: app.inject
 * goes around the HTTP server, so it never sees the fast path. Which side answered is read
 * from the app's own log lines: Fastify logs 'incoming request', the fast path its own line.
 */
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
}

const FAST_PATH_LINE = 'catalogue answer from memory';
const FRANCE = '/api/plan/country/FR';
const COOKIE = `XSRF-TOKEN=${'c'.repeat(43)}`;

let app: FastifyInstance;
let database: TestDatabase;
let baseUrl: string;
let logLines: LogLine[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = { ...loadConfig({ PORT: '0', LOG_FORMAT: 'json' }), webDistDir: undefined };
  const stream = { write: (line: string) => logLines.push(JSON.parse(line) as LogLine) };
  app = await buildApp(config, { database, logger: { level: 'info', stream } });
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
  syncCatalogue(database, { listCatalogue: async () => bundles }, app.config.catalog);

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

/** Which side answered each request for `path`, in order: 'fastify' or 'fast path'. */
function answeredBy(path: string): string[] {
  return logLines
    .filter((line) => line.req?.url === path)
    .map((line) => (line.msg === FAST_PATH_LINE ? 'fast path' : 'fastify'));
}

/** Headers that differ on every answer by design. */
const PER_REQUEST = new Set(['date', 'x-request-id']);
const stable = (answer: Answer) => answer.headers.filter(([name]) => !PER_REQUEST.has(name));

describe('catalogue fast path', () => {
  it('answers a URL again with the same status, headers and bytes as the route did', async () => {
    const first = await send(FRANCE);
    const second = await send(FRANCE);
    expect(answeredBy(FRANCE)).toEqual(['fastify', 'fast path']);
    expect(second.status).toBe(200);
    expect(stable(second)).toEqual(stable(first));
    expect(second.body.equals(first.body)).toBe(true);
    const requestId = header(second, 'x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestId).not.toBe(header(first, 'x-request-id'));
    // The id in the answer names the log line, as Fastify's do.
    expect(logLines.find((line) => line.msg === FAST_PATH_LINE)?.reqId).toBe(requestId);
  });

  it('gives each first visit its own usable anti-forgery cookie', async () => {
    await send('/api/country/');
    const [a, b] = [await send('/api/country/', {}), await send('/api/country/', {})];
    expect(answeredBy('/api/country/')).toEqual(['fastify', 'fast path', 'fast path']);
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

  it('answers 304 and compressed copies like the route does', async () => {
    const path = '/api/country/regions/';
    const plain = await send(path);
    const etag = header(plain, 'etag') ?? '';
    const notModified = await send(path, { cookie: COOKIE, 'if-none-match': etag });
    await app.catalog.answerForUrl(path)?.whenEncoded(); // made off the event loop
    const brotli = await send(path, { cookie: COOKIE, 'accept-encoding': 'gzip, br' });
    expect(answeredBy(path)).toEqual(['fastify', 'fast path', 'fast path']);
    expect(notModified.status).toBe(304);
    expect(notModified.body).toHaveLength(0);
    expect(header(notModified, 'etag')).toBe(etag);
    expect(header(brotli, 'content-encoding')).toBe('br');
    expect(header(brotli, 'etag')).toBe(`${etag.slice(0, -1)}-br"`);
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
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
      await send(FRANCE);
      // Remembered by the first test; dropped by the sync; remembered again.
      expect(answeredBy(FRANCE)).toEqual(['fast path', 'fast path', 'fastify', 'fast path']);
      const repriced = after.find((plan) => plan.pla_id === cheapest?.pla_id);
      expect(repriced?.pla_price).toBeGreaterThan(cheapest?.pla_price ?? Number.POSITIVE_INFINITY);
    } finally {
      await syncTo(catalogue);
    }
  });

  it('leaves unknown paths, queries and other methods to Fastify', async () => {
    const paths = ['/api/plan/country/XX', `${FRANCE}?currency=usd`, '/api/country/bundle/abc'];
    for (const path of paths) {
      const statuses = [(await send(path)).status, (await send(path)).status];
      expect(answeredBy(path), path).toEqual(['fastify', 'fastify']);
      expect(statuses[0], path).toBe(statuses[1]);
    }
    await send(FRANCE);
    await send(FRANCE);
    const head = await send(FRANCE, { cookie: COOKIE }, 'HEAD');
    expect(head.status).toBe(200);
    expect(answeredBy(FRANCE).slice(-2)).toEqual(['fast path', 'fastify']);
  });

  it("keeps Fastify's keep-alive timeout on the server it sits in front of", async () => {
    const answer = await send(FRANCE);
    expect(header(answer, 'keep-alive')).toBe('timeout=72');
  });
  it('answers every public catalogue route like Fastify, and 304 to its ETag', async () => {
    // Read from the service, so that no URL below has been asked over HTTP yet.
    const read = async <T>(answer: Promise<{ body: string } | undefined>) =>
      JSON.parse((await answer)?.body ?? '[]') as T;
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
      // Compressed first: Fastify's route waits until the compressed copies are made (off the
      // event loop), and the fast path sends them from then on.
      const kinds: Record<string, string>[] = [
        { cookie: COOKIE, 'accept-encoding': 'gzip, deflate, br' },
        { cookie: COOKIE, 'accept-encoding': 'gzip' },
        { cookie: COOKIE },
      ];
      await send(path, kinds[0]);
      for (const headers of kinds) {
        // A query is always Fastify's (and never remembered): the route's answer to compare with.
        const fromFastify = await send(`${path}?via=fastify`, headers);
        const fromMemory = await send(path, headers);
        expect(fromFastify.status, path).toBe(200);
        expect(stable(fromMemory), path).toEqual(stable(fromFastify));
        expect(fromMemory.body.equals(fromFastify.body), path).toBe(true);
        const etag = header(fromFastify, 'etag') ?? '';
        const notModified = await send(path, { ...headers, 'if-none-match': etag });
        expect(notModified.status, path).toBe(304);
        expect(notModified.body, path).toHaveLength(0);
        expect(header(notModified, 'etag'), path).toBe(etag);
      }
      // The first answer of each URL is Fastify's; every one after it comes from memory.
      expect(answeredBy(path), path).toEqual([
        'fastify',
        ...Array.from({ length: kinds.length * 2 }, () => 'fast path'),
      ]);
    }
  });

  it('sends the same 304 as Fastify, headers and all', async () => {
    const path = '/api/plan/groups/';
    const etag = header(await send(path), 'etag') ?? '';
    logLines = [];
    // A sync that changes the catalogue forgets the URL, so the next 304 is Fastify's; the
    // plan groups' answer (and so its ETag) is not touched by a price.
    const catalogue = generateCatalogue();
    const [first] = catalogue;
    await syncTo(
      catalogue.map((bundle) =>
        bundle === first ? { ...bundle, price: bundle.price + 1 } : bundle,
      ),
    );
    await send('/api/country/'); // the next version is loaded by then
    const asked = { cookie: COOKIE, 'if-none-match': etag };
    const fromFastify = await send(path, asked);
    const fromMemory = await send(path, asked);
    expect(answeredBy(path)).toEqual(['fastify', 'fast path']);
    expect(fromFastify.status).toBe(304);
    expect(stable(fromMemory)).toEqual(stable(fromFastify));
    await syncTo(catalogue);
  });

  it('keeps answering from memory after a sync that found nothing new', async () => {
    await send(FRANCE);
    logLines = [];
    await syncTo(generateCatalogue());
    await send(FRANCE);
    expect(answeredBy(FRANCE)).toEqual(['fast path']);
  });
});
