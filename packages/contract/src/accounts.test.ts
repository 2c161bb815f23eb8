import { describe, expect, it } from 'vitest';
import { accountMessages, detailsOfferTexts, signupStatusTexts } from './account-texts';
import { contactRequestSchema } from './accounts';
import {
  clientDetailsRequestSchema,
  signupRequestSchema,
  validateOtpRequestSchema,
} from './sign-up';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the sign-up form', () => {
  it('accepts an e-mail, a name of three letters or more, and an international mobile', () => {
    const result = signupRequestSchema.safeParse({
      cli_email: 'maya@example.com',
      cli_name: ' Maya ',
      cli_mobile: '+961 71 123 456',
    });
    expect(result.success).toBe(true);
    expect(result.data?.cli_name).toBe('Maya');
  });

  it("answers each broken field with the spec's words", () => {
    const result = signupRequestSchema.safeParse({
      cli_email: 'maya@',
      cli_name: 'Al',
      cli_mobile: '+961 01 123',
    });
    expect(messagesOf(result).sort()).toEqual(
      [
        'Please enter a mobile number',
        'Please enter a valid email',
        'Please enter a valid name',
      ].sort(),
    );
  });

  it('refuses a name that hides or reorders text, and counts only what one can see', () => {
    const nameOf = (cli_name: string) =>
      signupRequestSchema.safeParse({
        cli_email: 'maya@example.com',
        cli_name,
        cli_mobile: '+33612345678',
      });
    for (const hiding of [
      'Maya \u202Eadd\u202C', // a right-to-left override turns the greeting around
      'Ma\u200Bya',
      '\u2066Maya\u2069',
      'Ma\uFEFFya', // (at either end, trimming takes it away)
      'Al\u200B\u200B', // three code units, two letters one can see
      '\u200B\u200B\u200B',
    ]) {
      expect(messagesOf(nameOf(hiding)), JSON.stringify(hiding)).toEqual([
        accountMessages.invalidName,
      ]);
    }
    // Letters with their accents count once; the joiner Persian needs inside a word is kept.
    expect(nameOf('Zoe\u0301').success).toBe(true);
    expect(nameOf('Al\u0301').success).toBe(false);
    expect(nameOf('\u0645\u06CC\u200C\u0631\u0627').success).toBe(true);
    expect(nameOf('\u0646\u0648\u0631').success).toBe(true);
  });

  it('wants a six-digit code with the sign-up fields', () => {
    const fields = { cli_email: 'maya@example.com', cli_name: 'Maya', cli_mobile: '+33612345678' };
    expect(validateOtpRequestSchema.safeParse({ ...fields, cli_number: '012345' }).success).toBe(
      true,
    );
    for (const code of ['12345', '1234567', '12a456', 123456]) {
      expect(validateOtpRequestSchema.safeParse({ ...fields, cli_number: code }).success).toBe(
        false,
      );
    }
  });

  it('shows the spec status text for each sign-up answer', () => {
    expect(signupStatusTexts[accountMessages.verifyUser]).toBe(
      'Email not registered. Validate OTP',
    );
    expect(signupStatusTexts[accountMessages.alreadyRegistered]).toBe(
      'Email already registered. Validate OTP',
    );
    expect(signupStatusTexts[accountMessages.codeSentToNewUser]).toBe('Email sent to validate OTP');
  });
});

describe("a client's change of their own details", () => {
  it("judges the name and mobile by sign-up's rules and words", () => {
    expect(
      clientDetailsRequestSchema.safeParse({ cli_name: ' Jane Roe ', cli_mobile: '+33612345678' })
        .data,
    ).toEqual({ cli_name: 'Jane Roe', cli_mobile: '+33612345678' });
    expect(
      messagesOf(clientDetailsRequestSchema.safeParse({ cli_name: 'Al', cli_mobile: '+961 01' })),
    ).toEqual([accountMessages.invalidName, accountMessages.invalidMobile]);
  });

  it('changes nothing else: the e-mail address is not one of its fields', () => {
    const result = clientDetailsRequestSchema.safeParse({
      cli_name: 'Jane Roe',
      cli_mobile: '+33612345678',
      cli_email: 'jane@example.com',
    });
    expect(result.success).toBe(false);
  });

  it('offers a different name, mobile or both in a sentence that names them', () => {
    expect(detailsOfferTexts.differentName('Jane Roe')).toBe(
      'You signed in with a different name: Jane Roe. Use it?',
    );
    expect(detailsOfferTexts.differentMobile('+33612345678')).toContain('+33612345678');
    expect(detailsOfferTexts.differentBoth('Jane Roe', '+33612345678')).toMatch(
      /Jane Roe, \+33612345678\. Use them\?$/,
    );
  });
});

describe('the contact form', () => {
  it.each([
    'user@example.com',
    'first.last+tag@mail.example.co.uk',
    'user@[192.168.0.1]',
    '"quoted name"@example.org',
  ])('accepts %s', (email) => {
    expect(contactRequestSchema.safeParse({ email, body: 'Hi' }).success).toBe(true);
  });

  it.each([
    'plain',
    'user@localhost',
    'user@example.c',
    'user@example.123',
    'user@[192.168.0]',
    'a b@example.com',
    'user@@example.com',
  ])('refuses %s', (email) => {
    expect(messagesOf(contactRequestSchema.safeParse({ email, body: 'Hi' }))).toEqual([
      'Please enter a valid email',
    ]);
  });

  it('wants a message that is not blank, of any length', () => {
    expect(contactRequestSchema.safeParse({ email: 'a@b.co', body: ' \n' }).success).toBe(false);
    expect(
      contactRequestSchema.safeParse({ email: 'a@b.co', body: 'x'.repeat(500_000) }).success,
    ).toBe(true);
  });
});
