import { describe, expect, it } from 'vitest';
import {
  activationCode,
  isValidIccid,
  luhnCheckDigit,
  makeIccid,
  makeMatchingId,
  SMDP_ADDRESS,
} from './iccid';

describe('luhnCheckDigit', () => {
  it('matches the textbook examples', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3');
    expect(luhnCheckDigit('0')).toBe('0');
    expect(luhnCheckDigit('89014103211118510720'.slice(0, -1))).toBe('0');
  });

  it('refuses anything but digits', () => {
    expect(() => luhnCheckDigit('')).toThrow(TypeError);
    expect(() => luhnCheckDigit('12a4')).toThrow(TypeError);
  });
});

describe('makeIccid', () => {
  it('gives 19 digits starting 8944 that pass the Luhn check', () => {
    for (const sequence of [0, 1, 2, 42, 123_456, 999_999_999_999]) {
      const iccid = makeIccid(sequence);
      expect(iccid).toMatch(/^8944\d{15}$/);
      expect(isValidIccid(iccid)).toBe(true);
    }
  });

  it('is unique per sequence and stable', () => {
    const iccids = Array.from({ length: 5000 }, (_, sequence) => makeIccid(sequence));
    expect(new Set(iccids).size).toBe(5000);
    expect(makeIccid(7)).toBe(makeIccid(7));
  });

  it('refuses sequences that do not fit', () => {
    expect(() => makeIccid(-1)).toThrow(RangeError);
    expect(() => makeIccid(1.5)).toThrow(RangeError);
    expect(() => makeIccid(10 ** 12)).toThrow(RangeError);
  });
});

describe('isValidIccid', () => {
  it('fails when any single digit changes', () => {
    const iccid = makeIccid(31_337);
    for (let index = 2; index < iccid.length; index += 1) {
      const digit = Number(iccid[index]);
      const changed = `${iccid.slice(0, index)}${(digit + 1) % 10}${iccid.slice(index + 1)}`;
      expect(isValidIccid(changed), changed).toBe(false);
    }
  });

  it('fails on the wrong shape', () => {
    expect(isValidIccid('')).toBe(false);
    expect(isValidIccid('8944')).toBe(false);
    expect(isValidIccid(`${makeIccid(5)}0000`)).toBe(false);
    expect(isValidIccid(makeIccid(5).replace(/^89/, '12'))).toBe(false);
    expect(isValidIccid(`${makeIccid(5).slice(0, -1)}x`)).toBe(false);
  });

  it('accepts a real-world 20-digit ICCID', () => {
    expect(isValidIccid('89014103211118510720')).toBe(true);
  });
});

describe('matching ID and activation code', () => {
  it('has the provider format and depends only on the seed', () => {
    const id = makeMatchingId('order-1');
    expect(id).toMatch(/^K2-[0-9A-F]{6}-[0-9A-F]{6}$/);
    expect(makeMatchingId('order-1')).toBe(id);
    expect(makeMatchingId('order-2')).not.toBe(id);
  });

  it('builds the LPA string a QR code carries', () => {
    expect(SMDP_ADDRESS).toBe('smdp.sandbox.tern.example');
    expect(activationCode('K2-ABCDEF-123456')).toBe(
      'LPA:1$smdp.sandbox.tern.example$K2-ABCDEF-123456',
    );
  });
});
