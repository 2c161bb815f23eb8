import { describe, expect, it } from 'vitest';
import { DEFAULT_DIAL_COUNTRY, dialCountries, validateMobile } from './phone';

describe('the mobile number rule', () => {
  it.each([
    ['US', '2025550123', '+12025550123'],
    ['CA', '6135550123', '+16135550123'],
    ['IN', '9876543210', '+919876543210'],
    ['FR', '612345678', '+33612345678'],
    ['CN', '13812345678', '+8613812345678'],
  ])('accepts a mobile of the allowed length in %s', (country, number, international) => {
    expect(validateMobile(number, country)).toMatchObject({
      isValid: true,
      phoneNumber: international,
      countryIso2: country,
    });
  });

  it.each([
    ['US', '202555012'],
    ['IN', '98765432101'],
    ['FR', '6123456789'],
    ['CN', '1381234567'],
  ])('refuses a number of the wrong length in %s', (country, number) => {
    expect(validateMobile(number, country).isValid).toBe(false);
  });

  it('accepts a Lebanese mobile, written the way people write it', () => {
    expect(validateMobile('71 123 456', 'LB')).toEqual({
      isValid: true,
      phoneNumber: '+96171123456',
      countryIso2: 'LB',
      countryIso3: 'LBN',
      countryCode: '+961',
    });
    // A leading trunk zero is dropped when the country is given.
    expect(validateMobile('03 123 456', 'LB').phoneNumber).toBe('+9613123456');
  });

  it('refuses a Lebanese number that is not a mobile', () => {
    expect(validateMobile('01 123 456', 'LB').isValid).toBe(false);
  });

  it('finds the country from a leading plus when none is given', () => {
    expect(validateMobile('+961 71 123 456')).toMatchObject({ isValid: true, countryIso2: 'LB' });
    expect(validateMobile('+33 6 12 34 56 78')).toMatchObject({ isValid: true, countryIso2: 'FR' });
  });

  it('assumes US/Canada without a plus or a country', () => {
    expect(validateMobile('2025550123')).toMatchObject({ isValid: true, countryIso2: 'US' });
  });

  it('refuses junk', () => {
    for (const junk of ['', 'abc', '123', '+', '++961711234567890123']) {
      expect(validateMobile(junk, 'LB')).toEqual({
        isValid: false,
        phoneNumber: null,
        countryIso2: null,
        countryIso3: null,
        countryCode: null,
      });
    }
  });

  it('refuses any number for a country it does not know', () => {
    expect(validateMobile('71123456', 'ZZ').isValid).toBe(false);
    expect(validateMobile('2025550123', 'XX').isValid).toBe(false);
  });
});

describe('the dial-code list', () => {
  it('lists each country once with its codes, in name order', () => {
    const iso2s = dialCountries.map((country) => country.iso2);
    expect(new Set(iso2s).size).toBe(iso2s.length);
    expect(dialCountries.length).toBeGreaterThan(200);
    const names = dialCountries.map((country) => country.name);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
    for (const country of dialCountries) {
      expect(country.iso2).toMatch(/^[A-Z]{2}$/);
      expect(country.iso3).toMatch(/^[A-Z]{3}$/);
      expect(country.dialCode).toMatch(/^\+\d{1,4}$/);
    }
  });

  it('preselects Lebanon', () => {
    expect(dialCountries.find((country) => country.iso2 === DEFAULT_DIAL_COUNTRY)).toEqual({
      name: 'Lebanon',
      iso2: 'LB',
      iso3: 'LBN',
      dialCode: '+961',
    });
  });
});
