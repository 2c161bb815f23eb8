import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, directionOf, pickLanguage } from './languages';

describe('the shop languages', () => {
  it('picks the first supported language by its primary subtag', () => {
    expect(pickLanguage(['de-DE', 'fr-CA', 'ar'])).toBe('fr');
    expect(pickLanguage(['AR-LB'])).toBe('ar');
  });

  it('falls back to English when nothing preferred is spoken', () => {
    expect(pickLanguage(['de', 'es'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });

  it('reads an Accept-Language header by quality, then by order', () => {
    expect(acceptLanguageTags('en;q=0.5, ar-LB, fr;q=0.8')).toEqual(['ar-LB', 'fr', 'en']);
    expect(acceptLanguageTags('*, de;q=0')).toEqual([]);
    expect(pickLanguage(acceptLanguageTags('de, ar;q=0.9, en;q=0.1'))).toBe('ar');
  });

  it('writes Arabic right to left and the others left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('fr')).toBe('ltr');
  });
});
