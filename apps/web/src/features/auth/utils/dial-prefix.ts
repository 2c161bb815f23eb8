/**
 * The mobile field starts with the chosen country's calling code (+961 …); when the
 * country changes, the code in front is swapped and whatever the person typed after it stays.
 */
import { type DialCountry, dialCountries, validateMobile } from '@tern/contract/phone';

export function dialCodeOf(iso2: string, countries: readonly DialCountry[] = dialCountries) {
  return countries.find((country) => country.iso2 === iso2)?.dialCode ?? '';
}

/** The calling codes the list knows, longest first, so +1 never shadows +1 268. */
const knownCodes = [...new Set(dialCountries.map((country) => country.dialCode.slice(1)))].sort(
  (a, b) => b.length - a.length,
);

/**
 * Puts `nextCode` (e.g. '+33') in front of `mobile`. A calling code already in front is
 * replaced: `previousCode` first, else the longest known code the digits start with.
 */
export function rewriteDialPrefix(mobile: string, previousCode: string, nextCode: string): string {
  const trimmed = mobile.trimStart();
  const match = /^\+(\d*)/.exec(trimmed);
  if (!match) return trimmed === '' ? `${nextCode} ` : `${nextCode} ${trimmed}`;
  const digits = match[1] ?? '';
  const previousDigits = previousCode.replace(/^\+/, '');
  const oldCode =
    previousDigits && digits.startsWith(previousDigits)
      ? previousDigits
      : (knownCodes.find((code) => digits.startsWith(code)) ?? digits);
  const rest = trimmed.slice(1 + oldCode.length).trimStart();
  return rest === '' ? `${nextCode} ` : `${nextCode} ${rest}`;
}

/** The one country of a calling code ('44' -> GB); none for a code several share (+1, +7). */
function onlyCountryOf(code: string): string | undefined {
  const sharing = dialCountries.filter((country) => country.dialCode === `+${code}`);
  return sharing.length === 1 ? sharing[0]?.iso2 : undefined;
}

/**
 * The country of a number typed with its own calling code (spec section 5: a leading plus
 * with no country is matched against calling codes), so '+44 7700 900123' typed while
 * Lebanon is chosen selects the United Kingdom. The chosen country stays while the number
 * fits it or its code is still being typed ('+96' for Lebanon); a code several countries
 * share (+1, +7) picks one only once the whole number says which.
 */
export function dialCountryOfNumber(mobile: string, chosenIso2: string): string {
  const typed = mobile.trim();
  if (!typed.startsWith('+') || validateMobile(typed, chosenIso2).isValid) return chosenIso2;
  const whole = validateMobile(typed);
  if (whole.isValid && whole.countryIso2 && dialCodeOf(whole.countryIso2)) {
    return whole.countryIso2;
  }
  const digits = typed.replace(/\D/g, '');
  const chosenCode = dialCodeOf(chosenIso2).slice(1);
  if (digits.startsWith(chosenCode) || chosenCode.startsWith(digits)) return chosenIso2;
  const code = knownCodes.find((known) => digits.startsWith(known));
  return (code && onlyCountryOf(code)) || chosenIso2;
}
