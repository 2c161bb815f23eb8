/**
 * The mobile field starts with the chosen country's calling code (+961 …); when the
 * country changes, the code in front is swapped and whatever the person typed after it stays.
 */
import { type DialCountry, dialCountries } from '@tern/contract';

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
