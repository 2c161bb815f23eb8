import { describe, expect, it } from 'vitest';
import { hrefTo, paths } from './routes';

describe('route registry', () => {
  it('builds hash-style links with encoded query parameters', () => {
    expect(hrefTo(paths.faq)).toBe('#/faq');
    expect(hrefTo(paths.planDetails, { planType: 'Regions', data: 'Europe+' })).toBe(
      '#/plan-details?planType=Regions&data=Europe%2B',
    );
  });

  it('keeps every path unique', () => {
    const all = Object.values(paths);
    expect(new Set(all).size).toBe(all.length);
  });
});
