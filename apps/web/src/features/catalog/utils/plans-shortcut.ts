// The /plans shortcut of the footer's Top Destinations: ?iso=FR or ?region=Europe+.
import type { Country } from '@tern/contract/catalog';
import { regionNames } from '@tern/contract/catalog-constants';
import type { PlanDestination } from '@tern/contract/plan-details-link';

export type PlansShortcut = { kind: 'country'; iso: string } | { kind: 'region'; name: string };

/** What the shortcut asks for, or undefined when it names nothing. */
export function parsePlansShortcut(params: URLSearchParams): PlansShortcut | undefined {
  const region = params.get('region');
  if (region !== null) return { kind: 'region', name: region };
  const iso = params.get('iso')?.trim();
  if (iso && /^[A-Za-z]{2}$/.test(iso)) return { kind: 'country', iso: iso.toUpperCase() };
  return undefined;
}

/**
 * The destination a shortcut opens, or undefined when it is unknown. Region names are
 * matched leniently: a hand-typed "?region=Europe+" arrives as "Europe " (a + in a query
 * is a space), and "Europe" is what the footer calls it.
 */
export function resolvePlansShortcut(
  shortcut: PlansShortcut,
  countries: readonly Country[],
): PlanDestination | undefined {
  if (shortcut.kind === 'country') {
    const country = countries.find((entry) => entry.cou_iso.toUpperCase() === shortcut.iso);
    return country ? { kind: 'country', iso: country.cou_iso, name: country.cou_name } : undefined;
  }
  const wanted = shortcut.name.trim().toLowerCase();
  const name = regionNames.find(
    (region) => region.toLowerCase() === wanted || region.toLowerCase() === `${wanted}+`,
  );
  return name ? { kind: 'region', name } : undefined;
}
