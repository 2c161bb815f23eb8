import { describe, expect, it } from 'vitest';
import { formatPlanData, formatPrice, formatValidity } from './plan-format';

describe('plan card texts', () => {
  it('shows data in GB from MB, and Unlimited for unlimited plans', () => {
    expect(formatPlanData({ pla_data_amount: 1000, pla_unlimited: false })).toBe('1 GB');
    expect(formatPlanData({ pla_data_amount: 50000, pla_unlimited: false })).toBe('50 GB');
    expect(formatPlanData({ pla_data_amount: 1500, pla_unlimited: false })).toBe('1.5 GB');
    expect(formatPlanData({ pla_data_amount: 500, pla_unlimited: false })).toBe('500 MB');
    expect(formatPlanData({ pla_data_amount: -1, pla_unlimited: true })).toBe('Unlimited');
  });

  it('shows validity in days', () => {
    expect(formatValidity(1)).toBe('1 day');
    expect(formatValidity(7)).toBe('7 days');
  });

  it('shows prices with a dollar sign and two decimals', () => {
    expect(formatPrice(4.99)).toBe('$ 4.99');
    expect(formatPrice(12)).toBe('$ 12.00');
  });
});
