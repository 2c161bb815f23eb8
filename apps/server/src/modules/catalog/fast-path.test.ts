import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CachedAnswer } from './answer-cache';
import { CatalogFastPath } from './fast-path';

const answer = new CachedAnswer('[{"cou_id":1}]');
const coverage = new CachedAnswer('[{"region":"Europe+","countries":["FR"]}]');
const silent = { info: () => {} } as unknown as FastifyBaseLogger;

function connected(): CatalogFastPath {
  const fastPath = new CatalogFastPath();
  fastPath.connect(
    [
      { answerForUrl: (url) => (url === '/api/country/' ? answer : undefined) },
      { answerForUrl: (url) => (url === '/api/catalogue/region-coverage' ? coverage : undefined) },
    ],
    silent,
  );
  return fastPath;
}

interface Written {
  status?: number;
  headers: Map<string, string>;
  body?: Buffer;
}

function exchange(
  fastPath: CatalogFastPath,
  request: { method?: string; url?: string; headers?: Record<string, string>; tls?: boolean },
): { served: boolean; written: Written } {
  const written: Written = { headers: new Map() };
  const response = {
    writeHead(status: number, flat: string[]) {
      written.status = status;
      for (let index = 0; index < flat.length; index += 2) {
        written.headers.set(String(flat[index]), String(flat[index + 1]));
      }
    },
    end(body?: Buffer) {
      written.body = body;
    },
  } as unknown as ServerResponse;
  // The raw list, as Node keeps it: names as the client wrote them.
  const incoming = {
    method: request.method ?? 'GET',
    url: request.url ?? '/api/country/',
    rawHeaders: Object.entries(request.headers ?? {}).flat(),
    socket: { encrypted: request.tls },
  } as unknown as IncomingMessage;
  return { served: fastPath.serve(incoming, response), written };
}

describe('catalogue fast path', () => {
  it('answers a remembered URL with the security headers, a request id and the body', () => {
    const { served, written } = exchange(connected(), { headers: { cookie: 'XSRF-TOKEN=abc' } });
    expect(served).toBe(true);
    expect(written.status).toBe(200);
    expect(written.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(written.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(written.headers.get('etag')).toBe(answer.etag);
    expect(written.headers.get('content-length')).toBe(String(answer.bytes.length));
    expect(written.headers.has('set-cookie')).toBe(false);
    expect(written.body).toBe(answer.bytes);
  });

  it('answers from any of its sources, reading headers whatever their letter case', () => {
    const { served, written } = exchange(connected(), {
      url: '/api/catalogue/region-coverage',
      headers: { Cookie: 'XSRF-TOKEN=abc', 'If-None-Match': `"x", ${coverage.etag}` },
    });
    expect(served).toBe(true);
    expect(written.status).toBe(304);
    expect(written.body).toBeUndefined();
    expect(written.headers.get('etag')).toBe(coverage.etag);
    expect(written.headers.has('set-cookie')).toBe(false);
    expect(written.headers.has('content-length')).toBe(false);
  });

  it('sends a compressed copy once it is made, and leaves the request to Fastify before', async () => {
    const fresh = new CachedAnswer(JSON.stringify(Array.from({ length: 200 }, (_, i) => i)));
    const fastPath = new CatalogFastPath();
    fastPath.connect([{ answerForUrl: () => fresh }], silent);
    const asked = { cookie: 'XSRF-TOKEN=abc', 'Accept-Encoding': 'gzip, deflate, br' };
    expect(exchange(fastPath, { headers: asked }).served).toBe(false);
    await fresh.whenEncoded();
    const { served, written } = exchange(fastPath, { headers: asked });
    expect(served).toBe(true);
    expect(written.headers.get('content-encoding')).toBe('br');
    expect(written.body).toBe(fresh.encodedIfReady('br'));
    expect(written.headers.get('content-length')).toBe(String(written.body?.length));
  });

  it('gives each answer its own request id', () => {
    const fastPath = connected();
    const ids = [1, 2].map(
      () =>
        exchange(fastPath, { headers: { cookie: 'XSRF-TOKEN=abc' } }).written.headers.get(
          'x-request-id',
        ) ?? '',
    );
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('leaves anything it does not remember, and every other method, to Fastify', () => {
    const fastPath = connected();
    expect(exchange(fastPath, { url: '/api/country/regions/' }).served).toBe(false);
    for (const method of ['HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS']) {
      expect(exchange(fastPath, { method }).served, method).toBe(false);
    }
  });

  it('marks a first visit cookie Secure on a TLS connection', () => {
    const { written } = exchange(connected(), { tls: true });
    expect(written.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=[\w-]{43}; .*; Secure$/);
  });

  it('leaves a proxied first visit to Fastify, which knows whether to trust the proxy', () => {
    const fastPath = connected();
    const proxied = { 'x-forwarded-proto': 'https' };
    expect(exchange(fastPath, { headers: proxied }).served).toBe(false);
    const returning = { ...proxied, cookie: 'XSRF-TOKEN=abc' };
    expect(exchange(fastPath, { headers: returning }).served).toBe(true);
  });

  it('answers nothing once disconnected, as the app closes', () => {
    const fastPath = connected();
    fastPath.disconnect();
    expect(exchange(fastPath, { headers: { cookie: 'XSRF-TOKEN=abc' } }).served).toBe(false);
  });
});
