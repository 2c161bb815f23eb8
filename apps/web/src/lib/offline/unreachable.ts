/**
 * Whether a failed API call got no answer from the shop: the browser is offline, or the
 * server (or the proxy before it) cannot be reached right now. That says nothing about the
 * request itself, so it decides nothing: a token is neither confirmed nor refused by it, and
 * the profile shows its offline copy instead of an error.
 */
import { ApiError } from '../api-client';

/** What a proxy or load balancer answers for a shop it cannot reach or that is not ready. */
const noShopStatuses: ReadonlySet<number> = new Set([502, 503, 504]);

export function isUnreachable(error: unknown): boolean {
  if (error instanceof ApiError) return noShopStatuses.has(error.status);
  // fetch() rejects with a TypeError, and only then, when no answer came at all.
  return error instanceof TypeError;
}
