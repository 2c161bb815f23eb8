/**
 * One JSON answer kept ready to send: its bytes, a strong ETag, and compressed copies made
 * once, off the event loop (./answer-replies.ts sends it; plugins/answer-cache.ts keeps them).
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
   * once by ./answer-replies.ts at the kind's index: building them per request was a
   * measurable share of a cached answer's cost.
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
