/**
 * Whether an eSIM's bundles work in the country its phone is in, and the plans that would:
 * the connection doctor's question when the phone is on a network abroad (issue 26). The
 * catalogue knows each plan's countries (its roaming list) by the provider's bundle name.
 */
import { countryNames, dialCountries, type Plan, type RoamingCountry } from '@tern/contract';

/** What the coverage reads of the catalogue snapshot (./service.ts `CatalogSnapshot`). */
export interface CoverageSource {
  countries: readonly { cou_iso: string; cou_name: string }[];
  countryIdByIso: ReadonlyMap<string, number>;
  plansByCountryId: ReadonlyMap<number, readonly Plan[]>;
  roamingByPlanId: ReadonlyMap<number, readonly RoamingCountry[]>;
  planIdByName: ReadonlyMap<string, number>;
}

export interface CountryCoverage {
  /** One of the bundles works in the country. */
  covered: boolean;
  /** ISO 3166-1 alpha-2, upper case, and the shop's English name. */
  country: { iso: string; name: string };
  /** The country's own plans, as its plan page lists them: what a top-up can add. */
  plans: Plan[];
}

/**
 * Undefined when none of the bundles is a plan on sale, or the code is no country: then
 * nothing can be said about the coverage, and nothing is claimed.
 */
export function countryCoverage(
  source: CoverageSource,
  bundleNames: readonly string[],
  countryCode: string,
): CountryCoverage | undefined {
  const iso = countryCode.trim().toUpperCase();
  const name = englishCountryName(source, iso);
  if (!name) return undefined;
  const coverages = bundleNames.flatMap((bundleName) => {
    const planId = source.planIdByName.get(bundleName);
    const roaming = planId === undefined ? undefined : source.roamingByPlanId.get(planId);
    return roaming ? [roaming] : [];
  });
  if (coverages.length === 0) return undefined;
  const countryId = source.countryIdByIso.get(iso);
  const plans = countryId === undefined ? undefined : source.plansByCountryId.get(countryId);
  return {
    covered: coverages.some((roaming) => roaming.some((country) => country.plr_iso === iso)),
    country: { iso, name },
    plans: [...(plans ?? [])],
  };
}

/** The catalogue's name, else the one the sign-in's country list uses; undefined: no country. */
function englishCountryName(source: CoverageSource, iso: string): string | undefined {
  if (!/^[A-Z]{2}$/.test(iso)) return undefined;
  return (
    source.countries.find((country) => country.cou_iso === iso)?.cou_name ??
    countryNames[iso] ??
    dialCountries.find((country) => country.iso2 === iso)?.name
  );
}
