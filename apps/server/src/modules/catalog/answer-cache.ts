/**
 * Catalogue answers computed once per catalogue version and kept in memory as ready JSON
 * text with a strong ETag (and compressed copies made on first demand), so a request costs
 * a map lookup. The catalogue only changes when a sync runs:
 * - in this process the sync announces it (./catalog-events) and the cache is dropped at once;
 * - another instance's sync is noticed by polling the latest sync id, at most once every
 *   `recheckMs` and off the request path, so other instances serve the old catalogue for at
 *   most that long (plus the browsers' max-age) after a sync.
 * Each version also remembers which request URLs got which answer, for the fast path
 * (./fast-path.ts) that answers a repeated URL before Fastify routes it.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type ContentCoding = 'br' | 'gzip';

export class CachedAnswer {
  readonly etag: string;
  /** The body as bytes: sent as is, with no per-request conversion of a long string. */
  readonly bytes: Buffer;
  private readonly encoded = new Map<ContentCoding, Buffer>();

  constructor(readonly body: string) {
    this.bytes = Buffer.from(body);
    this.etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  }

  /** The body compressed with this coding, made once. */
  encodedAs(coding: ContentCoding): Buffer {
    let bytes = this.encoded.get(coding);
    if (!bytes) {
      bytes =
        coding === 'br'
          ? brotliCompressSync(this.bytes, {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
            })
          : gzipSync(this.bytes, { level: 9 });
      this.encoded.set(coding, bytes);
    }
    return bytes;
  }
}

interface Generation<S> {
  snapshot: Promise<S>;
  version: number | undefined;
  answers: Map<string, CachedAnswer>;
  byUrl: Map<string, CachedAnswer>;
}

/**
 * URLs remembered per version, at most: every real catalogue path in both slash forms
 * fits many times over, while letter-case variants of a region name cannot grow it forever.
 */
const MAX_REMEMBERED_URLS = 50_000;

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
  /** Which version built an answer, so a URL is only remembered for the version it came from. */
  private readonly generationOf = new WeakMap<CachedAnswer, Generation<S>>();

  constructor(private readonly options: AnswerCacheOptions<S>) {}

  /**
   * The answer named `key`, built from the snapshot by `build` the first time; undefined
   * (and nothing kept) when `build` finds nothing, so junk keys never fill the cache.
   */
  async answer(
    key: string,
    build: (snapshot: S) => unknown | undefined,
  ): Promise<CachedAnswer | undefined> {
    this.recheckSoon();
    const generation = this.current();
    const known = generation.answers.get(key);
    if (known) return known;
    const value = build(await generation.snapshot);
    if (value === undefined) return undefined;
    const answer = new CachedAnswer(JSON.stringify(value));
    generation.answers.set(key, answer);
    this.generationOf.set(answer, generation);
    return answer;
  }

  /** Notes that `url` is answered by `answer`, unless a newer version has replaced it since. */
  rememberUrl(url: string, answer: CachedAnswer): void {
    const generation = this.generationOf.get(answer);
    if (!generation || generation !== this.generation) return;
    if (generation.byUrl.size >= MAX_REMEMBERED_URLS) return;
    generation.byUrl.set(url, answer);
  }

  /** The answer this version gave `url` before, if any. */
  answerForUrl(url: string): CachedAnswer | undefined {
    this.recheckSoon();
    return this.generation?.byUrl.get(url);
  }

  invalidate(): void {
    this.generation = undefined;
  }

  private current(): Generation<S> {
    if (this.generation) return this.generation;
    // Version first: a sync landing while the snapshot loads is then seen at the next check.
    const generation: Generation<S> = {
      version: undefined,
      answers: new Map(),
      byUrl: new Map(),
      snapshot: this.options.readVersion().then((version) => {
        generation.version = version;
        return this.options.load();
      }),
    };
    generation.snapshot.catch(() => {
      // A failed load is not kept: the next request tries again.
      if (this.generation === generation) this.generation = undefined;
    });
    this.generation = generation;
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
      if (this.generation === generation && version !== generation.version) this.invalidate();
    } catch (error) {
      this.options.onError(error);
    }
  }
}
