// Every country in the world, so a search can tell a real country the shop does not sell
// from a typo: the sign-in form's dial-code list, with the shop's own names where that list
// is formal ("Korea, Republic of") or silent (the Vatican). Loaded only once a traveller
// searches (import()), since the dial-code data would double the landing's script; the
// Arabic and French aliases (Angleterre, دبي) come with it for the same reason.
import { countryNames } from '@tern/contract/destination-names';
import { dialCountries } from '@tern/contract/phone';
import { translatedCountryAliases } from '@tern/contract/translated-destination-aliases';

export interface WorldCountry {
  /** ISO 3166-1 alpha-2, upper case. */
  iso: string;
  /** The name the shop says: "South Korea". */
  name: string;
  /**
   * The dial-code list's name when it differs ("Korea, Republic of"), and the names Arabic
   * and French speakers type beyond CLDR's ("Angleterre", "دبي").
   */
  otherNames: string[];
}

function worldCountryList(): WorldCountry[] {
  const listed = new Set(dialCountries.map((country) => country.iso2));
  const fromDialList = dialCountries.map((country) => {
    const name = countryNames[country.iso2] ?? country.name;
    const dialName = name === country.name ? [] : [country.name];
    return {
      iso: country.iso2,
      name,
      otherNames: [...dialName, ...translatedAliases(country.iso2)],
    };
  });
  const missing = Object.entries(countryNames)
    .filter(([iso]) => !listed.has(iso))
    .map(([iso, name]) => ({ iso, name, otherNames: translatedAliases(iso) }));
  return [...fromDialList, ...missing];
}

function translatedAliases(iso: string): string[] {
  return [...(translatedCountryAliases[iso] ?? [])];
}

export const worldCountries: readonly WorldCountry[] = worldCountryList();
