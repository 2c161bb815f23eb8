import { describe, expect, it } from 'vitest';
import { francePlan } from '../../../testing/catalog';
import { franceEsim } from '../../../testing/profile';
import { latestPlanOnSale, topupDestination } from './topup-choice';

describe('the top-up dialogs’ starting point', () => {
  it('lists a country eSIM’s plans by ISO code and a regional one’s by region name', () => {
    expect(topupDestination(franceEsim)).toBe('FR');
    expect(topupDestination({ destination: { iso: 'Europe+', name: 'Europe+' } })).toBe('Europe+');
    expect(topupDestination({ destination: { iso: '', name: '' } })).toBeUndefined();
  });

  it('starts from the plan bought last while it is on sale, else from none', () => {
    const bigger = { ...francePlan, pla_id: 12, pla_name: 'esim_3GB_30D_FR_V2' };
    const topup = {
      title: '3 GB · 30 days',
      validityDays: 30,
      planName: bigger.pla_name,
      kind: 'topup' as const,
      purchasedAt: '2026-11-25T08:00:00Z',
    };
    const toppedUp = { ...franceEsim, bundles: [topup, ...franceEsim.bundles] };
    expect(latestPlanOnSale(toppedUp, [francePlan, bigger])).toBe(bigger);
    expect(latestPlanOnSale(toppedUp, [francePlan])).toBeUndefined();
  });
});
