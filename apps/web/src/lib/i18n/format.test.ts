import { describe, expect, it } from 'vitest';
import { countryName, formatNumber, formatPrice, regionName } from './format';

describe('prices in each language', () => {
  it('reads US$ with Western digits in Arabic, kept left to right', () => {
    expect(formatPrice(4.99, 'ar')).toBe('\u2066US$ 4.99\u2069');
  });

  it('follows French and English custom for US dollars', () => {
    expect(formatPrice(4.99, 'fr')).toMatch(/^4,99\s\$US$/);
    expect(formatPrice(4.99, 'en')).toBe('$4.99');
  });
});

describe('numbers and places in each language', () => {
  it('writes Arabic numbers with Western digits', () => {
    expect(formatNumber(1234, 'ar')).toMatch(/^1.?234$/);
  });

  it('names countries from CLDR in Arabic and French, and by the shop in English', () => {
    expect(countryName('FR', 'France', 'ar')).toBe('فرنسا');
    expect(countryName('DE', 'Germany', 'fr')).toBe('Allemagne');
    expect(countryName('AE', 'United Arab Emirates', 'en')).toBe('United Arab Emirates');
  });

  it('names the shop’s regions in our own words', () => {
    expect(regionName('Middle East', 'ar')).toBe('الشرق الأوسط');
    expect(regionName('LATAM', 'fr')).toBe('Amérique latine');
    expect(regionName('Europe+', 'en')).toBe('Europe+');
  });
});
