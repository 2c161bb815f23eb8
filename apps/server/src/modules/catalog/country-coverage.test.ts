import type { Plan, RoamingCountry } from '@tern/contract';
import { describe, expect, it } from 'vitest';
import { type CoverageSource, countryCoverage } from './country-coverage';

const roaming = (...isos: string[]): RoamingCountry[] =>
  isos.map((iso) => ({ plr_iso: iso, plr_name: iso, plr_networks: [] }));

// Only what the coverage reads of a plan matters here.
const germanPlan = { pla_id: 30, pla_name: 'esim_1GB_7D_DE_V2' } as Plan;

const source: CoverageSource = {
  countries: [
    { cou_iso: 'FR', cou_name: 'France' },
    { cou_iso: 'DE', cou_name: 'Germany' },
  ],
  countryIdByIso: new Map([
    ['FR', 1],
    ['DE', 2],
  ]),
  plansByCountryId: new Map([[2, [germanPlan]]]),
  roamingByPlanId: new Map([
    [10, roaming('FR')],
    [20, roaming('FR', 'DE', 'IT')],
    [30, roaming('DE')],
  ]),
  planIdByName: new Map([
    ['esim_1GB_7D_FR_V2', 10],
    ['esim_5GB_30D_EU_V2', 20],
    ['esim_1GB_7D_DE_V2', 30],
  ]),
};

describe('whether an eSIM’s bundles work in a country', () => {
  it('says a France-only bundle does not cover Germany, with Germany’s plans', () => {
    expect(countryCoverage(source, ['esim_1GB_7D_FR_V2'], 'de')).toEqual({
      covered: false,
      country: { iso: 'DE', name: 'Germany' },
      plans: [germanPlan],
    });
  });

  it('counts any of the bundles: a regional one or a top-up for the country', () => {
    expect(
      countryCoverage(source, ['esim_1GB_7D_FR_V2', 'esim_5GB_30D_EU_V2'], 'DE')?.covered,
    ).toBe(true);
    expect(countryCoverage(source, ['esim_1GB_7D_FR_V2'], 'FR')?.covered).toBe(true);
  });

  it('names a country with no plans of its own, and offers none', () => {
    expect(countryCoverage(source, ['esim_1GB_7D_FR_V2'], 'KP')).toEqual({
      covered: false,
      country: { iso: 'KP', name: 'North Korea' },
      plans: [],
    });
  });

  it('claims nothing for bundles no longer on sale, or a code that is no country', () => {
    expect(countryCoverage(source, ['esim_gone'], 'DE')).toBeUndefined();
    expect(countryCoverage(source, [], 'DE')).toBeUndefined();
    expect(countryCoverage(source, ['esim_1GB_7D_FR_V2'], 'XX')).toBeUndefined();
  });
});
