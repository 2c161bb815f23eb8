/**
 * Answers that show one person's own things (their ledger, eSIMs, invoices, QR codes):
 * never kept by a shared cache or the browser's.
 */
import type { FastifyReply } from 'fastify';

export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'private, no-store');
}
