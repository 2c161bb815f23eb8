import { describe, expect, it } from 'vitest';
import { dialCodeOf, rewriteDialPrefix } from './dial-prefix';

describe('dialCodeOf', () => {
  it('gives a country its calling code with the plus', () => {
    expect(dialCodeOf('LB')).toBe('+961');
    expect(dialCodeOf('FR')).toBe('+33');
  });

  it('gives nothing for a code it does not know', () => {
    expect(dialCodeOf('ZZ')).toBe('');
  });
});

describe('rewriteDialPrefix', () => {
  it('fills an empty field with the new code and a space', () => {
    expect(rewriteDialPrefix('', '+961', '+33')).toBe('+33 ');
    expect(rewriteDialPrefix('+961 ', '+961', '+33')).toBe('+33 ');
  });

  it('swaps the previous code and keeps the number typed after it', () => {
    expect(rewriteDialPrefix('+961 71 123 456', '+961', '+33')).toBe('+33 71 123 456');
    expect(rewriteDialPrefix('+96171123456', '+961', '+44')).toBe('+44 71123456');
  });

  it('replaces a code typed by hand that is not the previous one', () => {
    expect(rewriteDialPrefix('+33 6 12 34 56 78', '+961', '+44')).toBe('+44 6 12 34 56 78');
  });

  it('puts the code in front of a number typed without one', () => {
    expect(rewriteDialPrefix('71 123 456', '+961', '+33')).toBe('+33 71 123 456');
  });

  it('leaves the field alone when the country keeps the same code', () => {
    expect(rewriteDialPrefix('+1 202 555 0123', '+1', '+1')).toBe('+1 202 555 0123');
  });
});
