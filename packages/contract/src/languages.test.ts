import { describe, expect, it } from 'vitest';
import { directionOf, pickLanguage } from './languages';

describe('the shop languages', () => {
  it('picks the first supported language by its primary subtag', () => {
    expect(pickLanguage(['de-DE', 'fr-CA', 'ar'])).toBe('fr');
    expect(pickLanguage(['AR-LB'])).toBe('ar');
  });

  it('falls back to English when nothing preferred is spoken', () => {
    expect(pickLanguage(['de', 'es'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });

  it('writes Arabic right to left and the others left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('fr')).toBe('ltr');
  });
});
