/**
 * A stand-in outside service on a free local port, for the unit tests of the HTTP core and of
 * the clients on it: they talk real HTTP to it, so timeouts and headers are tested for real.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Answers one request; `hit` says which one this is (1, 2…). */
export type FakeHandler = (request: IncomingMessage, response: ServerResponse, hit: number) => void;

export interface FakeService {
  /** The base URL, with the base path given, without a trailing slash. */
  url: string;
  hits: IncomingMessage[];
  close(): void;
}

const running = new Set<Server>();

export async function startFakeService(handler: FakeHandler, basePath = ''): Promise<FakeService> {
  const hits: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    hits.push(request);
    handler(request, response, hits.length);
  });
  running.add(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}${basePath}`, hits, close: () => stop(server) };
}

/** For afterEach: a silent handler would otherwise keep its connections, and the test run, open. */
export function closeFakeServices(): void {
  for (const server of running) stop(server);
}

export function answerJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

function stop(server: Server): void {
  server.closeAllConnections();
  server.close();
  running.delete(server);
}
