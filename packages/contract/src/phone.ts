/**
 * The spec's phone rule (section 5) and the dial-code list of the sign-in form, both from
 * the `phone` package's country data, so the web form and the server judge a mobile
 * number the same way.
 */
import { countryPhoneData, phone } from 'phone';

export interface MobileCheck {
  isValid: boolean;
  /** International form with the plus, e.g. +96171123456; null when not valid. */
  phoneNumber: string | null;
  countryIso2: string | null;
  countryIso3: string | null;
  /** Calling code with the plus, e.g. +961; null when not valid. */
  countryCode: string | null;
}

export interface DialCountry {
  name: string;
  iso2: string;
  iso3: string;
  /** Calling code with the plus, e.g. +961. */
  dialCode: string;
}

/** The sign-in form's country preselected in the dial-code dropdown (spec section 9). */
export const DEFAULT_DIAL_COUNTRY = 'LB';

/** Every country the phone rule knows, by name, for the dial-code dropdown. */
export const dialCountries: readonly DialCountry[] = countryPhoneData
  .map((country) => ({
    name: country.country_name,
    iso2: country.alpha2,
    iso3: country.alpha3,
    dialCode: `+${country.country_code}`,
  }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const knownIso2 = new Set(dialCountries.map((country) => country.iso2));

/**
 * Checks a mobile number: with a country, the digits are read as that country's number;
 * without one, a leading plus picks the country by calling code (no plus: US/Canada).
 * The number must have an allowed length and start with one of the country's mobile
 * prefixes. A country code the rule does not know makes the number invalid.
 */
export function validateMobile(number: string, countryIso2?: string): MobileCheck {
  const country = countryIso2?.trim().toUpperCase();
  if (country !== undefined && country !== '' && !knownIso2.has(country)) return invalidMobile();
  const result = phone(number, { country: country || undefined });
  return {
    isValid: result.isValid,
    phoneNumber: result.phoneNumber,
    countryIso2: result.countryIso2,
    countryIso3: result.countryIso3,
    countryCode: result.countryCode,
  };
}

function invalidMobile(): MobileCheck {
  return {
    isValid: false,
    phoneNumber: null,
    countryIso2: null,
    countryIso3: null,
    countryCode: null,
  };
}
