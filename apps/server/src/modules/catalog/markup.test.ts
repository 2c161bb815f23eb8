import { describe, expect, it } from 'vitest';
import {
  markedUpCents,
  roundUpToFortyNineOrNinetyNine,
  roundUpToNinetyNine,
  shopPriceCents,
  toCents,
} from './markup';

describe('shop price', () => {
  it('adds the markup and rounds up to the next .99', () => {
    // 4.00 + 35% = 5.40 -> 5.99
    expect(shopPriceCents(400, 35)).toBe(599);
    // 10.00 + 35% = 13.50 -> 13.99
    expect(shopPriceCents(1000, 35)).toBe(1399);
  });

  it('keeps an amount that already ends in .99', () => {
    expect(roundUpToNinetyNine(1299)).toBe(1299);
    // 7.40 + 35% = 9.99 exactly
    expect(shopPriceCents(740, 35)).toBe(999);
  });

  it('rounds a whole dollar up to the same dollar and 99 cents, never down', () => {
    expect(roundUpToNinetyNine(1300)).toBe(1399);
    expect(roundUpToNinetyNine(1)).toBe(99);
    expect(roundUpToNinetyNine(0)).toBe(99);
  });

  it('rounds the markup up by a fraction of a cent, not down', () => {
    // 0.01 + 35% = 0.0135 -> at least 0.02 -> 0.99
    expect(shopPriceCents(1, 35)).toBe(99);
    // 2.99 + 0% stays 2.99
    expect(shopPriceCents(299, 0)).toBe(299);
  });

  it('is never below the provider price, whatever the markup', () => {
    for (const cents of [0, 1, 99, 100, 101, 599, 1000, 12_345, 99_999]) {
      for (const markup of [0, 1, 12.5, 35, 100]) {
        const price = shopPriceCents(cents, markup);
        expect(price).toBeGreaterThanOrEqual(cents);
        expect(price).toBeGreaterThanOrEqual(Math.ceil((cents * (100 + markup)) / 100 - 1e-9));
        expect(price % 100).toBe(99);
      }
    }
  });

  it('refuses prices that are not whole cents', () => {
    expect(() => shopPriceCents(1.5, 35)).toThrow(RangeError);
    expect(() => shopPriceCents(-1, 35)).toThrow(RangeError);
  });

  it('converts dollars to cents without float noise', () => {
    expect(toCents(4.35)).toBe(435);
    expect(toCents(0.29)).toBe(29);
  });
});

describe('the roundings an operator may choose', () => {
  it('rounds up to the next .49 or .99', () => {
    expect(roundUpToFortyNineOrNinetyNine(540)).toBe(549);
    expect(roundUpToFortyNineOrNinetyNine(549)).toBe(549);
    expect(roundUpToFortyNineOrNinetyNine(550)).toBe(599);
    expect(roundUpToFortyNineOrNinetyNine(0)).toBe(49);
    // 4.00 + 35% = 5.40 -> 5.49
    expect(markedUpCents(400, { percent: 35, rounding: 'forty-nine-or-ninety-nine' })).toBe(549);
  });

  it('keeps the marked-up price to the cent, rounded up, when asked for cents', () => {
    // 4.00 + 35% = 5.40; 0.01 + 35% = 0.0135 -> 0.02
    expect(markedUpCents(400, { percent: 35, rounding: 'cent' })).toBe(540);
    expect(markedUpCents(1, { percent: 35, rounding: 'cent' })).toBe(2);
    expect(markedUpCents(299, { percent: 0, rounding: 'cent' })).toBe(299);
  });

  it('gives the default rounding the same prices as before', () => {
    expect(markedUpCents(400, { percent: 35, rounding: 'ninety-nine' })).toBe(
      shopPriceCents(400, 35),
    );
  });
});
