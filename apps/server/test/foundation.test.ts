import { errorMessages } from '@tern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncAppCatalogue } from '../src/modules/catalog/sync-runner';
import { createTestApp, type TestApp } from './helpers/test-app';

let shop: TestApp;

beforeAll(async () => {
  // The first catalogue sync takes seconds at eSIM Go's 10 calls a second (41 pages); the order
  // worker's first round would read the provider balance meanwhile, which this probe's answer
  // would then carry: no worker, so the answer is the one written below.
  shop = await createTestApp({ ORDERS_WORKER_ENABLED: 'false' });
});
afterAll(async () => shop?.close());

describe('health', () => {
  it('reports that the database is reachable', async () => {
    // Ready means a catalogue to serve too (outside-services.test.ts watches it arrive).
    await syncAppCatalogue(shop.app);
    const response = await shop.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('anti-forgery guard', () => {
  it('sets a random XSRF-TOKEN cookie that is SameSite=Strict', async () => {
    const first = await shop.app.inject({ method: 'GET', url: '/api/health' });
    const second = await shop.app.inject({ method: 'GET', url: '/api/health' });
    const [a, b] = [first, second].map((r) => r.cookies.find((c) => c.name === 'XSRF-TOKEN'));
    expect(a?.value).toHaveLength(43);
    expect(a?.value).not.toBe(b?.value);
    expect(a?.sameSite).toBe('Strict');
    expect(a?.httpOnly).toBeFalsy();
  });

  it('refuses a POST to /api without the header', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/health',
      cookies: { 'XSRF-TOKEN': 'abc' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Invalid anti-forgery token' });
  });

  it('refuses a header that does not match the cookie', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/health',
      cookies: { 'XSRF-TOKEN': 'abc' },
      headers: { 'x-xsrf-token': 'abd' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('lets a matching header pass the guard', async () => {
    // No POST route is at /api/health, so passing the guard means reaching the 404.
    const response = await shop.request({ method: 'POST', url: '/api/health' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: errorMessages.notFound });
  });
});

describe('unknown paths', () => {
  it('answers unknown /api paths with JSON 404', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('sends a browser asking for a page path to the same page of the hash-routed app', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: '/faq',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/#/faq');
  });
});

describe('security headers', () => {
  it('sends a strict content security policy', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('refuses bodies over 1 MiB', async () => {
    const response = await shop.request({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.statusCode).toBe(413);
  });
});

describe('OpenAPI', () => {
  it('describes the API from the route schemas', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toContain('/api/health');
  });

  it('serves a browsable page', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
