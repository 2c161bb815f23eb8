/**
 * The path a rule about paths must test: the one the router matched, not the raw URL.
 * `/%61pi/client/logout` reaches the `/api/client/logout` route, so a guard reading the raw
 * text would wave it through.
 */
import type { FastifyRequest } from 'fastify';

/** The matched route's pattern, or for an unrouted request its decoded path. */
export function requestPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? decodedPath(request.url);
}

/** The URL's path without its query, percent-decoded as the router decodes it. */
export function decodedPath(url: string): string {
  const path = url.split('?', 1)[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    // A malformed escape never reaches a route; the raw path is as good as any here.
    return path;
  }
}

/** True for the API's own paths, which answer JSON and need the anti-forgery header. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
