/**
 * Repeated catalogue GETs answered straight from Node's HTTP server, before Fastify.
 *
 * A cached catalogue answer costs a map lookup, but Fastify's own work per request (request
 * and reply objects, routing, hooks) costs about as much as writing a 7 KB answer: an empty
 * Fastify route managed only 0.76 of a bare node:http server here (docs/decisions/0008).
 * So once a catalogue route has answered a URL, the fast path answers the same URL from the
 * same cache version, with the same headers, until the next sync. Everything else goes to
 * Fastify: other methods, URLs with a query, URLs not answered yet (so validation and 404s
 * stay in one place), requests forwarded by a proxy without the anti-forgery cookie (only
 * Fastify knows whether to trust the proxy's protocol), and anything while the app closes.
 * Fastify's hooks do not run here: whatever every answer must carry is added below too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import { newRequestId } from '../../lib/request-id';
import { newXsrfCookie, xsrfTokenIn } from '../../plugins/anti-forgery';
import { securityHeaders } from '../../plugins/security-headers';
import type { CachedAnswer } from './answer-cache';
import { answerHeaders, type ReplyKind, replyKind } from './http-answer';

const SECURITY_HEADERS = Object.entries(securityHeaders).flat();
const LEVELS_WITH_INFO = new Set(['trace', 'debug', 'info']);

export interface ReadyAnswers {
  answerForUrl(url: string): CachedAnswer | undefined;
}

/** The request headers the fast path reads; everything else a request sends is left unread. */
interface Asked {
  cookie: string | undefined;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
  forwardedProto: string | undefined;
}

export class CatalogFastPath {
  private sources: readonly ReadyAnswers[] = [];
  private log: FastifyBaseLogger | undefined;
  private logsAnswers = false;
  /**
   * Per answer, the header list of each kind of reply (six: 200 or 304, three codings), its
   * last value the request id's place. Made once: building the list per request cost more than
   * the rest of the fast path (an object spread alone took 4 µs).
   */
  private readonly headerLists = new WeakMap<CachedAnswer, (string[] | undefined)[]>();
  /** Read into for each request: the fast path is synchronous, so one object serves them all. */
  private readonly asked: Asked = {
    cookie: undefined,
    acceptEncoding: undefined,
    ifNoneMatch: undefined,
    forwardedProto: undefined,
  };

  /** Starts answering from `sources` (the catalogue's answer caches), logging like Fastify does. */
  connect(sources: readonly ReadyAnswers[], log: FastifyBaseLogger): void {
    this.sources = sources;
    this.log = log;
    // Asked once: building a log line's fields per request costs even when nothing is written.
    this.logsAnswers = LEVELS_WITH_INFO.has(log.level);
  }

  /** Stops answering: every request goes to Fastify again (which refuses them while closing). */
  disconnect(): void {
    this.sources = [];
  }

  /** Answers the request and returns true, or returns false and leaves it to Fastify. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url;
    if (request.method !== 'GET' || !url) return false;
    const answer = this.answerFor(url);
    if (!answer) return false;
    const asked = readAsked(request.rawHeaders, this.asked);
    let cookie: string | undefined;
    if (!xsrfTokenIn(asked.cookie)) {
      // Only Fastify knows whether to trust a proxy's word that the visit came over https.
      if (asked.forwardedProto !== undefined) return false;
      cookie = newXsrfCookie((request.socket as TLSSocket).encrypted === true);
    }
    const kind = replyKind(answer, asked.acceptEncoding, asked.ifNoneMatch);
    let body: Buffer | undefined;
    if (kind.status === 200) {
      body = kind.coding ? answer.encodedIfReady(kind.coding) : answer.bytes;
      // A compressed copy still being made: Fastify's route waits for it.
      if (!body) return false;
    }

    const requestId = newRequestId();
    let head = this.headersOf(answer, kind, body);
    // Safe to reuse: writeHead has read the list before it returns.
    head[head.length - 1] = requestId;
    if (cookie) head = [...head, 'set-cookie', cookie];
    response.writeHead(kind.status, head);
    response.end(body);
    if (this.logsAnswers) this.logAnswer(requestId, url, kind.status);
    return true;
  }

  private answerFor(url: string): CachedAnswer | undefined {
    for (const source of this.sources) {
      const answer = source.answerForUrl(url);
      if (answer) return answer;
    }
    return undefined;
  }

  private logAnswer(requestId: string, url: string, statusCode: number): void {
    this.log?.info(
      { reqId: requestId, req: { method: 'GET', url }, res: { statusCode } },
      'catalogue answer from memory',
    );
  }

  /** The flat list writeHead takes for one kind of reply to an answer, made once. */
  private headersOf(answer: CachedAnswer, kind: ReplyKind, body: Buffer | undefined): string[] {
    let lists = this.headerLists.get(answer);
    if (!lists) {
      lists = [];
      this.headerLists.set(answer, lists);
    }
    const coding = kind.coding === 'br' ? 1 : kind.coding === 'gzip' ? 2 : 0;
    const index = (kind.status === 304 ? 3 : 0) + coding;
    let list = lists[index];
    if (!list) {
      list = [...SECURITY_HEADERS, ...Object.entries(answerHeaders(answer, kind)).flat()];
      if (body) list.push('content-length', String(body.length));
      list.push('x-request-id', '');
      lists[index] = list;
    }
    return list;
  }
}

/**
 * The four request headers the fast path needs, read from the raw list: asking for
 * `request.headers` makes Node build the whole header object, which the bare server never
 * pays for. Repeated headers are joined as Node joins them.
 */
function readAsked(raw: readonly string[], into: Asked): Asked {
  into.cookie = undefined;
  into.acceptEncoding = undefined;
  into.ifNoneMatch = undefined;
  into.forwardedProto = undefined;
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index] ?? '';
    const value = raw[index + 1] ?? '';
    switch (name.length) {
      case 6:
        if (name.toLowerCase() === 'cookie') {
          into.cookie = into.cookie === undefined ? value : `${into.cookie}; ${value}`;
        }
        break;
      case 13:
        if (name.toLowerCase() === 'if-none-match') {
          into.ifNoneMatch = joined(into.ifNoneMatch, value);
        }
        break;
      case 15:
        if (name.toLowerCase() === 'accept-encoding') {
          into.acceptEncoding = joined(into.acceptEncoding, value);
        }
        break;
      case 17:
        if (name.toLowerCase() === 'x-forwarded-proto') {
          into.forwardedProto = joined(into.forwardedProto, value);
        }
        break;
    }
  }
  return into;
}

function joined(known: string | undefined, value: string): string {
  return known === undefined ? value : `${known}, ${value}`;
}
