import { beforeAll, describe, expect, it } from 'vitest';
import { completeEnglish } from '../../../lib/i18n';
import { formatUsd, orderSummary } from './order-summary';

// The checkout's English comes after the first script, as the app loads it before any page.
beforeAll(() => completeEnglish());

const france1Gb = {
  plc_name: 'France',
  pla_data_amount: 1000,
  pla_unlimited: false,
  pla_duration: 7,
};
const priced = (pla_price: number) => ({ ...france1Gb, pla_price });

describe('the order summary', () => {
  it('works back from the plan price: subtotal, VAT 11%, stamps 0.22, total', () => {
    expect(orderSummary(priced(5.77))).toEqual({
      line: {
        description: 'France eSIM · 1 GB · 7 days',
        price: '$ 5.00',
        quantity: 1,
        amount: '$ 5.00',
      },
      charges: [
        { label: 'Subtotal', amount: '$ 5.00' },
        { label: 'VAT (11%)', amount: '$ 0.55' },
        { label: 'Stamps', amount: '$ 0.22', note: 'Lebanese fiscal stamp duty' },
      ],
      total: { label: 'Total (USD)', amount: '$ 5.77' },
    });
  });

  it('shows VAT as 11% of the subtotal shown on $1.99, the stamps taking the odd cent (issue 26)', () => {
    // No subtotal adds up: 1.59 + 0.17 + 0.22 = 1.98 and 1.60 + 0.18 + 0.22 = 2.00.
    expect(orderSummary(priced(1.99))?.charges.map((charge) => charge.amount)).toEqual([
      '$ 1.59',
      '$ 0.17',
      '$ 0.23',
    ]);
  });

  it('has parts that always add up to the total, whatever the rounding', () => {
    for (const price of [0.22, 1, 4.99, 12.5, 19.99, 33.33, 99.99]) {
      const summary = orderSummary(priced(price));
      const cents = (summary?.charges ?? []).map((charge) =>
        Math.round(Number(charge.amount.slice(2)) * 100),
      );
      expect(cents.reduce((a, b) => a + b, 0)).toBe(Math.round(price * 100));
      expect(summary?.total.amount).toBe(formatUsd(price));
    }
  });

  it('has no summary for a price below the stamps fee', () => {
    expect(orderSummary(priced(0))).toBeUndefined();
    expect(orderSummary(priced(Number.NaN))).toBeUndefined();
  });

  it('names an unlimited regional plan by its region and its days', () => {
    const plan = { plc_name: 'Europe+', pla_data_amount: -1, pla_unlimited: true, pla_duration: 1 };
    expect(orderSummary({ ...plan, pla_price: 9.99 })?.line.description).toBe(
      'Europe+ eSIM · Unlimited · 1 day',
    );
  });
});
