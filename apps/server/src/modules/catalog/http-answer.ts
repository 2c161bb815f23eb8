/**
 * Sends a cached catalogue answer over HTTP: strong ETag and 304, public caching for five
 * minutes, and a ready compressed copy for browsers that take one.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../errors';
import type { CachedAnswer, ContentCoding } from './answer-cache';

const CACHE_CONTROL = 'public, max-age=300';

/** What to send for a cached answer: status, answer headers and body (none for a 304). */
export interface AnswerReply {
  status: 200 | 304;
  headers: Record<string, string>;
  body?: Buffer;
}

/**
 * Sends a cached answer through Fastify as it is: compressed copies are made once per
 * answer (so the compression plugin is off on these routes).
 */
export function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer | undefined,
  missing = 'Not found',
): FastifyReply {
  if (!answer) throw notFound(missing);
  const { status, headers, body } = replyFor(answer, request.headers);
  return reply.code(status).headers(headers).send(body);
}

/**
 * The reply to a request for a cached answer, shared by the Fastify routes and the fast
 * path (./fast-path.ts) so both answer alike: each coding has its own strong ETag, and an
 * If-None-Match naming the current body gets a 304.
 */
export function replyFor(
  answer: CachedAnswer,
  requestHeaders: { 'accept-encoding'?: string; 'if-none-match'?: string },
): AnswerReply {
  const coding = preferredCoding(requestHeaders['accept-encoding']);
  const headers: Record<string, string> = {
    etag: coding ? `${answer.etag.slice(0, -1)}-${coding}"` : answer.etag,
    'cache-control': CACHE_CONTROL,
    vary: 'accept-encoding',
  };
  if (matchesEtag(requestHeaders['if-none-match'], answer.etag)) return { status: 304, headers };
  headers['content-type'] = 'application/json; charset=utf-8';
  if (!coding) return { status: 200, headers, body: answer.bytes };
  headers['content-encoding'] = coding;
  return { status: 200, headers, body: answer.encodedAs(coding) };
}

/** br when the client takes it, else gzip, else none (identity). */
export function preferredCoding(header: string | undefined): ContentCoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    weights.set(name.toLowerCase(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = weights.get('*') ?? 0;
  if ((weights.get('br') ?? wildcard) > 0) return 'br';
  if ((weights.get('gzip') ?? wildcard) > 0) return 'gzip';
  return undefined;
}

/** If-None-Match compares weakly (RFC 9110 13.1.2): any coding's tag of this body matches. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const base = etag.slice(1, -1);
  const current = new Set(['*', etag, `"${base}-br"`, `"${base}-gzip"`]);
  return header.split(',').some((candidate) => current.has(candidate.trim().replace(/^W\//, '')));
}
