import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CachedAnswer } from './answer-cache';
import { CatalogFastPath } from './fast-path';

const answer = new CachedAnswer('[{"cou_id":1}]');
const silent = { info: () => {} } as unknown as FastifyBaseLogger;

function connected(): CatalogFastPath {
  const fastPath = new CatalogFastPath();
  fastPath.connect(
    { answerForUrl: (url) => (url === '/api/country/' ? answer : undefined) },
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
  const incoming = {
    method: request.method ?? 'GET',
    url: request.url ?? '/api/country/',
    headers: request.headers ?? {},
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
