/**
 * The address a listening app is reached at from this machine, for clients that call the
 * app's own stand-ins over real HTTP (the same code path as a real provider, only the base URL differs).
 */
import type { FastifyInstance } from 'fastify';

export function selfUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') {
    throw new Error('The app must be listening before it can call its own sandboxes');
  }
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`;
}
