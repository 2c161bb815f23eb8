import { describe, expect, it } from 'vitest';
import {
  breakdownFromTotal,
  breakdownInCents,
  formatAmount,
  lowestPrice,
  priceBeforeVat,
} from './pricing';

/** 11% of a net in cents, rounded half up, worked out in decimal strings (no shared code). */
function elevenPercentHalfUp(netCents: number): number {
  const thousandths = netCents * 110; // 11% in tenths of a cent, times 10
  return Math.floor(thousandths / 1000) + (thousandths % 1000 >= 500 ? 1 : 0);
}

/** Every total from 0.23 to 500.00, in cents. */
const everyTotal = Array.from({ length: 50_000 - 23 + 1 }, (_, index) => 23 + index);

/** The dollar breakdown (what the web and the invoice use) back in whole cents. */
function partsInCents(totalCents: number) {
  const parts = breakdownFromTotal(totalCents / 100);
  const cents = (usd: number) => Math.round(usd * 100);
  return {
    subtotal: cents(parts.subtotal),
    vat: cents(parts.vat),
    stamps: cents(parts.stamps),
    total: cents(parts.total),
  };
}

describe('pricing rules', () => {
  it('takes stamps off, then VAT out, of a total', () => {
    // (11.32 - 0.22) / 1.11 = 10.00
    expect(priceBeforeVat(11.32)).toBe(10);
    expect(formatAmount(priceBeforeVat(5.99))).toBe('5.20');
  });

  it('splits $1.99 so that VAT is 11% of the subtotal shown (issue 26)', () => {
    // 1.59 + 0.17 is 1.76 and 1.60 + 0.18 is 1.78: no subtotal reaches 1.77, the stamps take the cent.
    expect(breakdownFromTotal(1.99)).toEqual({
      subtotal: 1.59,
      vat: 0.17,
      stamps: 0.23,
      total: 1.99,
    });
    expect(breakdownFromTotal(5.99)).toEqual({
      subtotal: 5.2,
      vat: 0.57,
      stamps: 0.22,
      total: 5.99,
    });
  });

  it('adds up to the cent for every total from 0.23 to 500.00, VAT 11% of the net half up', () => {
    const failures: string[] = [];
    for (const total of everyTotal) {
      const parts = partsInCents(total);
      const addsUp = parts.subtotal + parts.vat + parts.stamps === parts.total;
      const vatRight = parts.vat === elevenPercentHalfUp(parts.subtotal);
      if (!(addsUp && vatRight && parts.total === total)) failures.push(`${total}`);
    }
    expect(failures.slice(0, 10)).toEqual([]);
  });

  it('keeps the stamps at 0.22 whenever some subtotal adds up exactly, else 0.23', () => {
    const failures: string[] = [];
    for (const total of everyTotal) {
      const parts = breakdownInCents(total);
      const afterStamps = total - 22;
      // Search every net: a subtotal adds up exactly when net + VAT(net) is the rest.
      let exact: number | undefined;
      for (let net = Math.floor(afterStamps / 1.12); net <= afterStamps; net += 1) {
        if (net + elevenPercentHalfUp(net) === afterStamps) exact = net;
        if (net + elevenPercentHalfUp(net) >= afterStamps) break;
      }
      const expected = exact === undefined ? 23 : 22;
      if (parts.stamps !== expected || (exact !== undefined && parts.subtotal !== exact)) {
        failures.push(`${total}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('stays within a cent of the spec’s (total - 0.22) / 1.11', () => {
    const far = everyTotal.filter((total) => {
      const { subtotal } = breakdownInCents(total);
      return Math.abs(subtotal - (total - 22) / 1.11) > 1;
    });
    expect(far).toEqual([]);
  });

  it('breaks the smallest total into stamps alone', () => {
    expect(breakdownFromTotal(0.22)).toEqual({ subtotal: 0, vat: 0, stamps: 0.22, total: 0.22 });
  });

  it('refuses a total below the stamps fee', () => {
    expect(() => breakdownFromTotal(0.1)).toThrow(RangeError);
    expect(() => breakdownFromTotal(Number.NaN)).toThrow(RangeError);
    expect(() => breakdownInCents(1.5)).toThrow(RangeError);
  });

  it('ignores zero prices when finding the lowest', () => {
    expect(lowestPrice([0, 7.99, 4.99, 0])).toBe(4.99);
    expect(lowestPrice([0])).toBeUndefined();
    expect(lowestPrice([])).toBeUndefined();
  });
});
