import { describe, expect, it } from 'vitest';
import { roundUpToNinetyNine, shopPriceCents, toCents } from './markup';

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
