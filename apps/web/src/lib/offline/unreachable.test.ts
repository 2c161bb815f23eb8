import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { isUnreachable } from './unreachable';

describe('an API call that got no answer', () => {
  it('is one when fetch failed for want of a connection', () => {
    expect(isUnreachable(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('is one when a proxy says the shop is down or not ready', () => {
    for (const status of [502, 503, 504]) {
      expect(isUnreachable(new ApiError(status, 'Bad gateway'))).toBe(true);
    }
  });

  it('is not one when the shop answered, refusing or failing', () => {
    for (const status of [400, 401, 404, 409, 429, 500]) {
      expect(isUnreachable(new ApiError(status, 'No'))).toBe(false);
    }
  });

  it('is not one when the request was cancelled or the answer did not parse', () => {
    expect(isUnreachable(new DOMException('aborted', 'AbortError'))).toBe(false);
    expect(isUnreachable(new SyntaxError('Unexpected token'))).toBe(false);
  });
});
