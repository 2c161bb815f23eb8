/**
 * The app's one cache of JSON answers, in the HTTP layer: services hand out plain data (the
 * catalogue's snapshot keeps each list as one object per catalogue version), and this keeps,
 * per data object, its answer as ready bytes with a strong ETag and compressed copies
 * (lib/cached-answer.ts), so that sending it again costs a map lookup. Routes send through
 * `reply.sendAnswer`, which is Fastify's own reply: every hook of the app still applies.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound, type TextKey } from '../errors';
import { sendCachedAnswer, sendUncompressedAnswer } from '../lib/answer-replies';
import { CachedAnswer } from '../lib/cached-answer';

/** Data as a service gives it: at once when it is there already, else a promise of it. */
export type FoundData = object | undefined | Promise<object | undefined>;

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Sends `found` as a cached JSON answer (ETag, 304, ready compressed copies), or a 404 with
     * `missing` when there is nothing. Synchronous, returning nothing, when the data and its
     * answer are ready; otherwise a promise for the route to hand to Fastify.
     */
    sendAnswer(found: FoundData, missing?: TextKey): Promise<void> | undefined;
    /**
     * Sends `data` as a cached answer with its ETag but no compressed copies of its own: the
     * compression plugin compresses it on the way out. For answers endless in number.
     */
    sendUncompressedAnswer(data: object): FastifyReply;
  }
}

/**
 * Addresses remembered at most: one per list, plan and country the catalogue has, with room
 * for a few versions' worth of plans that came and went.
 */
const MAX_REMEMBERED_ADDRESSES = 50_000;

export class AnswerCache {
  private readonly byData = new WeakMap<object, CachedAnswer>();
  /** The answer last sent at each address (route and parameters), across data versions. */
  private readonly byAddress = new Map<string, CachedAnswer>();

  constructor(private readonly onError: (error: unknown) => void) {}

  /**
   * The answer of `data`, made on its first request. New data (a new catalogue version) at an
   * address whose last answer had the same body keeps that answer, with its ETag and
   * compressed copies: a sync changes a few plans, and hashing and compressing every other
   * answer again after it (brotli at its best quality, in zlib's threads) took the CPU the
   * catalogue's requests wanted on a two-core machine.
   */
  answer(data: object, address: () => string): CachedAnswer {
    const known = this.byData.get(data);
    if (known) return known;
    const body = JSON.stringify(data);
    const key = address();
    const before = this.byAddress.get(key);
    const answer = before?.body === body ? before : this.newAnswer(body);
    if (this.byAddress.size >= MAX_REMEMBERED_ADDRESSES) this.byAddress.clear();
    this.byAddress.set(key, answer);
    this.byData.set(data, answer);
    return answer;
  }

  /** The answer of `data` without compressed copies or address memory. */
  uncompressedAnswer(data: object): CachedAnswer {
    let answer = this.byData.get(data);
    if (!answer) {
      answer = new CachedAnswer(JSON.stringify(data));
      this.byData.set(data, answer);
    }
    return answer;
  }

  private newAnswer(body: string): CachedAnswer {
    const answer = new CachedAnswer(body);
    // Compressed copies are started at once, off the event loop, for the browsers that ask next.
    answer.whenEncoded().catch(this.onError);
    return answer;
  }
}

/** The route and its parameters: the same for a path with or without its trailing slash. */
export function addressOf(request: FastifyRequest): string {
  const route = request.routeOptions.url ?? request.url;
  const path = route.endsWith('/') ? route.slice(0, -1) : route;
  return `${path} ${JSON.stringify(request.params)}`;
}

export function sendAnswer(
  cache: AnswerCache,
  request: FastifyRequest,
  reply: FastifyReply,
  found: FoundData,
  missing: TextKey = 'errorMessages.notFound',
): Promise<void> | undefined {
  if (found instanceof Promise) {
    return found.then((data) => sendAnswer(cache, request, reply, data, missing));
  }
  if (!found) throw notFound(missing);
  return sendCachedAnswer(
    request,
    reply,
    cache.answer(found, () => addressOf(request)),
  );
}

export const answerCachePlugin = fp(
  async (app: FastifyInstance) => {
    const cache = new AnswerCache((error) =>
      app.log.warn({ err: error }, 'compressing an answer failed'),
    );
    app.decorateReply(
      'sendAnswer',
      function sendFound(this: FastifyReply, found: FoundData, missing?: TextKey) {
        return sendAnswer(cache, this.request, this, found, missing);
      },
    );
    app.decorateReply(
      'sendUncompressedAnswer',
      function sendData(this: FastifyReply, data: object) {
        return sendUncompressedAnswer(this.request, this, cache.uncompressedAnswer(data));
      },
    );
  },
  { name: 'answer-cache' },
);
