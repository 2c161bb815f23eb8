import { accountMessages } from '@tern/contract/account-texts';
import { describe, expect, it } from 'vitest';
import { helpContentFor } from '../content/content-by-language';
import { checkContact, contactFieldErrors, firstContactError } from './contact-form-state';

const body = 'My eSIM does not connect in Rome.';

describe('checkContact', () => {
  it('accepts an address and a message, and sends the address without stray spaces', () => {
    expect(checkContact({ email: ' rana@example.com ', body })).toEqual({
      errors: {},
      request: { email: 'rana@example.com', body },
    });
  });

  it('accepts an address at a bracketed IPv4 host', () => {
    expect(checkContact({ email: 'rana@[192.168.0.1]', body }).request).toBeDefined();
  });

  it('refuses an address without a top-level domain of two letters or more', () => {
    for (const email of ['rana@example', 'rana@example.c', 'rana.example.com', '']) {
      expect(checkContact({ email, body }).errors).toEqual({
        email: accountMessages.invalidEmail,
      });
    }
  });

  it('refuses a blank message', () => {
    expect(checkContact({ email: 'rana@example.com', body: '  \n ' })).toEqual({
      errors: { body: accountMessages.emptyMessage },
      request: undefined,
    });
  });

  it('names both fields of an empty form', () => {
    expect(Object.keys(checkContact({ email: '', body: '' }).errors).sort()).toEqual([
      'body',
      'email',
    ]);
  });
});

describe('the contact form in Arabic and French', () => {
  it.each(['ar', 'fr'] as const)('says what is wrong in %s', async (language) => {
    const texts = (await helpContentFor(language)).pageTexts('Tern').contact.form;
    expect(checkContact({ email: 'rana@example', body: ' ' }, texts).errors).toEqual({
      email: texts.invalidEmail,
      body: texts.emptyMessage,
    });
    expect(texts.invalidEmail).not.toBe(accountMessages.invalidEmail);
    expect(texts.emptyMessage).not.toBe(accountMessages.emptyMessage);
  });

  it.each(['ar', 'fr'] as const)('has every word of the form in %s', async (language) => {
    const english = (await helpContentFor('en')).pageTexts('Tern').contact.form;
    const texts = (await helpContentFor(language)).pageTexts('Tern').contact.form;
    for (const [key, text] of Object.entries(texts)) {
      expect(text, key).not.toBe(english[key as keyof typeof english]);
    }
  });

  it('keeps the spec’s English words', async () => {
    const english = (await helpContentFor('en')).pageTexts('Tern').contact.form;
    expect(english).toMatchObject({
      emailLabel: 'Your Email Address',
      messageLabel: 'Your Message',
      messagePlaceholder: 'How can we help you today?',
      send: 'Send Message',
      sent: "Email sent successfully! We'll get back to you soon.",
      failed: 'Sending email failed. Please try again later or contact us directly.',
    });
  });
});

describe("the server's field messages", () => {
  it('go by the field of their request path, the first of each field kept', () => {
    expect(
      contactFieldErrors([
        { path: 'body.body', message: accountMessages.emptyMessage },
        { path: 'body.email', message: accountMessages.invalidEmail },
        { path: 'body.email', message: 'another' },
        { path: 'body', message: 'Unknown field' },
      ]),
    ).toEqual({ email: accountMessages.invalidEmail, body: accountMessages.emptyMessage });
  });

  it('name the first field in the order of the form', () => {
    expect(firstContactError({ body: 'x', email: 'y' })).toBe('email');
    expect(firstContactError({ body: 'x' })).toBe('body');
    expect(firstContactError({})).toBeUndefined();
  });
});
