/**
 * The server as a component test sees it: `fetch` replaced by a table of answers by method and
 * path, so the code under test runs whole, down to its HTTP calls (the boundary the app leaves
 * by). Each request is recorded; a path answered by several answers gives them in turn, the
 * last one again and again. A request nobody expected fails the test.
 */
import { vi } from 'vitest';

export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

/** An answer, or a function of the request for one that waits or depends on what was sent. */
export type Responder = FakeAnswer | ((body: unknown) => FakeAnswer | Promise<FakeAnswer>);

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeApi {
  answer: (method: string, path: string, ...responders: Responder[]) => void;
  calls: FakeCall[];
  callsTo: (method: string, path: string) => FakeCall[];
}

export function fakeApi(): FakeApi {
  const routes = new Map<string, Responder[]>();
  const calls: FakeCall[] = [];

  async function fetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    const queue = routes.get(`${method} ${url.pathname}`);
    const next = queue && (queue.length > 1 ? queue.shift() : queue[0]);
    if (!next) throw new Error(`No fake answer for ${method} ${url.pathname}`);
    const answer = typeof next === 'function' ? await next(body) : next;
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }

  vi.stubGlobal('fetch', vi.fn(fetch));
  return {
    answer: (method, path, ...responders) => routes.set(`${method} ${path}`, responders),
    calls,
    callsTo: (method, path) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** A promise and the function that settles it: for an answer that arrives when a test says. */
export function later<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
