import { describe, expect, it } from 'vitest';
import { formatUsd, orderSummary } from './order-summary';

describe('the order summary', () => {
  it('works back from the plan price: subtotal, VAT 11%, stamps 0.22, total', () => {
    expect(orderSummary({ pla_description: 'France 1GB 7 Days', pla_price: 5.77 })).toEqual({
      line: { description: 'France 1GB 7 Days', price: '$ 5.00', quantity: 1, amount: '$ 5.00' },
      charges: [
        { label: 'Subtotal', amount: '$ 5.00' },
        { label: 'VAT (11%)', amount: '$ 0.55' },
        { label: 'Stamps', amount: '$ 0.22' },
      ],
      total: { label: 'Total (USD)', amount: '$ 5.77' },
    });
  });

  it('has parts that always add up to the total, whatever the rounding', () => {
    for (const price of [0.22, 1, 4.99, 12.5, 19.99, 33.33, 99.99]) {
      const summary = orderSummary({ pla_description: 'x', pla_price: price });
      const cents = (summary?.charges ?? []).map((charge) =>
        Math.round(Number(charge.amount.slice(2)) * 100),
      );
      expect(cents.reduce((a, b) => a + b, 0)).toBe(Math.round(price * 100));
      expect(summary?.total.amount).toBe(formatUsd(price));
    }
  });

  it('has no summary for a price below the stamps fee', () => {
    expect(orderSummary({ pla_description: 'x', pla_price: 0 })).toBeUndefined();
    expect(orderSummary({ pla_description: 'x', pla_price: Number.NaN })).toBeUndefined();
  });
});
