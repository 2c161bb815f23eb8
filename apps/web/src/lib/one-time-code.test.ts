import { codeRefusals } from '@tern/contract/account-texts';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { codeRefusalDetails, isCompleteCode, normaliseCode } from './one-time-code';

describe('the code as typed', () => {
  it('keeps the digits of what was typed or pasted, at most six', () => {
    expect(normaliseCode('123 456')).toBe('123456');
    expect(normaliseCode('12-34-56-78')).toBe('123456');
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('012345')).toBe(true);
  });
});

describe('what a refused code is told besides Error validating OTP', () => {
  it.each(Object.values(codeRefusals))('the reason "%s"', (reason) => {
    expect(codeRefusalDetails(new ApiError(400, reason))).toEqual([reason]);
  });

  it('the wait when too many codes were checked', () => {
    const limited = new ApiError(429, 'Too many requests. Please try again in 5 minutes.');
    expect(codeRefusalDetails(limited)).toEqual([limited.message]);
  });

  it('the reason as the server words it in the language on screen', () => {
    const arabic = new ApiError(400, 'الرمز غير صحيح. تحقّق من البريد وحاول مجددًا.');
    expect(codeRefusalDetails(arabic)).toEqual([arabic.message]);
  });

  it('nothing more for a failure the person cannot act on', () => {
    const badField = new ApiError(400, 'Invalid request', [
      { path: 'body.cli_number', message: 'Required' },
    ]);
    expect(codeRefusalDetails(badField)).toEqual([]);
    expect(codeRefusalDetails(new ApiError(500, 'Something bad happened'))).toEqual([]);
    expect(codeRefusalDetails(new TypeError('Failed to fetch'))).toEqual([]);
  });
});
