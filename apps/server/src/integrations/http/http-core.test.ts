import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerJson, closeFakeServices, startFakeService } from './fake-service';
import { callJson, type HttpFailure, type JsonCall, OutsideCallError } from './http-core';

afterEach(closeFakeServices);

/** A client's own error class, as eSIM Go and the gateway have theirs. */
class ShopError extends OutsideCallError {
  override name = 'ShopError';
  body: string | undefined;
}

function service(
  baseUrl: string,
  overrides: { timeoutMs?: number; maxRetryAfterMs?: number } = {},
) {
  return {
    name: 'Shop',
    baseUrl,
    headers: { 'x-api-key': 'key-1', accept: 'application/json' },
    timeoutMs: overrides.timeoutMs ?? 1_000,
    retry: {
      retries: 2,
      backoffMs: 1,
      maxBackoffMs: 10,
      maxRetryAfterMs: overrides.maxRetryAfterMs ?? 5_000,
    },
    toError: ({ message, status, failure, retryAfterMs, body }: HttpFailure) =>
      Object.assign(new ShopError(message, status, failure, retryAfterMs), { body }),
  };
}

const itemSchema = z.object({ id: z.string(), count: z.number() });

const read: JsonCall<typeof itemSchema> = {
  method: 'GET',
  path: '/items/1',
  schema: itemSchema,
  repeat: 'transient',
};

const fail = (promise: Promise<unknown>) => promise.catch((caught: unknown) => caught);

