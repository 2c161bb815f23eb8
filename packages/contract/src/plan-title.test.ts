import { describe, expect, it } from 'vitest';
import { formatDataAmount, formatValidity, orderDescription, planTitle } from './plan-title';

describe('plan titles in the shop words', () => {
  it('names data in MB below a gigabyte and in GB (1000 MB) above', () => {
    expect(formatDataAmount({ dataMb: 500, unlimited: false })).toBe('500 MB');
    expect(formatDataAmount({ dataMb: 1000, unlimited: false })).toBe('1 GB');
    expect(formatDataAmount({ dataMb: 1500, unlimited: false })).toBe('1.5 GB');
  });

  it('calls an unlimited plan Unlimited whatever amount it carries', () => {
    expect(formatDataAmount({ dataMb: -1, unlimited: false })).toBe('Unlimited');
    expect(formatDataAmount({ dataMb: 2000, unlimited: true })).toBe('Unlimited');
  });

  it('says one day in the singular', () => {
    expect(formatValidity(1)).toBe('1 day');
    expect(formatValidity(7)).toBe('7 days');
  });

  it('joins allowance and validity with a middle dot', () => {
    expect(planTitle({ dataMb: 1000, unlimited: false, durationDays: 7 })).toBe('1 GB · 7 days');
    expect(planTitle({ dataMb: -1, unlimited: true, durationDays: 1 })).toBe('Unlimited · 1 day');
  });

  it('names what an order buys with its destination', () => {
    expect(orderDescription('France', { dataMb: 1000, unlimited: false, durationDays: 7 })).toBe(
      'France eSIM · 1 GB · 7 days',
    );
    expect(orderDescription('Europe+', { dataMb: -1, unlimited: true, durationDays: 3 })).toBe(
      'Europe+ eSIM · Unlimited · 3 days',
    );
  });
});
