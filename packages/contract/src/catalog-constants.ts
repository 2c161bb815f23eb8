/** Fixed catalogue facts of the spec (sections 3 and 9) that web and server both use. */

/** The spec's region names; the country list leaves these out. */
export const regionNames = [
  'Caribbean',
  'Global',
  'Asia',
  'North America',
  'Oceania',
  'Africa',
  'Middle East',
  'Europe+',
  'Balkans',
  'LATAM',
] as const;
export type RegionName = (typeof regionNames)[number];

/** Whether a name is one of the spec's regions, spelt exactly as the spec does. */
export function isRegionName(name: string): name is RegionName {
  return (regionNames as readonly string[]).includes(name);
}

/** Names the country list never shows: the regions, and a territory that no longer exists. */
export const excludedCountryNames: readonly string[] = [...regionNames, 'Netherlands Antilles'];

/** The shop's plan groups, in the spec's display order. */
export const planGroupOrder = [
  'Standard Plans',
  'Daily Unlimited Plans',
  'Roaming Plans',
  'Standard Unlimited Plans',
] as const;
export type PlanGroupName = (typeof planGroupOrder)[number];

/** The footer's Top Destinations, in the spec's order. */
export const topDestinations = [
  { label: 'Europe', kind: 'region', name: 'Europe+' },
  { label: 'France', kind: 'country', iso: 'FR' },
  { label: 'Turkey', kind: 'country', iso: 'TR' },
  { label: 'UAE', kind: 'country', iso: 'AE' },
  { label: 'Italy', kind: 'country', iso: 'IT' },
  { label: 'Spain', kind: 'country', iso: 'ES' },
] as const;
export type TopDestination = (typeof topDestinations)[number];
