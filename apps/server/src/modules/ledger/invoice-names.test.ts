import { describe, expect, it } from 'vitest';
import { destinationIn, planTitleIn } from './invoice-names';

const oneGbWeek = { dataMb: 1000, unlimited: false, durationDays: 7 };

describe('plan titles in the invoice’s language', () => {
  it('keep the shop’s English words in English', () => {
    expect(planTitleIn(oneGbWeek, 'en')).toBe('1 GB · 7 days');
  });

  it('say data and days in French', () => {
    expect(planTitleIn(oneGbWeek, 'fr')).toBe('1\u00a0Go · 7\u00a0jours');
    expect(planTitleIn({ dataMb: 500, unlimited: false, durationDays: 1 }, 'fr')).toBe(
      '500\u00a0Mo · 1\u00a0jour',
    );
    expect(planTitleIn({ dataMb: 1500, unlimited: false, durationDays: 30 }, 'fr')).toBe(
      '1,5\u00a0Go · 30\u00a0jours',
    );
    expect(planTitleIn({ dataMb: -1, unlimited: true, durationDays: 1 }, 'fr')).toBe(
      'Illimité · 1\u00a0jour',
    );
  });

  it('say them in Arabic with no Latin letters, the days in their plural forms', () => {
    expect(planTitleIn(oneGbWeek, 'ar')).toBe('1 غيغابايت · 7 أيام');
    expect(planTitleIn({ dataMb: 500, unlimited: false, durationDays: 1 }, 'ar')).toBe(
      '500 ميغابايت · يوم واحد',
    );
    expect(planTitleIn({ dataMb: 3000, unlimited: false, durationDays: 2 }, 'ar')).toBe(
      '3 غيغابايت · يومان',
    );
    expect(planTitleIn({ dataMb: 20000, unlimited: false, durationDays: 30 }, 'ar')).toBe(
      '20 غيغابايت · 30 يومًا',
    );
    expect(planTitleIn({ dataMb: -1, unlimited: true, durationDays: 15 }, 'ar')).not.toMatch(
      /[A-Za-z]/,
    );
  });
});

describe('destinations in the invoice’s language', () => {
  it('name countries through CLDR and regions by the shop’s names', () => {
    expect(destinationIn('DE', 'Germany', 'en')).toBe('Germany');
    expect(destinationIn('DE', 'Germany', 'fr')).toBe('Allemagne');
    expect(destinationIn('DE', 'Germany', 'ar')).toBe('ألمانيا');
    expect(destinationIn('Middle East', 'Middle East', 'fr')).toBe('Moyen-Orient');
    expect(destinationIn('Europe+', 'Europe+', 'ar')).toBe('أوروبا+');
  });

  it('keep the shop’s name for a code CLDR does not know', () => {
    expect(destinationIn('not-a-code', 'Somewhere', 'fr')).toBe('Somewhere');
  });
});
