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

/** Which reply a request gets: 304 or 200, and in which coding (none: the body as it is). */
export interface ReplyKind {
  status: 200 | 304;
  coding: ContentCoding | undefined;
}

/**
 * Sends a cached answer through Fastify as it is: compressed copies are made once per
 * answer, off the event loop (so the compression plugin is off on these routes).
 */
export async function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer | undefined,
  missing = 'Not found',
): Promise<FastifyReply> {
  if (!answer) throw notFound(missing);
  if (preferredCoding(request.headers['accept-encoding'])) await answer.whenEncoded();
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
  const kind = replyKind(
    answer,
    requestHeaders['accept-encoding'],
    requestHeaders['if-none-match'],
  );
  const headers = answerHeaders(answer, kind);
  if (kind.status === 304) return { status: 304, headers };
  return {
    status: 200,
    headers,
    body: kind.coding ? answer.encodedAs(kind.coding) : answer.bytes,
  };
}

const REPLY_KINDS = {
  plain: { status: 200, coding: undefined },
  br: { status: 200, coding: 'br' },
  gzip: { status: 200, coding: 'gzip' },
  plain304: { status: 304, coding: undefined },
  br304: { status: 304, coding: 'br' },
  gzip304: { status: 304, coding: 'gzip' },
} as const satisfies Record<string, ReplyKind>;

/** The kind of reply for these request headers; one of six shared objects, nothing made. */
export function replyKind(
  answer: CachedAnswer,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
): ReplyKind {
  const coding = preferredCoding(acceptEncoding);
  const notModified = matchesEtag(ifNoneMatch, answer.etag);
  if (coding === 'br') return notModified ? REPLY_KINDS.br304 : REPLY_KINDS.br;
  if (coding === 'gzip') return notModified ? REPLY_KINDS.gzip304 : REPLY_KINDS.gzip;
  return notModified ? REPLY_KINDS.plain304 : REPLY_KINDS.plain;
}

/** The answer's own headers for a kind of reply (without the length, which node:http adds). */
export function answerHeaders(answer: CachedAnswer, kind: ReplyKind): Record<string, string> {
  const headers: Record<string, string> = {
    etag: kind.coding ? `${answer.etag.slice(0, -1)}-${kind.coding}"` : answer.etag,
    'cache-control': CACHE_CONTROL,
    vary: 'accept-encoding',
  };
  if (kind.status === 304) return headers;
  headers['content-type'] = 'application/json; charset=utf-8';
  if (kind.coding) headers['content-encoding'] = kind.coding;
  return headers;
}

/**
 * Browsers send one of a few Accept-Encoding lines, over and over: each line's coding is
 * worked out once. The memory is bounded, so odd lines cannot grow it.
 */
const codingOfLine = new Map<string, ContentCoding | undefined>();
const MAX_REMEMBERED_LINES = 64;

/** br when the client takes it, else gzip, else none (identity). */
export function preferredCoding(header: string | undefined): ContentCoding | undefined {
  if (!header) return undefined;
  if (codingOfLine.has(header)) return codingOfLine.get(header);
  const coding = codingOf(header);
  if (codingOfLine.size >= MAX_REMEMBERED_LINES) codingOfLine.clear();
  codingOfLine.set(header, coding);
  return coding;
}

function codingOf(header: string): ContentCoding | undefined {
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
  if (header === etag) return true;
  const base = etag.slice(0, -1);
  for (const candidate of header.split(',')) {
    const tag = candidate.trim().replace(/^W\//, '');
    if (tag === '*' || tag === etag || tag === `${base}-br"` || tag === `${base}-gzip"`) {
      return true;
    }
  }
  return false;
}
