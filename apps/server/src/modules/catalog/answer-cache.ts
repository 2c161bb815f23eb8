/**
 * Catalogue answers computed once per catalogue version and kept in memory as ready JSON
 * text with a strong ETag (and compressed copies made on first demand), so a request costs
 * a map lookup. The catalogue only changes when a sync runs:
 * - in this process the sync announces it (./catalog-events) and waits while the new version
 *   is loaded and put in place (`refresh`): the old one answers meanwhile;
 * - another instance's sync is noticed by polling the latest sync id, at most once every
 *   `recheckMs` and off the request path, so other instances serve the old catalogue for at
 *   most that long (plus the reload and the browsers' max-age) after a sync.
 * An answer already built is handed back at once, not in a promise, so that a route can send
 * it without waiting a turn of the event loop (./http-answer.ts).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

export type ContentCoding = 'br' | 'gzip';

const CODINGS: readonly ContentCoding[] = ['br', 'gzip'];
const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
};
const GZIP_OPTIONS = { level: 9 };
const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export class CachedAnswer {
  readonly etag: string;
  /** The body as bytes: sent as is, with no per-request conversion of a long string. */
  readonly bytes: Buffer;
  /**
   * The reply headers of each kind of reply to this answer (200 or 304, three codings), made
   * once by ./http-answer.ts at the kind's index: building them per request was a measurable
   * share of a cached answer's cost.
   */
  readonly replyHeaders: (Readonly<Record<string, string>> | undefined)[] = [];
  private readonly encoded = new Map<ContentCoding, Buffer>();
  private encoding: Promise<void> | undefined;

  constructor(readonly body: string) {
    this.bytes = Buffer.from(body);
    this.etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  }

  /**
   * Makes both compressed copies once, in zlib's thread pool: brotli at its best quality
   * held the event loop for 65 ms on the 24 KB country list, and every answer was
   * compressed anew on its first request after each sync, in front of every other request.
   */
  whenEncoded(): Promise<void> {
    this.encoding ??= Promise.all(
      CODINGS.map(async (coding) => {
        const bytes =
          coding === 'br'
            ? await brotliCompressAsync(this.bytes, BROTLI_OPTIONS)
            : await gzipAsync(this.bytes, GZIP_OPTIONS);
        if (!this.encoded.has(coding)) this.encoded.set(coding, bytes);
      }),
    ).then(() => undefined);
    return this.encoding;
  }

  /** The compressed copy if it is made already (a route sends it without waiting). */
  encodedIfReady(coding: ContentCoding): Buffer | undefined {
    return this.encoded.get(coding);
  }

  /** The body compressed with this coding: the ready copy, else made now, on the event loop. */
  encodedAs(coding: ContentCoding): Buffer {
    let bytes = this.encoded.get(coding);
    if (!bytes) {
      bytes =
        coding === 'br'
          ? brotliCompressSync(this.bytes, BROTLI_OPTIONS)
          : gzipSync(this.bytes, GZIP_OPTIONS);
      this.encoded.set(coding, bytes);
    }
    return bytes;
  }
}

interface Generation<S> {
  snapshot: Promise<S>;
  version: number | undefined;
  answers: Map<string, CachedAnswer>;
  /** The answers of the version this one replaced that it has not built again yet. */
  earlier: Map<string, CachedAnswer>;
}

export interface AnswerCacheOptions<S> {
  load(): Promise<S>;
  /** A cheap query naming the catalogue's version; undefined before any sync. */
  readVersion(): Promise<number | undefined>;
  recheckMs: number;
  onError(error: unknown): void;
}

export class AnswerCache<S> {
  private generation: Generation<S> | undefined;
  private checkedAt = Date.now();
  private checking = false;
  private refreshes = 0;

  constructor(private readonly options: AnswerCacheOptions<S>) {}

