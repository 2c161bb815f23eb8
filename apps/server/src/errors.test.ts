import { codeRefusals } from '@tern/contract';
import { describe, expect, it } from 'vitest';
import { badRequest, HttpError, notFound } from './errors';

describe('an HttpError', () => {
  it('carries the key of its message and the values in it, not a sentence', () => {
    const limited = new HttpError(429, 'tooManyRequests', { retryAfterSeconds: 90 });
    expect(limited.said).toEqual({ key: 'tooManyRequests', params: { retryAfterSeconds: 90 } });
    expect(badRequest('codeRefusals.wrong').said).toEqual({ key: 'codeRefusals.wrong' });
  });

  it('reads in English in the log', () => {
    expect(badRequest('codeRefusals.wrong').message).toBe(codeRefusals.wrong);
    expect(new HttpError(429, 'tooManyRequests', { retryAfterSeconds: 90 }).message).toBe(
      'Too many requests. Please try again in 2 minutes.',
    );
  });

  it('takes only known keys, each with the values it needs (checked by the typecheck)', () => {
    const refused = () => [
      // @ts-expect-error: no such key
      notFound('orderMessages.noSuchThing'),
      // @ts-expect-error: an English sentence is not a key
      notFound('Order not found'),
      // @ts-expect-error: the minutes to wait are missing
      new HttpError(429, 'tooManyRequests'),
      // @ts-expect-error: a value of the wrong type
      new HttpError(429, 'tooManyRequests', { retryAfterSeconds: '90' }),
      // @ts-expect-error: a message without values takes none
      badRequest('codeRefusals.wrong', { retryAfterSeconds: 90 }),
    ];
    expect(refused).toBeTypeOf('function');
  });
});
