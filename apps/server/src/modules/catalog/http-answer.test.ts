import { describe, expect, it } from 'vitest';
import { CachedAnswer } from './answer-cache';
import { matchesEtag, preferredCoding } from './http-answer';

describe('content coding', () => {
  it('prefers brotli, then gzip, else sends the body as it is', () => {
    expect(preferredCoding('gzip, deflate, br')).toBe('br');
    expect(preferredCoding('gzip, deflate')).toBe('gzip');
    expect(preferredCoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(preferredCoding('deflate')).toBeUndefined();
    expect(preferredCoding('identity')).toBeUndefined();
    expect(preferredCoding(undefined)).toBeUndefined();
    expect(preferredCoding('*')).toBe('br');
  });
});

describe('If-None-Match', () => {
  const etag = '"abc123"';

  it('matches the tag of any coding of the same body, weak or strong', () => {
    expect(matchesEtag('"abc123"', etag)).toBe(true);
    expect(matchesEtag('W/"abc123"', etag)).toBe(true);
    expect(matchesEtag('"abc123-br"', etag)).toBe(true);
    expect(matchesEtag('"old", "abc123-gzip"', etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
  });

  it('does not match another body', () => {
    expect(matchesEtag('"abc12"', etag)).toBe(false);
    expect(matchesEtag('"abc1234"', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });
});

describe('cached answer', () => {
  it('has a strong ETag that changes with the body, and compressed copies made once', () => {
    const answer = new CachedAnswer('[1,2,3]');
    expect(answer.etag).toMatch(/^"[\w-]{32}"$/);
    expect(new CachedAnswer('[1,2,4]').etag).not.toBe(answer.etag);
    expect(answer.encodedAs('gzip')).toBe(answer.encodedAs('gzip'));
    expect(answer.bytes.toString()).toBe('[1,2,3]');
  });
});
