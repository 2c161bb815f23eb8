import { describe, expect, it } from 'vitest';
import {
  fromBase32,
  matchingTotpStep,
  newTotpSecret,
  otpauthUrl,
  toBase32,
  totpAt,
  totpStep,
} from './totp';

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII "12345678901234567890", 8 digits.
const RFC_SEED = toBase32(Buffer.from('12345678901234567890', 'ascii'));
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  it.each(RFC_VECTORS)('gives RFC 6238’s code at %i s', (seconds, code) => {
    expect(totpAt(RFC_SEED, totpStep(new Date(seconds * 1000)), 8)).toBe(code);
  });

  it('writes and reads base32 as RFC 4648 does', () => {
    expect(toBase32(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(fromBase32('MZXW6YTBOI').toString()).toBe('foobar');
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(toBase32(fromBase32(secret))).toBe(secret);
  });

  it('accepts the code of now and of one step either side, and no other', () => {
    const secret = newTotpSecret();
    const at = new Date('2026-11-27T12:00:10Z');
    const step = totpStep(at);
    for (const offset of [-1, 0, 1]) {
      expect(matchingTotpStep(secret, totpAt(secret, step + offset), at)).toBe(step + offset);
    }
    expect(matchingTotpStep(secret, totpAt(secret, step + 2), at)).toBeUndefined();
    expect(matchingTotpStep(secret, totpAt(secret, step - 2), at)).toBeUndefined();
    expect(matchingTotpStep(secret, '12345', at)).toBeUndefined();
    expect(matchingTotpStep(secret, 'abcdef', at)).toBeUndefined();
  });

  it('names the secret, issuer and parameters in the otpauth address', () => {
    const url = new URL(otpauthUrl('JBSWY3DPEHPK3PXP', 'ops@example.com', 'Tern'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Tern:ops@example.com');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Tern',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
