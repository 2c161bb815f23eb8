import { describe, expect, it, vi } from 'vitest';
import { createPlanTitles, type PlanCatalogue } from './plan-titles';

const plan = (name: string, dataMb: number, durationDays: number, unlimited = false) => ({
  pla_id: 1,
  pla_name: name,
  pla_description: `eSIM, ${name}, V2`,
  pla_data_amount: dataMb,
  pla_duration: durationDays,
  pla_unlimited: unlimited,
});

const france = [plan('esim_1GB_7D_FR_V2', 1000, 7), plan('esim_UL_1D_FR_V2', -1, 1, true)];
const europe = [plan('esim_5GB_30D_REUP_V2', 5000, 30)];

function catalogue(): PlanCatalogue {
  return {
    plansForCountryIso: vi.fn(async (iso: string) => (iso === 'FR' ? france : undefined)),
    plansForRegionName: vi.fn(async (name: string) => (name === 'Europe+' ? europe : undefined)),
  };
}

const bought = (planName: string, destination: string) => ({
  planName,
  planDescription: `stored ${planName}`,
  destination,
});

describe('plan titles', () => {
  it('titles a country’s plan in the shop’s words, with its validity', async () => {
    const titles = createPlanTitles(catalogue(), () => {});
    expect(await titles.shopPlan(bought('esim_1GB_7D_FR_V2', 'FR'))).toEqual({
      title: '1 GB · 7 days',
      validityDays: 7,
    });
    expect(await titles.shopPlan(bought('esim_UL_1D_FR_V2', 'FR'))).toEqual({
      title: 'Unlimited · 1 day',
      validityDays: 1,
    });
  });

  it('finds a regional plan under its region’s name', async () => {
    const titles = createPlanTitles(catalogue(), () => {});
    expect(await titles.shopPlan(bought('esim_5GB_30D_REUP_V2', 'Europe+'))).toEqual({
      title: '5 GB · 30 days',
      validityDays: 30,
    });
  });

  it('keeps the stored description for a plan that left the catalogue', async () => {
    const titles = createPlanTitles(catalogue(), () => {});
    expect(await titles.shopPlan(bought('esim_3GB_15D_FR_V1', 'FR'))).toEqual({
      title: 'stored esim_3GB_15D_FR_V1',
      validityDays: null,
    });
    expect(await titles.shopPlan(bought('esim_1GB_7D_XX_V2', 'Atlantis'))).toEqual({
      title: 'stored esim_1GB_7D_XX_V2',
      validityDays: null,
    });
  });

  it('falls back to the stored description, and says so, when the catalogue cannot be read', async () => {
    const failure = new Error('no catalogue yet');
    const onError = vi.fn();
    const titles = createPlanTitles(
      {
        plansForCountryIso: async () => Promise.reject(failure),
        plansForRegionName: async () => undefined,
      },
      onError,
    );
    expect(await titles.shopPlan(bought('esim_1GB_7D_FR_V2', 'FR'))).toEqual({
      title: 'stored esim_1GB_7D_FR_V2',
      validityDays: null,
    });
    expect(onError).toHaveBeenCalledWith(failure);
  });
});