describe('the HTTP core of the outside clients', () => {
  it('sends the headers, query and JSON body, and returns the parsed answer', async () => {
    const bodies: string[] = [];
    const fake = await startFakeService((request, response) => {
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => bodies.push(chunk));
      request.on('end', () => answerJson(response, 200, { id: 'a', count: 2, extra: true }));
    }, '/v1');
    const answer = await callJson(service(fake.url), {
      ...read,
      method: 'POST',
      query: { page: 2, q: 'a b' },
      body: { wanted: 1 },
      repeat: 'never',
    });
    expect(answer).toEqual({ id: 'a', count: 2 });
    expect(fake.hits[0]?.url).toBe('/v1/items/1?page=2&q=a+b');
    expect(fake.hits[0]?.headers).toMatchObject({
      'x-api-key': 'key-1',
      'content-type': 'application/json',
    });
    expect(bodies.join('')).toBe('{"wanted":1}');
  });

  it('tries a read again after a fault and succeeds', async () => {
    const fake = await startFakeService((_request, response, hit) =>
      hit < 3 ? answerJson(response, 502, {}) : answerJson(response, 200, { id: 'a', count: 1 }),
    );
    expect(await callJson(service(fake.url), read)).toEqual({ id: 'a', count: 1 });
    expect(fake.hits).toHaveLength(3);
  });

  it('times out each attempt of a silent service, then fails as a timeout', async () => {
    const fake = await startFakeService(() => {
      // Never answers.
    });
    const started = Date.now();
    const error = await fail(callJson(service(fake.url, { timeoutMs: 100 }), read));
    expect(error).toBeInstanceOf(ShopError);
    expect(error).toMatchObject({ failure: 'timeout', status: undefined, transient: true });
    expect((error as Error).message).toBe('Shop GET /items/1 did not answer in time');
    expect(fake.hits).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('fails as a network error when nothing listens', async () => {
    const fake = await startFakeService(() => undefined);
    fake.close();
    const error = await fail(callJson(service(fake.url), { ...read, retries: 0 }));
    expect(error).toMatchObject({ failure: 'network', status: undefined });
    expect((error as Error).message).toMatch(/^Shop GET \/items\/1 could not be reached/);
  });

  it('waits until the HTTP date Retry-After names before trying again', async () => {
    const fake = await startFakeService((_request, response, hit) =>
      hit === 1
        ? answerJson(
            response,
            503,
            {},
            { 'retry-after': new Date(Date.now() + 2_000).toUTCString() },
          )
        : answerJson(response, 200, { id: 'a', count: 1 }),
    );
    const started = Date.now();
    await callJson(service(fake.url), read);
    // An HTTP date has whole seconds: the wait is between one and two seconds.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.hits).toHaveLength(2);
  });

  it('fails at once, with what was asked, when Retry-After asks longer than the policy allows', async () => {
    const fake = await startFakeService((_request, response) =>
      answerJson(response, 429, {}, { 'retry-after': '120' }),
    );
    const error = await fail(callJson(service(fake.url, { maxRetryAfterMs: 1_000 }), read));
    expect(error).toMatchObject({ status: 429, failure: 'http', retryAfterMs: 120_000 });
    expect(fake.hits).toHaveLength(1);
  });

  it('refuses an answer of the wrong shape, naming the field, without retrying', async () => {
    const fake = await startFakeService((_request, response) =>
      answerJson(response, 200, { id: 'a', count: 'many' }),
    );
    const error = await fail(callJson(service(fake.url), read));
    expect(error).toMatchObject({ failure: 'invalid-response', status: 200, transient: false });
    expect((error as Error).message).toMatch(
      /^Shop GET \/items\/1 answered an unexpected shape \(count: /,
    );
    expect(fake.hits).toHaveLength(1);
  });

  it('refuses an answer that is not JSON', async () => {
    const fake = await startFakeService((_request, response) => response.end('<html>'));
    const error = await fail(callJson(service(fake.url), read));
    expect(error).toMatchObject({ failure: 'invalid-response' });
    expect((error as Error).message).toBe('Shop GET /items/1 answered something that is not JSON');
  });

  it('never repeats a call that may have taken effect, even after a 429', async () => {
    const fake = await startFakeService((_request, response) => answerJson(response, 429, {}));
    const error = await fail(
      callJson(service(fake.url), { ...read, method: 'PUT', repeat: 'never' }),
    );
    expect(error).toMatchObject({ status: 429, transient: true });
    expect(fake.hits).toHaveLength(1);
  });

  it('repeats a call that may have taken effect after a 429 only, when it is rate-limited', async () => {
    const faulty = await startFakeService((_request, response) => answerJson(response, 500, {}));
    const post = { ...read, method: 'POST' as const, repeat: 'rate-limited' as const };
    await expect(callJson(service(faulty.url), post)).rejects.toMatchObject({ status: 500 });
    expect(faulty.hits).toHaveLength(1);

    const limited = await startFakeService((_request, response, hit) =>
      hit === 1 ? answerJson(response, 429, {}) : answerJson(response, 200, { id: 'a', count: 1 }),
    );
    expect(await callJson(service(limited.url), post)).toEqual({ id: 'a', count: 1 });
    expect(limited.hits).toHaveLength(2);
  });

  it('gives up once the retries are spent, handing the refusal to the client error', async () => {
    const fake = await startFakeService((_request, response) =>
      answerJson(response, 503, { reason: 'down' }),
    );
    const error = await fail(callJson(service(fake.url), read));
    expect(error).toMatchObject({ status: 503, failure: 'http', body: '{"reason":"down"}' });
    expect((error as Error).message).toBe('Shop GET /items/1 answered 503');
    expect(fake.hits).toHaveLength(3);
  });

  it('takes fewer retries when a call asks for them', async () => {
    const fake = await startFakeService((_request, response) => answerJson(response, 500, {}));
    await expect(callJson(service(fake.url), { ...read, retries: 0 })).rejects.toBeInstanceOf(
      ShopError,
    );
    expect(fake.hits).toHaveLength(1);
  });

  it('tells the counter how each attempt ended and how long it took, retries included', async () => {
    const fake = await startFakeService((_request, response, hit) => {
      if (hit === 1) answerJson(response, 503, {});
      else if (hit === 2) answerJson(response, 429, {});
      else if (hit === 3) answerJson(response, 200, { id: 'a', count: 1 });
      else answerJson(response, 200, { id: 'a' });
    });
    const attempts: { outcome: string; seconds: number }[] = [];
    const counted = {
      ...service(fake.url),
      countAttempt: (outcome: string, seconds: number) => attempts.push({ outcome, seconds }),
    };
    await callJson(counted, read);
    await fail(callJson(counted, { ...read, retries: 0 }));
    fake.close();
    await fail(callJson(counted, { ...read, retries: 0 }));
    expect(attempts.map((attempt) => attempt.outcome)).toEqual([
      '5xx',
      '4xx',
      'ok',
      'invalid-response',
      'network',
    ]);
    for (const { seconds } of attempts) expect(seconds).toBeGreaterThan(0);
  });
});
