import { describe, expect, it } from 'vitest';
import { dialCodeOf, dialCountryOfNumber, rewriteDialPrefix } from './dial-prefix';

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

describe('dialCountryOfNumber', () => {
  it('selects the country of a number typed with another calling code', () => {
    expect(dialCountryOfNumber('+44 7700 900123', 'LB')).toBe('GB');
    expect(dialCountryOfNumber('+33 6 12 34 56 78', 'LB')).toBe('FR');
  });

  it('selects it as soon as the code is typed, when only one country has it', () => {
    expect(dialCountryOfNumber('+44', 'LB')).toBe('GB');
    expect(dialCountryOfNumber('+9627', 'LB')).toBe('JO');
  });

  it('keeps the chosen country while the number fits it or its code is being typed', () => {
    expect(dialCountryOfNumber('+961 71 123 456', 'LB')).toBe('LB');
    expect(dialCountryOfNumber('+', 'LB')).toBe('LB');
    expect(dialCountryOfNumber('+96', 'LB')).toBe('LB');
    expect(dialCountryOfNumber('+44 7700 9001234', 'GB')).toBe('GB');
  });

  it('waits for the whole number when a code is shared, then picks its country', () => {
    expect(dialCountryOfNumber('+1 202', 'LB')).toBe('LB');
    expect(dialCountryOfNumber('+1 416 555 0123', 'LB')).toBe('CA');
    expect(dialCountryOfNumber('+1 416 555 0123', 'US')).toBe('CA');
    expect(dialCountryOfNumber('+1 202 555 0123', 'CA')).toBe('US');
    expect(dialCountryOfNumber('+7 912 345 6789', 'LB')).toBe('RU');
  });

  it('leaves a number without a plus, or a code no country has, to the chosen country', () => {
    expect(dialCountryOfNumber('7700 900123', 'LB')).toBe('LB');
    expect(dialCountryOfNumber('+4', 'LB')).toBe('LB');
    expect(dialCountryOfNumber('+999 123', 'LB')).toBe('LB');
  });
});
