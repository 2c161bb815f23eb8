import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { matchesEtag, preferredCoding, sendCachedAnswer } from './answer-replies';
import { CachedAnswer } from './cached-answer';

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

describe('sending a cached answer', () => {
  /** A reply that notes what the route sent it. */
  function noted() {
    const sent: { status: number; headers?: Readonly<Record<string, string>>; body?: Buffer } = {
      status: 200,
    };
    const reply = {
      code(status: number) {
        sent.status = status;
        return reply;
      },
      headers(headers: Readonly<Record<string, string>>) {
        sent.headers = headers;
        return reply;
      },
      send(body?: Buffer) {
        sent.body = body;
        return reply;
      },
    };
    return { reply: reply as unknown as FastifyReply, sent };
  }
  const asking = (headers: Record<string, string> = {}) => ({ headers }) as FastifyRequest;

  it('sends a built answer at once, with the same headers object every time', () => {
    const answer = new CachedAnswer('[{"cou_id":1}]');
    const first = noted();
    expect(sendCachedAnswer(asking(), first.reply, answer)).toBeUndefined();
    expect(first.sent.body).toBe(answer.bytes);
    expect(first.sent.headers?.etag).toBe(answer.etag);
    const second = noted();
    sendCachedAnswer(asking(), second.reply, answer);
    expect(second.sent.headers).toBe(first.sent.headers);
  });

  it('answers 304 at once, without a body, to a matching If-None-Match', () => {
    const answer = new CachedAnswer('[2]');
    const { reply, sent } = noted();
    expect(
      sendCachedAnswer(asking({ 'if-none-match': answer.etag }), reply, answer),
    ).toBeUndefined();
    expect(sent.status).toBe(304);
    expect(sent.body).toBeUndefined();
  });

  it('waits for a compressed copy still being made, then sends it at once', async () => {
    const answer = new CachedAnswer(JSON.stringify(Array.from({ length: 200 }, (_, i) => i)));
    const br = asking({ 'accept-encoding': 'gzip, br' });
    const waiting = noted();
    const pending = sendCachedAnswer(br, waiting.reply, answer);
    expect(pending).toBeInstanceOf(Promise);
    await pending;
    expect(waiting.sent.body).toBe(answer.encodedIfReady('br'));
    expect(waiting.sent.headers?.['content-encoding']).toBe('br');
    expect(sendCachedAnswer(br, noted().reply, answer)).toBeUndefined();
  });
});
