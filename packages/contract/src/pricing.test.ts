import { describe, expect, it } from 'vitest';
import { breakdownFromTotal, formatAmount, lowestPrice, priceBeforeVat } from './pricing';

describe('pricing rules', () => {
  it('takes stamps off, then VAT out, of a total', () => {
    // (11.32 - 0.22) / 1.11 = 10.00
    expect(priceBeforeVat(11.32)).toBe(10);
    expect(formatAmount(priceBeforeVat(5.99))).toBe('5.20');
  });

  it('breaks a total into parts that add back up to the cent', () => {
    for (const total of [0.22, 1, 4.99, 5.99, 12.49, 19.99, 99.99, 249.99]) {
      const { subtotal, vat, stamps, total: shown } = breakdownFromTotal(total);
      expect(stamps).toBe(0.22);
      expect(shown).toBe(total);
      expect(Math.round((subtotal + vat + stamps) * 100)).toBe(Math.round(total * 100));
      expect(Math.abs(vat - subtotal * 0.11)).toBeLessThanOrEqual(0.01);
    }
  });

  it('refuses a total below the stamps fee', () => {
    expect(() => breakdownFromTotal(0.1)).toThrow(RangeError);
    expect(() => breakdownFromTotal(Number.NaN)).toThrow(RangeError);
  });

  it('ignores zero prices when finding the lowest', () => {
    expect(lowestPrice([0, 7.99, 4.99, 0])).toBe(4.99);
    expect(lowestPrice([0])).toBeUndefined();
    expect(lowestPrice([])).toBeUndefined();
  });
});
