import { accountMessages } from '@tern/contract/account-texts';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { firstInvalidField, placeFieldErrors, signupRefusal } from './sign-in-details';

const refused = new ApiError(400, 'Please check the form.', [
  { path: 'body.cli_mobile', message: accountMessages.invalidMobile },
  { path: 'body.cli_email', message: accountMessages.invalidEmail },
]);

describe("the server's messages on the details form", () => {
  it('go by the field of their request path; others stay unplaced', () => {
    expect(
      placeFieldErrors([
        { path: 'body.cli_name', message: accountMessages.invalidName },
        { path: 'body', message: 'Unrecognized key: "cli_admin"' },
      ]),
    ).toEqual({
      errors: { name: accountMessages.invalidName },
      unplaced: ['Unrecognized key: "cli_admin"'],
    });
  });

  it('take the person to the first field in the order of the form', () => {
    expect(firstInvalidField({ mobile: 'x', email: 'y' })).toBe('email');
    expect(firstInvalidField({})).toBeUndefined();
  });

  it('show by their fields alone when each has one', () => {
    expect(signupRefusal(refused, true)).toEqual({
      fields: { mobile: accountMessages.invalidMobile, email: accountMessages.invalidEmail },
      problem: undefined,
    });
  });

  it('show by the button when the code step asked (no fields there), or when none is a field’s', () => {
    expect(signupRefusal(refused, false)).toEqual({
      fields: {},
      problem: {
        title: 'Please check the form.',
        details: [accountMessages.invalidMobile, accountMessages.invalidEmail],
      },
    });
    const limited = new ApiError(429, 'Too many requests. Please try again in a minute.');
    expect(signupRefusal(limited, true)).toEqual({
      fields: {},
      problem: { title: 'Too many requests. Please try again in a minute.', details: [] },
    });
  });
});
