import { describe, expect, it } from 'vitest';
import { creditGrantRequestSchema, orderPricingInDollars, priceOrderInCents } from './credit';
import { breakdownInCents } from './pricing';

describe('an order’s price with store credit', () => {
  it('is the plan’s price, split as every price, when no credit is used', () => {
    const split = breakdownInCents(499);
    expect(priceOrderInCents({ priceCents: 499 })).toEqual({
      price: 499,
      discount: 0,
      credit: 0,
      ...split,
    });
  });

  it('takes the credit off, VAT and stamps being the split of what the card pays', () => {
    const pricing = priceOrderInCents({ priceCents: 1299, creditAvailableCents: 500 });
    expect(pricing).toMatchObject({ credit: 500, total: 799 });
    expect(pricing).toMatchObject(breakdownInCents(799));
    expect(pricing.subtotal + pricing.vat + pricing.stamps).toBe(pricing.total);
  });

  it('leaves the card the stamps fee when the credit covers the whole price', () => {
    expect(priceOrderInCents({ priceCents: 199, creditAvailableCents: 10_000 })).toEqual({
      price: 199,
      discount: 0,
      credit: 177,
      subtotal: 0,
      vat: 0,
      stamps: 22,
      total: 22,
    });
  });

  it('takes a discount off before the credit', () => {
    const pricing = priceOrderInCents({
      priceCents: 1000,
      discountCents: 300,
      creditAvailableCents: 10_000,
    });
    expect(pricing).toMatchObject({ discount: 300, credit: 678, total: 22 });
  });

  it('never takes off a negative or fractional amount', () => {
    expect(priceOrderInCents({ priceCents: 500, creditAvailableCents: -300 })).toMatchObject({
      credit: 0,
      total: 500,
    });
    expect(priceOrderInCents({ priceCents: 500, creditAvailableCents: 99.7 })).toMatchObject({
      credit: 99,
    });
    expect(priceOrderInCents({ priceCents: 500, creditAvailableCents: Number.NaN })).toMatchObject({
      credit: 0,
    });
  });

  it('answers dollars as the contract’s other prices', () => {
    expect(
      orderPricingInDollars(priceOrderInCents({ priceCents: 199, creditAvailableCents: 100 })),
    ).toEqual({ price: 1.99, discount: 0, credit: 1, vat: 0.08, stamps: 0.22, total: 0.99 });
  });
});

describe('an operator’s grant', () => {
  it('takes whole cents between 0.01 and 1000 and a reason', () => {
    expect(creditGrantRequestSchema.safeParse({ amount: 12.34, reason: 'Late' }).success).toBe(
      true,
    );
    for (const amount of [0, -1, 0.001, 1000.01, 19.999]) {
      expect(
        creditGrantRequestSchema.safeParse({ amount, reason: 'Late' }).success,
        `${amount}`,
      ).toBe(false);
    }
    expect(creditGrantRequestSchema.safeParse({ amount: 5, reason: ' ' }).success).toBe(false);
  });
});
