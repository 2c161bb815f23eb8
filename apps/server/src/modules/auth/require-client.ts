/**
 * For routes that act for a signed-in client (profile, ledger, eSIMs): reads the
 * `Authorization: Bearer <token>` header and returns the token's client, or answers 401;
 * and tells whether an address in a request is that client's own.
 */
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../errors';
import type { AuthenticatedClient } from './auth-service';

export { type AuthenticatedClient, isOwnEmail } from './auth-service';

export async function requireClient(request: FastifyRequest): Promise<AuthenticatedClient> {
  const token = bearerToken(request);
  if (!token) throw unauthorized('accountMessages.tokenRequired');
  return request.server.auth.clientForToken(token);
}

/** The bearer token of a request, or undefined when there is none. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}