  /**
   * The answer named `key`: at once when this version has built it already (every request
   * but the first), else a promise of it, built from the snapshot by `build`; undefined (and
   * nothing kept) when `build` finds nothing, so junk keys never fill the cache.
   */
  answer(
    key: string,
    build: (snapshot: S) => unknown | undefined,
  ): CachedAnswer | Promise<CachedAnswer | undefined> {
    this.recheckSoon();
    const generation = this.current();
    return generation.answers.get(key) ?? this.built(generation, key, build);
  }

  private async built(
    generation: Generation<S>,
    key: string,
    build: (snapshot: S) => unknown | undefined,
  ): Promise<CachedAnswer | undefined> {
    const snapshot = await generation.snapshot;
    // Requests that came together for a new key: the first to get here builds it for all.
    const builtMeanwhile = generation.answers.get(key);
    if (builtMeanwhile) return builtMeanwhile;
    const value = build(snapshot);
    if (value === undefined) return undefined;
    const answer = this.sameAsBefore(generation, key, JSON.stringify(value));
    generation.answers.set(key, answer);
    return answer;
  }

  /**
   * The earlier version's answer when the body came out the same, with its ETag and
   * compressed copies: a sync changes a few plans, and hashing and compressing every other
   * answer again after it (brotli at its best quality, in zlib's threads) took the CPU the
   * catalogue's requests wanted on a two-core machine. Otherwise a new answer.
   */
  private sameAsBefore(generation: Generation<S>, key: string, body: string): CachedAnswer {
    const before = generation.earlier.get(key);
    generation.earlier.delete(key);
    if (before?.body === body) return before;
    const answer = new CachedAnswer(body);
    // Compressed copies are started at once, off the event loop, for the browsers that ask next.
    answer.whenEncoded().catch(this.options.onError);
    return answer;
  }

  /** This version's snapshot, for answers kept elsewhere (the trip planner's, ./trip-answers.ts). */
  snapshot(): Promise<S> {
    this.recheckSoon();
    return this.current().snapshot;
  }

  invalidate(): void {
    this.generation = undefined;
  }

  /**
   * Loads the catalogue's new version while the current one goes on answering, then puts it
   * in place; resolves once it is. Dropping the answers at once made every request wait for
   * the whole reload (about a second on PGlite), a p99 of hundreds of milliseconds after each
   * sync. Another instance serves the previous catalogue for up to `recheckMs` after a sync
   * anyway; this one does for the length of the reload, and a sync returns after it.
   */
  async refresh(): Promise<void> {
    if (!this.generation) return;
    this.refreshes += 1;
    const refresh = this.refreshes;
    const next = this.newGeneration();
    try {
      await next.snapshot;
    } catch (error) {
      // The database away while loading: the old version goes on answering rather than no
      // catalogue at all, and the next version check (at most `recheckMs` on) loads the new one.
      this.options.onError(error);
      return;
    }
    // A later refresh, or an invalidation, has the last word.
    if (refresh === this.refreshes && this.generation) {
      next.earlier = this.generation.answers;
      this.generation = next;
    }
  }

  private current(): Generation<S> {
    this.generation ??= this.newGeneration();
    return this.generation;
  }

  private newGeneration(): Generation<S> {
    // Version first: a sync landing while the snapshot loads is then seen at the next check.
    const generation: Generation<S> = {
      version: undefined,
      answers: new Map(),
      earlier: new Map(),
      snapshot: this.options.readVersion().then((version) => {
        generation.version = version;
        return this.options.load();
      }),
    };
    generation.snapshot.catch(() => {
      // A failed load is not kept: the next request tries again.
      if (this.generation === generation) this.generation = undefined;
    });
    return generation;
  }

  private recheckSoon(): void {
    const now = Date.now();
    if (this.checking || now - this.checkedAt < this.options.recheckMs) return;
    this.checkedAt = now;
    this.checking = true;
    void this.recheck().finally(() => {
      this.checking = false;
    });
  }

  private async recheck(): Promise<void> {
    const generation = this.generation;
    if (!generation) return;
    try {
      await generation.snapshot;
      const version = await this.options.readVersion();
      if (this.generation === generation && version !== generation.version) await this.refresh();
    } catch (error) {
      this.options.onError(error);
    }
  }
}
