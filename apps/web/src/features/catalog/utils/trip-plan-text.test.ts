import type { Language } from '@tern/contract/languages';
import { describe, expect, it } from 'vitest';
import { countryName } from '../../../lib/i18n';
import { wordsIn } from '../../../lib/i18n/test-words';
import arabicPlans from '../../../locales/ar/plans.json';
import arabicTrip from '../../../locales/ar/trip.json';
import frenchPlans from '../../../locales/fr/plans.json';
import frenchTrip from '../../../locales/fr/trip.json';
import type { PlanWords } from './plan-format';
import { type TripPlanEntry, tripPlanData, tripPlanName } from './trip-plan-text';

/** The messages of a language as the shop loads them: English under the translation. */
const wordsOf = (language: Language): PlanWords =>
  wordsIn(language, {
    plans: { ar: arabicPlans, fr: frenchPlans },
    trip: { ar: arabicTrip, fr: frenchTrip },
  });
const en = wordsOf('en');
const fr = wordsOf('fr');
const ar = wordsOf('ar');
/** Arabic text without its left-to-right isolates, as a reader sees it. */
const visible = (text: string) => text.replace(/[\u2066\u2069]/g, '');
const namesIn = (language: Language) => (iso: string) => countryName(iso, iso, language);

const europe = { plc_iso: 'Europe+', plc_name: 'Europe+', coverage: 41 };
const global = { plc_iso: 'Global', plc_name: 'Global', coverage: 121 };
const france = { plc_iso: 'FR', plc_name: 'France', coverage: 1 };

const shared = (dataMb: number, countries: string[]): TripPlanEntry => ({
  plan: { pla_data_amount: dataMb, pla_unlimited: false, plc_iso: 'Europe+' },
  countries,
  shared: true,
});
/** A regional plan bought for one stop of the trip. */
const single = (dataMb: number, iso: string): TripPlanEntry => ({
  plan: { pla_data_amount: dataMb, pla_unlimited: false, plc_iso: 'North America' },
  countries: [iso],
  shared: false,
});
const unlimited: TripPlanEntry = {
  plan: { pla_data_amount: -1, pla_unlimited: true, plc_iso: 'Europe+' },
  countries: ['FR', 'IT'],
  shared: true,
};

describe('a trip plan named (issue 26)', () => {
  it('says the region and how many countries it works in', () => {
    expect(tripPlanName(europe, en)).toBe('Europe+ · 41 countries');
    expect(tripPlanName(global, en)).toBe('Global · 121 countries');
    expect(tripPlanName(global, fr)).toBe('Monde · 121 pays');
    expect(tripPlanName(global, ar)).toBe('العالم · 121 دولة');
  });

  it('names a plan for one country by the country alone', () => {
    expect(tripPlanName(france, en)).toBe('France');
    expect(tripPlanName({ ...france, plc_iso: 'DE', plc_name: 'Germany' }, fr)).toBe('Allemagne');
  });
});

describe('what a trip plan’s data is for (issue 26)', () => {
  it('says it in English', () => {
    expect(tripPlanData(shared(5000, ['JP', 'TH']), en, namesIn('en'))).toBe(
      '5 GB shared by 2 countries',
    );
    expect(tripPlanData(unlimited, en, namesIn('en'))).toBe('Unlimited data shared by 2 countries');
    expect(tripPlanData(single(1000, 'FR'), en, () => 'France')).toBe('1 GB for France');
  });

  it('says nothing more of a country’s own plan than its name does', () => {
    const own = { ...single(1000, 'FR'), plan: { ...single(1000, 'FR').plan, plc_iso: 'FR' } };
    expect(tripPlanData(own, en, namesIn('en'))).toBeUndefined();
    expect(tripPlanData(own, fr, namesIn('fr'))).toBeUndefined();
  });

  it('agrees the French participle with the amount: 1 Go partagé, 5 Go partagés', () => {
    const names = namesIn('fr');
    expect(tripPlanData(shared(1000, ['FR', 'IT']), fr, names)).toBe('1 Go partagé entre 2 pays');
    expect(tripPlanData(shared(1500, ['FR', 'IT']), fr, names)).toBe('1,5 Go partagé entre 2 pays');
    expect(tripPlanData(shared(5000, ['FR', 'IT', 'ES']), fr, names)).toBe(
      '5 Go partagés entre 3 pays',
    );
    expect(tripPlanData(shared(500, ['FR', 'IT']), fr, names)).toBe('500 Mo partagés entre 2 pays');
    expect(tripPlanData(unlimited, fr, names)).toBe('Données illimitées partagées entre 2 pays');
  });

  it('names the country without needing its article: no “pour Allemagne” nor “لـالولايات”', () => {
    expect(tripPlanData(single(1000, 'DE'), fr, namesIn('fr'))).toBe(
      'Destination\u00a0: Allemagne · 1 Go',
    );
    const arabic = visible(tripPlanData(single(5000, 'US'), ar, namesIn('ar')) ?? '');
    expect(arabic).toBe('5 GB في الولايات المتحدة');
    expect(arabic).not.toContain('لـال');
  });
});
