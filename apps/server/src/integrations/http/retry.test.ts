import { describe, expect, it } from 'vitest';
import { type FailedAttempt, type RetryPolicy, retryAfterMs, retryDelay } from './retry';

const policy: RetryPolicy = { retries: 5, backoffMs: 100, maxBackoffMs: 1_000 };
const fault: FailedAttempt = { failure: 'http', status: 500 };
const lowest = () => 0;
const highest = () => 1;

describe('the retry rule of the outside clients', () => {
  it('doubles the back-off on each retry, jittered over its upper half, up to a ceiling', () => {
    const delays = [0, 1, 2, 3, 4].map((attempt) => [
      retryDelay(fault, attempt, policy, 'transient', lowest),
      retryDelay(fault, attempt, policy, 'transient', highest),
    ]);
    expect(delays).toEqual([
      [50, 100],
      [100, 200],
      [200, 400],
      [400, 800],
      [500, 1_000],
    ]);
  });

  it('gives up once the retries are spent', () => {
    expect(retryDelay(fault, 4, policy, 'transient', lowest)).toBeDefined();
    expect(retryDelay(fault, 5, policy, 'transient', lowest)).toBeUndefined();
  });

  it('retries rate limits, faults, timeouts and network errors, but not a refusal or a bad answer', () => {
    const retried = (failed: FailedAttempt) =>
      retryDelay(failed, 0, policy, 'transient') !== undefined;
    expect(retried({ failure: 'http', status: 429 })).toBe(true);
    expect(retried({ failure: 'http', status: 503 })).toBe(true);
    expect(retried({ failure: 'timeout', status: undefined })).toBe(true);
    expect(retried({ failure: 'network', status: undefined })).toBe(true);
    expect(retried({ failure: 'http', status: 400 })).toBe(false);
    expect(retried({ failure: 'http', status: 404 })).toBe(false);
    expect(retried({ failure: 'invalid-response', status: 200 })).toBe(false);
  });

  it('repeats a call that may have taken effect only after a 429, or never', () => {
    const timeout: FailedAttempt = { failure: 'timeout', status: undefined };
    const limited: FailedAttempt = { failure: 'http', status: 429 };
    expect(retryDelay(fault, 0, policy, 'rate-limited')).toBeUndefined();
    expect(retryDelay(timeout, 0, policy, 'rate-limited')).toBeUndefined();
    expect(retryDelay(limited, 0, policy, 'rate-limited')).toBeDefined();
    expect(retryDelay(limited, 0, policy, 'never')).toBeUndefined();
    expect(retryDelay(fault, 0, policy, 'never')).toBeUndefined();
  });

  it('waits as long as Retry-After says, and gives up at once when it asks too much', () => {
    const honouring = { ...policy, maxRetryAfterMs: 5_000 };
    const asked = (ms: number): FailedAttempt => ({
      failure: 'http',
      status: 503,
      retryAfterMs: ms,
    });
    expect(retryDelay(asked(4_000), 0, honouring, 'transient')).toBe(4_000);
    expect(retryDelay(asked(0), 0, honouring, 'transient')).toBe(0);
    expect(retryDelay(asked(6_000), 0, honouring, 'transient')).toBeUndefined();
  });

  it('lets the back-off alone decide for a service whose Retry-After is not obeyed', () => {
    const failed: FailedAttempt = { failure: 'http', status: 503, retryAfterMs: 60_000 };
    expect(retryDelay(failed, 0, policy, 'transient', highest)).toBe(100);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2030-01-01T00:00:00Z');

  it('reads whole seconds', () => {
    expect(retryAfterMs('7', now)).toBe(7_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date as the time left until it, none once it has passed', () => {
    expect(retryAfterMs('Tue, 01 Jan 2030 00:00:03 GMT', now)).toBe(3_000);
    expect(retryAfterMs('Mon, 31 Dec 2029 23:59:00 GMT', now)).toBe(0);
  });

  it('reads nothing from an absent or garbled header', () => {
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('', now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });
});
