/**
 * How the provider's words become the shop's: its region codes and labels become the spec's
 * ten region names, its bundle groups become the shop's four plan groups and tell an unlimited
 * bundle's fair-use rule. The one place to edit when the provider names something new.
 */
import { type PlanGroupName, type RegionName, regionNames } from '@tern/contract';

/** Region codes as eSIM Go writes them in bundle names, e.g. REUP in "esim_5GB_30D_REUP_V2". */
const regionByProviderCode = new Map<string, RegionName>([
  ['RCA', 'Caribbean'],
  ['RGB', 'Global'],
  ['RAS', 'Asia'],
  ['RNA', 'North America'],
  ['ROC', 'Oceania'],
  ['RAF', 'Africa'],
  ['RME', 'Middle East'],
  ['REUP', 'Europe+'],
  ['RBK', 'Balkans'],
  ['RLA', 'LATAM'],
]);

const regionByLowerName = new Map<string, RegionName>(
  regionNames.map((name) => [name.toLowerCase(), name]),
);

/**
 * The shop region a multi-country bundle is sold under: by the region code in its name, else
 * by a region name in its description ("eSIM, 1GB, 7 Days, Europe+, V2"); undefined if neither.
 */
export function regionOfBundle(bundle: {
  name: string;
  description: string;
}): RegionName | undefined {
  for (const part of bundle.name.toUpperCase().split('_')) {
    const region = regionByProviderCode.get(part);
    if (region) return region;
  }
  for (const part of bundle.description.split(',')) {
    const region = regionByLowerName.get(part.trim().toLowerCase());
    if (region) return region;
  }
  return undefined;
}

const groupByProviderGroup = new Map<string, PlanGroupName>([
  ['Standard Fixed', 'Standard Plans'],
  ['Standard Unlimited Essential', 'Daily Unlimited Plans'],
  ['Standard Unlimited Plus', 'Standard Unlimited Plans'],
]);

/** Any other provider group is a vendor's own listing, which the shop shows as Roaming Plans. */
const VENDOR_GROUP: PlanGroupName = 'Roaming Plans';

/** The provider group a bundle is filed under (its first known one), and the shop group shown. */
export function groupsOfBundle(groups: readonly string[]): {
  providerGroup: string;
  shopGroup: PlanGroupName;
} {
  for (const group of groups) {
    const shopGroup = groupByProviderGroup.get(group);
    if (shopGroup) return { providerGroup: group, shopGroup };
  }
  return { providerGroup: groups[0] ?? '', shopGroup: VENDOR_GROUP };
}

/** An unlimited bundle's daily full-speed allowance (MB, 1 GB = 1000) and the speed after it. */
export interface FairUseRule {
  dailyFullSpeedMb: number;
  reducedSpeedKbps: number;
}

/**
 * The catalogue carries no throttling fields: eSIM Go names the rule by the bundle's group.
 * "Standard Unlimited Lite: 1GB of unthrottled data every 24 hours, once this is depleted data
 * will be throttled to 512kbps"; Essential: 1GB, then 1.25mbps; Plus: 2GB, then 2mbps.
 * https://docs.esim-go.com/api/v2_5/operations/organisationgroups/get (decision 0015)
 */
const fairUseByProviderGroup = new Map<string, FairUseRule>([
  ['Standard Unlimited Lite', { dailyFullSpeedMb: 1000, reducedSpeedKbps: 512 }],
  ['Standard Unlimited Essential', { dailyFullSpeedMb: 1000, reducedSpeedKbps: 1250 }],
  ['Standard Unlimited Plus', { dailyFullSpeedMb: 2000, reducedSpeedKbps: 2000 }],
]);

/** The fair-use rule of an unlimited bundle in these groups; undefined when none is known. */
export function fairUseOfBundle(bundle: {
  unlimited: boolean;
  groups: readonly string[];
}): FairUseRule | undefined {
  if (!bundle.unlimited) return undefined;
  for (const group of bundle.groups) {
    const rule = fairUseByProviderGroup.get(group);
    if (rule) return rule;
  }
  return undefined;
}
