import { catalogErrorMessages } from '@tern/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerCache, answerCachePlugin } from './answer-cache';

const address = (key: string) => () => key;

describe('answers kept by their data', () => {
  it('builds an answer once for the same data, wherever it is asked', () => {
    const cache = new AnswerCache(() => {});
    const data = [{ cou_id: 1 }];
    const first = cache.answer(data, address('/api/country {}'));
    expect(first.body).toBe('[{"cou_id":1}]');
    expect(cache.answer(data, address('/api/country {}'))).toBe(first);
    expect(cache.answer(data, address('/api/plan/country/:iso {"iso":"FR"}'))).toBe(first);
  });

  it('keeps an answer whose body a new version leaves the same, with its ETag and copies', async () => {
    const cache = new AnswerCache((error) => {
      throw error;
    });
    const sameBefore = cache.answer({ country: 'France' }, address('fr'));
    const changedBefore = cache.answer([1], address('load'));
    await sameBefore.whenEncoded();
    // A new catalogue version: new objects, one with the same content.
    const sameAfter = cache.answer({ country: 'France' }, address('fr'));
    const changedAfter = cache.answer([2], address('load'));
    expect(sameAfter).toBe(sameBefore);
    expect(sameAfter.encodedIfReady('br')).toBeDefined();
    expect(changedAfter).not.toBe(changedBefore);
    expect(changedAfter.body).toBe('[2]');
  });
});

describe('the answer cache in the app', () => {
  const app = Fastify({ logger: false });
  const plans = [{ pla_id: 3 }];
  let hooked = 0;

  beforeAll(async () => {
    await app.register(answerCachePlugin);
    app.addHook('onSend', async () => {
      hooked += 1;
    });
    app.get('/ready', (_request, reply) => reply.sendAnswer(plans));
    app.get('/later', (_request, reply) => reply.sendAnswer(Promise.resolve(plans)));
    app.get('/missing', (_request, reply) =>
      reply.sendAnswer(undefined, 'catalogErrorMessages.planNotFound'),
    );
    app.get('/trip', async (_request, reply) => reply.sendUncompressedAnswer({ days: 3 }));
    await app.ready();
  });
  afterAll(() => app.close());

  it("sends data at once or once it comes, through the app's hooks, with one ETag", async () => {
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    const later = await app.inject({ method: 'GET', url: '/later' });
    expect(ready.statusCode).toBe(200);
    expect(later.body).toBe('[{"pla_id":3}]');
    expect(later.headers.etag).toBe(ready.headers.etag);
    expect(ready.headers['cache-control']).toBe('public, max-age=300');
    expect(hooked).toBe(2);
    const again = await app.inject({
      method: 'GET',
      url: '/ready',
      headers: { 'if-none-match': String(ready.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses data that is not there with its message', async () => {
    const missing = await app.inject({ method: 'GET', url: '/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: catalogErrorMessages.planNotFound });
  });

  it('sends an answer uncompressed, for the compression plugin to compress', async () => {
    const trip = await app.inject({
      method: 'GET',
      url: '/trip',
      headers: { 'accept-encoding': 'br' },
    });
    expect(trip.body).toBe('{"days":3}');
    expect(trip.headers['content-encoding']).toBeUndefined();
    expect(trip.headers.etag).toMatch(/^"[\w-]{32}"$/);
  });
});
