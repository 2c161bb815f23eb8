/**
 * Sends a cached answer (./cached-answer.ts) through Fastify, with every hook of the app applied
 * (security headers, anti-forgery cookie, request id, logging): strong ETag and 304, public
 * caching for five minutes, and a ready compressed copy for browsers that take one. The
 * per-request work is kept small inside the framework (decision 0032): the headers of each kind
 * of reply are made once per answer, and nothing is awaited unless a compressed copy is still
 * being made.
 */
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer, ContentCoding } from './cached-answer';

const CACHE_CONTROL = 'public, max-age=300';

/**
 * The options of every route that sends a cached answer: the compression plugin neither
 * compresses (the answers carry their own compressed copies) nor adds its decompression hook,
 * a whole preParsing phase on every request for a GET that has no body.
 */
export const cachedAnswerRouteOptions = { compress: false, decompress: false } as const;

/**
 * Which reply a request gets: 304 or 200, and in which coding (none: the body as it is);
 * `slot` is where its headers are kept on the answer (`CachedAnswer.replyHeaders`).
 */
export interface ReplyKind {
  status: 200 | 304;
  coding: ContentCoding | undefined;
  slot: number;
}

/**
 * Sends a cached answer as it is (compressed copies are made once per answer, off the event
 * loop, so the compression plugin is off on these routes). Synchronous, returning nothing,
 * when the coding asked for is ready: every request but the first few after a sync.
 * Otherwise returns a promise for the route to hand to Fastify.
 */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
): Promise<void> | undefined {
  const headers = request.headers;
  const kind = replyKind(answer, headers['accept-encoding'], headers['if-none-match']);
  if (kind.status === 304) {
    reply.code(304).headers(replyHeaders(answer, kind)).send();
    return undefined;
  }
  const body = kind.coding ? answer.encodedIfReady(kind.coding) : answer.bytes;
  if (!body) return sendWhenEncoded(reply, answer, kind);
  reply.headers(replyHeaders(answer, kind)).send(body);
  return undefined;
}

/**
 * The answer as it is, as if the client took no coding: for answers the compression plugin
 * compresses on the way out (the trip planner's, endless in number and seldom asked twice).
 */
export function sendUncompressedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
): FastifyReply {
  const kind = replyKind(answer, undefined, request.headers['if-none-match']);
  const body = kind.status === 304 ? undefined : answer.bytes;
  return reply.code(kind.status).headers(replyHeaders(answer, kind)).send(body);
}

/** The first requests for a compressed copy wait while zlib's threads make it. */
async function sendWhenEncoded(
  reply: FastifyReply,
  answer: CachedAnswer,
  kind: ReplyKind,
): Promise<void> {
  await answer.whenEncoded();
  const body = kind.coding ? answer.encodedAs(kind.coding) : answer.bytes;
  reply.headers(replyHeaders(answer, kind)).send(body);
}

const REPLY_KINDS = {
  plain: { status: 200, coding: undefined, slot: 0 },
  br: { status: 200, coding: 'br', slot: 1 },
  gzip: { status: 200, coding: 'gzip', slot: 2 },
  plain304: { status: 304, coding: undefined, slot: 3 },
  br304: { status: 304, coding: 'br', slot: 4 },
  gzip304: { status: 304, coding: 'gzip', slot: 5 },
} as const satisfies Record<string, ReplyKind>;

/**
 * The kind of reply for these request headers; one of six shared objects, nothing made. Each
 * coding has its own strong ETag, and an If-None-Match naming the current body gets a 304.
 */
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

/** The answer's headers for a kind of reply, made on its first request and kept on the answer. */
export function replyHeaders(
  answer: CachedAnswer,
  kind: ReplyKind,
): Readonly<Record<string, string>> {
  let headers = answer.replyHeaders[kind.slot];
  if (!headers) {
    headers = answerHeaders(answer, kind);
    answer.replyHeaders[kind.slot] = headers;
  }
  return headers;
}

/** The answer's own headers for a kind of reply (without the length, which Fastify adds). */
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

/** Forgets every line once it holds `limit` of them, so odd lines cannot grow the memory. */
class BoundedMap extends Map<string, string> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: string, value: string): this {
    if (this.size >= this.limit) this.clear();
    return super.set(key, value);
  }
}

/**
 * The negotiator the compression plugin uses too (@fastify/accept-negotiator): q-values
 * honoured, br first among equals. Browsers send one of a few Accept-Encoding lines, over and
 * over: each line's coding is worked out once.
 */
const codings = new Negotiator<ContentCoding>({
  supportedValues: ['br', 'gzip'],
  cache: new BoundedMap(64),
});

/** br when the client takes it, else gzip, else none (identity). */
export function preferredCoding(header: string | undefined): ContentCoding | undefined {
  return header ? (codings.negotiate(header) ?? undefined) : undefined;
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
