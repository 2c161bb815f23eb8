import { describe, expect, it } from 'vitest';
import { homeCountry, mobileCountry, regionOfLanguages } from './home-country';

describe('the buyer’s home country', () => {
  it('is the mobile number’s country', () => {
    expect(mobileCountry('+961 71 123 456')).toBe('LB');
    expect(mobileCountry('+33 6 12 34 56 78')).toBe('FR');
    expect(homeCountry('+33612345678', ['en-US'])).toBe('FR');
  });

  it('is the browser’s region without a valid mobile number', () => {
    expect(mobileCountry('')).toBeUndefined();
    expect(mobileCountry('12')).toBeUndefined();
    expect(homeCountry('', ['fr-FR', 'en-US'])).toBe('FR');
    expect(homeCountry(undefined, ['ar', 'ar-LB'])).toBe('LB');
  });

  it('is unknown when neither says', () => {
    expect(regionOfLanguages(['en', 'fr', 'not a tag!'])).toBeUndefined();
    expect(regionOfLanguages(['es-419'])).toBeUndefined();
    expect(homeCountry('', [])).toBeUndefined();
  });
});
