/**
 * The operator's own monitoring (issue 30): /metrics in Prometheus' text format, for the
 * operator's scraper only (a token, or a port of its own), with what the shop itself did:
 * answers by route, orders by status, fulfilment time, outside calls by service and outcome.
 */
import { catalogApiPaths, metricsPath, type Plan } from '@tern/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForMetrics } from '../src/plugins/metrics';
import type { TestApp } from './helpers/test-app';
import { buy, createOrdersTestApp, planIn, secondInstance, signIn } from './orders-kit';

const TOKEN = 'scraper-token-0123456789abcdef';
const scraper = { authorization: `Bearer ${TOKEN}` };

let shop: TestApp;
let plan: Plan;

beforeAll(async () => {
  shop = await createOrdersTestApp({ METRICS_TOKEN: TOKEN });
  plan = await planIn(shop, 'FR');
});
afterAll(async () => shop?.close());

/** One scrape's samples: each line's name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

async function scrape(headers: InjectOptions['headers'] = scraper): Promise<Sample[]> {
  const response = await shop.app.inject({ method: 'GET', url: metricsPath.href(), headers });
  expect(response.statusCode, response.body).toBe(200);
  return parseSamples(response.body);
}

function parseSamples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`Not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
      );
      return { name: match[1] ?? '', labels, value: Number(match[3]) };
    });
}

/** The value of the one sample of this name whose labels include these; 0 when there is none. */
function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match`);
  return found[0]?.value ?? 0;
}

describe('who may read the metrics', () => {
  it('refuses a scraper without the token, or with a wrong one, and says a bearer token is wanted', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-scraper-token-at-all' }]) {
      const response = await shop.app.inject({ method: 'GET', url: metricsPath.href(), headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).not.toContain('tern_');
    }
  });

  it('answers the token with Prometheus’ text, which no cache may keep', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: metricsPath.href(),
      headers: scraper,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    // The process's event-loop delay, beside the shop's own figures.
    expect(response.body).toContain('# TYPE nodejs_eventloop_lag_p99_seconds gauge');
    expect(response.body).toContain('# TYPE tern_http_request_duration_seconds histogram');
  });

  it('serves no metrics at all with neither a token nor a port for them', async () => {
    const plain = await secondInstance(shop, { metrics: { token: undefined, port: undefined } });
    try {
      const response = await plain.app.inject({ method: 'GET', url: metricsPath.href() });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('answers on a port of its own, and then never on the public port', async () => {
    const split = await secondInstance(shop, { metrics: { token: undefined, port: 0 } });
    try {
      const address = await listenForMetrics(split.app);
      expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const onPublicPort = await split.app.inject({ method: 'GET', url: metricsPath.href() });
      expect(onPublicPort.statusCode).toBe(404);
      const onItsPort = await fetch(`${address}${metricsPath.href()}`);
      expect(onItsPort.status).toBe(200);
      expect(onItsPort.headers.get('cache-control')).toBe('no-store');
      expect(await onItsPort.text()).toContain('tern_orders');
    } finally {
      await split.close();
    }
  });

  it('answers a scraper that calls an instance by its address, where visitors are redirected', async () => {
    const production = await secondInstance(shop, {
      publicUrl: 'https://shop.example.com',
      publicUrlFixed: true,
      redirectToPublicHost: true,
    });
    try {
      const byAddress = { ...scraper, host: '10.0.0.7:8080' };
      const page = await production.app.inject({ method: 'GET', url: '/', headers: byAddress });
      expect(page.statusCode).toBe(301);
      const response = await production.app.inject({
        method: 'GET',
        url: metricsPath.href(),
        headers: byAddress,
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});

describe('what the metrics count', () => {
  const countryPlans = catalogApiPaths.countryPlans;
  const answersOf = (samples: Sample[], route: string, status = '200') =>
    sampleValue(samples, 'tern_http_request_duration_seconds_count', {
      method: 'GET',
      route,
      status_code: status,
    });
  const outsideCalls = (samples: Sample[], service: string) =>
    sampleValue(samples, 'tern_outside_call_duration_seconds_count', { service, outcome: 'ok' });

  it('counts answers by route pattern, never by raw URL', async () => {
    const before = await scrape();
    const requests = 5;
    for (let index = 0; index < requests; index += 1) {
      const iso = index % 2 === 0 ? 'FR' : 'TR';
      await shop.app.inject({ method: 'GET', url: countryPlans.href(iso) });
    }
    await shop.app.inject({ method: 'GET', url: '/api/nothing/here/89440000000000000001' });
    const after = await scrape();
    expect(answersOf(after, countryPlans.pattern) - answersOf(before, countryPlans.pattern)).toBe(
      requests,
    );
    expect(answersOf(after, 'unmatched', '404') - answersOf(before, 'unmatched', '404')).toBe(1);
    const routes = new Set(after.map((sample) => sample.labels.route).filter(Boolean));
    expect([...routes].filter((route) => /FR|TR|8944/.test(route ?? ''))).toEqual([]);
  });

  it('counts a purchase: the fulfilled order, its fulfilment time, and the calls it made outside', async () => {
    const buyer = await signIn(shop);
    const before = await scrape();
    await buy(shop, buyer, plan);
    const after = await scrape();

    expect(sampleValue(after, 'tern_orders', { status: 'fulfilled' })).toBe(1);
    expect(sampleValue(after, 'tern_orders', { status: 'refunded' })).toBe(0);
    expect(sampleValue(after, 'tern_order_fulfilment_seconds_count')).toBe(1);
    expect(sampleValue(after, 'tern_order_fulfilment_seconds_sum')).toBeGreaterThan(0);
    // The purchase at eSIM Go and the eSIM's details; the checkout session, retrieval and capture.
    expect(outsideCalls(after, 'esimGo') - outsideCalls(before, 'esimGo')).toBeGreaterThanOrEqual(
      2,
    );
    expect(outsideCalls(after, 'gateway') - outsideCalls(before, 'gateway')).toBeGreaterThanOrEqual(
      2,
    );
    // The buyer's confirmation e-mail.
    expect(outsideCalls(after, 'mail') - outsideCalls(before, 'mail')).toBe(1);
  });

  it('tells which catalogue version the instance answers with, and when it was synced', async () => {
    const samples = await scrape();
    expect(sampleValue(samples, 'tern_catalogue_version')).toBeGreaterThan(0);
    const syncedAt = sampleValue(samples, 'tern_catalogue_synced_timestamp_seconds');
    expect(Math.abs(syncedAt - Date.now() / 1000)).toBeLessThan(600);
  });
});
