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
import { type AnswerReply, replyFor } from './http-answer';

const SECURITY_HEADERS = Object.entries(securityHeaders).flat();
const LEVELS_WITH_INFO = new Set(['trace', 'debug', 'info']);

export interface ReadyAnswers {
  answerForUrl(url: string): CachedAnswer | undefined;
}

export class CatalogFastPath {
  private source: ReadyAnswers | undefined;
  private log: FastifyBaseLogger | undefined;
  private logsAnswers = false;
  private readonly headerLists = new WeakMap<CachedAnswer, Map<string, string[]>>();

  /** Starts answering from `source` (the catalogue service), logging like Fastify does. */
  connect(source: ReadyAnswers, log: FastifyBaseLogger): void {
    this.source = source;
    this.log = log;
    // Asked once: building a log line's fields per request costs even when nothing is written.
    this.logsAnswers = LEVELS_WITH_INFO.has(log.level);
  }

  /** Stops answering: every request goes to Fastify again (which refuses them while closing). */
  disconnect(): void {
    this.source = undefined;
  }

  /** Answers the request and returns true, or returns false and leaves it to Fastify. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.source || request.method !== 'GET' || !request.url) return false;
    const answer = this.source.answerForUrl(request.url);
    if (!answer) return false;
    const cookie = xsrfTokenIn(request.headers.cookie) ? undefined : firstVisitCookie(request);
    if (cookie === null) return false;

    const requestId = newRequestId();
    const reply = replyFor(answer, request.headers);
    const head = [...this.headersOf(answer, reply), 'x-request-id', requestId];
    if (cookie) head.push('set-cookie', cookie);
    response.writeHead(reply.status, head);
    response.end(reply.body);
    if (this.logsAnswers) this.logAnswer(requestId, request.url, reply.status);
    return true;
  }

  private logAnswer(requestId: string, url: string, statusCode: number): void {
    this.log?.info(
      { reqId: requestId, req: { method: 'GET', url }, res: { statusCode } },
      'catalogue answer from memory',
    );
  }

  /**
   * The security and answer headers of one kind of reply to an answer (its status and
   * coding), as the flat list writeHead takes, made once: building them per request cost
   * more than the rest of the fast path (an object spread alone took 4 µs).
   */
  private headersOf(answer: CachedAnswer, reply: AnswerReply): readonly string[] {
    let byKind = this.headerLists.get(answer);
    if (!byKind) {
      byKind = new Map();
      this.headerLists.set(answer, byKind);
    }
    const kind = `${reply.status} ${reply.headers.etag}`;
    let list = byKind.get(kind);
    if (!list) {
      list = [...SECURITY_HEADERS, ...Object.entries(reply.headers).flat()];
      if (reply.body) list.push('content-length', String(reply.body.length));
      byKind.set(kind, list);
    }
    return list;
  }
}

/** The anti-forgery cookie for a first visit, or null when only Fastify can tell if it is https. */
function firstVisitCookie(request: IncomingMessage): string | null {
  if (request.headers['x-forwarded-proto'] !== undefined) return null;
  return newXsrfCookie((request.socket as TLSSocket).encrypted === true);
}
