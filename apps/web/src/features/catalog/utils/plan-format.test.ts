import type { Language } from '@tern/contract/languages';
import { describe, expect, it } from 'vitest';
import { wordsIn } from '../../../lib/i18n/test-words';
import arabicPlans from '../../../locales/ar/plans.json';
import frenchPlans from '../../../locales/fr/plans.json';
import {
  destinationName,
  formatNetworks,
  formatPrice,
  type PlanWords,
  planFacts,
  planTitleText,
} from './plan-format';

/** The messages of a language as the shop loads them: English under the translation. */
const wordsOf = (language: Language): PlanWords =>
  wordsIn(language, { plans: { ar: arabicPlans, fr: frenchPlans } });
const en = wordsOf('en');
const fr = wordsOf('fr');
const ar = wordsOf('ar');
/** Arabic text without its left-to-right isolates, as a reader sees it. */
const visible = (text: string) => text.replace(/[\u2066\u2069]/g, '');

const francePlan = {
  plc_name: 'France',
  plc_iso: 'FR',
  coverage: 1,
  pla_networks: [
    { name: 'Orange', speeds: ['3G', '4G', '5G'] },
    { name: 'Bouygues Telecom', speeds: ['3G', '4G'] },
  ],
  pla_speeds: ['3G', '4G', '5G'],
  pla_fair_use: null,
  pla_autostart: true,
};
const unlimited = {
  ...francePlan,
  pla_fair_use: { daily_full_speed_mb: 1000, reduced_speed_kbps: 1250 },
};
const regional = { ...francePlan, plc_name: 'Europe+', coverage: 41, pla_networks: [] };
const title = (data: number, days: number) => ({
  pla_title: 'the catalogue title',
  pla_data_amount: data,
  pla_unlimited: data < 0,
  pla_duration: days,
});

describe('plan card texts', () => {
  it('shows prices with a dollar sign and two decimals', () => {
    expect(formatPrice(4.99)).toBe('$ 4.99');
    expect(formatPrice(12)).toBe('$ 12.00');
  });

  it('names each network with its fastest speed', () => {
    expect(formatNetworks(francePlan.pla_networks)).toBe('Orange (5G), Bouygues Telecom (4G)');
  });

  it("tells a country plan's networks there, and that it starts on first connection", () => {
    expect(planFacts(francePlan, en)).toEqual([
      { kind: 'networks', text: 'Networks in France: Orange (5G), Bouygues Telecom (4G)' },
      { kind: 'start', text: 'Starts when you first connect in a covered country' },
    ]);
  });

  it("tells an unlimited plan's daily full-speed allowance and the speed after it", () => {
    expect(planFacts(unlimited, en)).toContainEqual({
      kind: 'fair-use',
      text: 'Full speed for the first 1 GB each day, then up to 1.25 Mbps',
    });
  });

  it('tells a regional plan its country count and top speed, its networks being per country', () => {
    expect(planFacts(regional, en)).toEqual([
      { kind: 'coverage', text: 'Works in 41 countries' },
      { kind: 'speed', text: 'Up to 5G' },
      { kind: 'start', text: 'Starts when you first connect in a covered country' },
    ]);
  });

  it('says nothing the provider does not say', () => {
    const silent = { ...francePlan, pla_networks: [], pla_speeds: [], pla_autostart: false };
    expect(planFacts(silent, en)).toEqual([]);
  });

  it("keeps the catalogue's own title in English", () => {
    expect(planTitleText(title(1000, 7), en)).toBe('the catalogue title');
  });
});

describe('plan card texts in French', () => {
  it('writes prices, data amounts and days the French way', () => {
    expect(formatPrice(4.99, 'fr')).toBe('4,99\u00a0$US');
    expect(planTitleText(title(1000, 7), fr)).toBe('1 Go · 7 jours');
    expect(planTitleText(title(1500, 1), fr)).toBe('1,5 Go · 1 jour');
    expect(planTitleText(title(500, 30), fr)).toBe('500 Mo · 30 jours');
    expect(planTitleText(title(-1, 1), fr)).toBe('Illimité · 1 jour');
  });

  it('says the facts in French, with the country named in French', () => {
    const germany = { ...francePlan, plc_name: 'Germany', plc_iso: 'DE' };
    expect(planFacts(germany, fr)[0]).toEqual({
      kind: 'networks',
      text: 'Réseaux (Allemagne) : Orange (5G), Bouygues Telecom (4G)',
    });
    expect(planFacts(unlimited, fr)).toContainEqual({
      kind: 'fair-use',
      text: 'Pleine vitesse pour les premiers 1 Go de chaque jour, puis jusqu’à 1,25 Mbit/s',
    });
    expect(planFacts(regional, fr).map((fact) => fact.text)).toEqual([
      'Fonctionne dans 41 pays',
      'Jusqu’à la 5G',
      'Démarre à votre première connexion dans un pays couvert',
    ]);
  });

  it('names the destination in French', () => {
    expect(destinationName({ kind: 'country', iso: 'DE', name: 'Germany' }, 'fr')).toBe(
      'Allemagne',
    );
    expect(destinationName({ kind: 'region', name: 'LATAM' }, 'fr')).toBe('Amérique latine');
    expect(destinationName({ kind: 'country', iso: 'DE', name: 'Germany' }, 'en')).toBe('Germany');
  });
});

describe('plan card texts in Arabic', () => {
  it('counts days with Arabic plurals and Western digits', () => {
    const days = (count: number) => visible(planTitleText(title(1000, count), ar));
    expect(days(1)).toBe('1 GB · يوم واحد');
    expect(days(2)).toBe('1 GB · يومان');
    expect(days(7)).toBe('1 GB · 7 أيام');
    expect(days(30)).toBe('1 GB · 30 يومًا');
  });

  it('holds prices, data amounts and networks left to right', () => {
    expect(formatPrice(4.99, 'ar')).toBe('\u2066US$ 4.99\u2069');
    expect(planTitleText(title(1500, 7), ar)).toMatch(/^\u20661\.5 GB\u2069 · /);
    expect(formatNetworks(francePlan.pla_networks, 'ar')).toBe(
      '\u2066Orange (5G)\u2069، \u2066Bouygues Telecom (4G)\u2069',
    );
  });

  it('says the facts in Arabic, with the country named in Arabic', () => {
    expect(visible(planFacts(francePlan, ar)[0]?.text ?? '')).toBe(
      'الشبكات في فرنسا: Orange (5G)، Bouygues Telecom (4G)',
    );
    expect(visible(planFacts(regional, ar)[0]?.text ?? '')).toBe('تعمل في 41 دولة');
    expect(planFacts({ ...regional, coverage: 3 }, ar)[0]?.text).toBe('تعمل في 3 دول');
  });
});
