import { describe, expect, it } from 'vitest';
import { contactRequestSchema } from './accounts';
import { ledgerQuerySchema } from './profile';
import { signupRequestSchema } from './sign-up';
import { controlCharacterMessage, hasControlCharacters } from './text';

describe('the text rule', () => {
  it.each([
    ['U+0000', '\u0000'],
    ['a bell', '\u0007'],
    ['an escape', '\u001b'],
    ['DEL', '\u007f'],
    ['a C1 control', '\u0085'],
  ])('refuses %s', (_name, control) => {
    expect(hasControlCharacters(`ab${control}cd`)).toBe(true);
  });

  it('keeps tabs and line breaks only in a multi-line text', () => {
    expect(hasControlCharacters('one\r\n\ttwo', { multiline: true })).toBe(false);
    expect(hasControlCharacters('one\ntwo')).toBe(true);
    expect(hasControlCharacters('Ünïcødé 😀 text')).toBe(false);
  });

  it('names the field it refuses', () => {
    const signup = signupRequestSchema.safeParse({
      cli_email: 'jo@example.com',
      cli_name: 'Jo\u0000hn',
      cli_mobile: '+96171123456',
    });
    expect(signup.error?.issues).toEqual([
      expect.objectContaining({ path: ['cli_name'], message: controlCharacterMessage }),
    ]);
    const ledger = ledgerQuerySchema.safeParse({ search: 'x\u0000' });
    expect(ledger.error?.issues[0]?.path).toEqual(['search']);
  });

  it('lets a contact message span lines, but not carry U+0000', () => {
    const message = { email: 'jo@example.com', body: 'Hello,\n\tmy eSIM' };
    expect(contactRequestSchema.safeParse(message).success).toBe(true);
    expect(contactRequestSchema.safeParse({ ...message, body: 'Hi\u0000' }).success).toBe(false);
  });
});
