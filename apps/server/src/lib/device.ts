/**
 * The browser's own random id, sent as X-Tern-Device by the web app (kept in its storage): the
 * referrals module compares accounts by the devices they signed in from. It proves nothing on
 * its own, so it is only ever used to refuse a reward, never to grant anything.
 */
import type { FastifyRequest } from 'fastify';

export const DEVICE_HEADER = 'x-tern-device';
const DEVICE_ID = /^[A-Za-z0-9-]{8,64}$/;

export function deviceOf(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const value = request.headers[DEVICE_HEADER];
  return typeof value === 'string' && DEVICE_ID.test(value) ? value : undefined;
}
