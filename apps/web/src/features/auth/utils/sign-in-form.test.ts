import { accountMessages } from '@tern/contract/account-texts';
import { describe, expect, it } from 'vitest';
import { isCompleteCode, normaliseCode } from '../../../lib/one-time-code';
import { shownErrors } from '../../../lib/sign-in-details';
import {
  changedSignInValues,
  checkSignIn,
  initialSignInValues,
  type SignInValues,
} from './sign-in-form';

const valid: SignInValues = {
  email: 'rana@example.com',
  name: 'Rana Haddad',
  mobile: '+961 71 123 456',
  countryIso2: 'LB',
};

describe('checkSignIn', () => {
  it('accepts a complete form and sends the mobile in international form', () => {
    expect(checkSignIn(valid)).toEqual({
      errors: {},
      request: {
        cli_email: 'rana@example.com',
        cli_name: 'Rana Haddad',
        cli_mobile: '+96171123456',
      },
    });
  });

  it('refuses an e-mail without a domain', () => {
    const check = checkSignIn({ ...valid, email: 'rana@' });
    expect(check.errors).toEqual({ email: accountMessages.invalidEmail });
    expect(check.request).toBeUndefined();
  });

  it('refuses a name shorter than three letters, spaces aside', () => {
    expect(checkSignIn({ ...valid, name: ' Al ' }).errors).toEqual({
      name: accountMessages.invalidName,
    });
    expect(checkSignIn({ ...valid, name: 'Ali' }).errors).toEqual({});
  });

  it('refuses a mobile field holding only the calling code', () => {
    expect(checkSignIn({ ...valid, mobile: '+961 ' }).errors).toEqual({
      mobile: accountMessages.invalidMobile,
    });
  });

  it('judges the mobile number as one of the chosen country', () => {
    expect(checkSignIn({ ...valid, mobile: '+33 6 12 34 56 78' }).errors.mobile).toBe(
      accountMessages.invalidMobile,
    );
    const french = checkSignIn({ ...valid, mobile: '+33 6 12 34 56 78', countryIso2: 'FR' });
    expect(french.request?.cli_mobile).toBe('+33612345678');
  });

  it('names every wrong field of an empty form', () => {
    expect(checkSignIn({ email: '', name: '', mobile: '', countryIso2: 'LB' }).errors).toEqual({
      email: accountMessages.invalidEmail,
      name: accountMessages.invalidName,
      mobile: accountMessages.invalidMobile,
    });
  });
});

describe('changedSignInValues', () => {
  it('selects the United Kingdom for +44 7700 900123 typed over Lebanon, and accepts it', () => {
    const typed = { ...initialSignInValues, mobile: '+44 7700 900123' };
    const next = changedSignInValues(initialSignInValues, typed);
    expect(next).toEqual({ ...typed, countryIso2: 'GB' });
    const check = checkSignIn({ ...next, email: 'rana@example.com', name: 'Rana Haddad' });
    expect(check.errors).toEqual({});
    expect(check.request?.cli_mobile).toBe('+447700900123');
  });

  it('keeps a country just chosen in the list, and a number typed without a plus', () => {
    const chosen = { ...valid, countryIso2: 'AX', mobile: '+358 50 123 4567' };
    expect(changedSignInValues(valid, chosen)).toBe(chosen);
    const local = { ...valid, mobile: '71 123 456' };
    expect(changedSignInValues(valid, local)).toBe(local);
  });

  it('leaves the country alone when another field changes', () => {
    const other = { ...valid, mobile: '+44 7700 900123', countryIso2: 'LB' };
    const renamed = { ...other, name: 'Rana' };
    expect(changedSignInValues(other, renamed)).toBe(renamed);
  });
});

describe('shownErrors', () => {
  it('shows only the messages of fields the person has left', () => {
    const errors = { email: accountMessages.invalidEmail, name: accountMessages.invalidName };
    expect(shownErrors(errors, { email: true, mobile: true })).toEqual({
      email: accountMessages.invalidEmail,
    });
  });
});

describe('one-time codes', () => {
  it('keeps the digits of a pasted code, at most six', () => {
    expect(normaliseCode(' 123 456 ')).toBe('123456');
    expect(normaliseCode('1234567')).toBe('123456');
    expect(normaliseCode('12a')).toBe('12');
  });

  it('is complete at exactly six digits', () => {
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
  });
});
