/**
 * Builds the simulated provider's full catalogue, shaped like eSIM Go v2.4 `GET /catalogue`
 * bundles: the countries as the reference documents them, each roaming country with the
 * networks the bundle uses there and their speeds, the bundle's speeds, and unlimited bundles
 * in the groups whose fair-use rule eSIM Go documents (decision 0015). Pure and deterministic:
 * every call returns an equal, freshly built array.
 */
import { countries, countryByIso } from './countries';
import { type RoamingNetwork, roamingNetworksFor } from './networks';
import type { UnitRates } from './prices';
import { countryRates, fixedPrice, regionRates, toCents, unlimitedPrice } from './prices';
import { homeRegionOf, regionByName, regions } from './regions';
import { hashString } from './seeded-random';

export const providerGroups = {
  fixed: 'Standard Fixed',
  unlimitedEssential: 'Standard Unlimited Essential',
  unlimitedPlus: 'Standard Unlimited Plus',
  partner: 'Tern Partner Bundles',
} as const;

export type ProviderGroup = (typeof providerGroups)[keyof typeof providerGroups];

export interface BundleCountry {
  name: string;
  region: string;
  iso: string;
}

/** A country the bundle roams in, and the networks it uses there. */
export interface RoamingEntry {
  country: BundleCountry;
  networks: RoamingNetwork[];
  /** Networks that may be added later; the simulator has none. */
  potentialNetworks: RoamingNetwork[];
}

export interface ProviderBundle {
  /** Unique, e.g. "esim_1GB_7D_FR_V2", "esim_UL_3D_FR_V2", "esim_5GB_30D_REUP_V2". */
  name: string;
  /** e.g. "eSIM, 1GB, 7 Days, France, V2". */
  description: string;
  groups: string[];
  countries: BundleCountry[];
  /** In MB (1 GB = 1000); -1 for unlimited bundles. */
  dataAmount: number;
  /** In days. */
  duration: number;
  /** Every speed its networks reach, slowest first: ["3G", "4G", "5G"]. */
  speed: string[];
  unlimited: boolean;
  autostart: boolean;
  /** The countries it roams in (here always its own countries), with their networks. */
  roamingEnabled: RoamingEntry[];
  /** The provider's price in USD, to the cent. */
  price: number;
  billingType: 'FixedCost';
}

interface FixedPlan {
  readonly gigabytes: number;
  readonly days: number;
}

export const fixedPlans: readonly FixedPlan[] = [
  { gigabytes: 1, days: 7 },
  { gigabytes: 3, days: 15 },
  { gigabytes: 5, days: 30 },
  { gigabytes: 10, days: 30 },
  { gigabytes: 20, days: 30 },
  { gigabytes: 50, days: 90 },
];

export const unlimitedDays: readonly number[] = [1, 3, 5, 7, 10, 15];

// Sizes no standard bundle has, so partner bundles never duplicate a standard one by accident.
const partnerPlans: readonly FixedPlan[] = [
  { gigabytes: 2, days: 10 },
  { gigabytes: 8, days: 21 },
  { gigabytes: 25, days: 60 },
];

const unlimitedPlusMarkup = 1.6;
// The partner deal is a little below the standard price curve.
const partnerDiscount = 0.95;

/** A country or a region that bundles are sold for. */
interface Destination {
  /** Alpha-2 code of a country, or the region code (REUP) that goes in bundle names. */
  readonly code: string;
  /** Country or region name as written in descriptions. */
  readonly label: string;
  readonly members: readonly string[];
  readonly rates: UnitRates;
  readonly hasUnlimitedPlus: boolean;
  readonly hasPartnerBundles: boolean;
}

const globalMembers = new Set(regionByName('Global')?.members ?? []);

// About one destination in eight, chosen by a hash so the pick never changes between runs.
function isPartnerDestination(code: string): boolean {
  return hashString(`partner:${code}`) % 8 === 0;
}

function destinations(): Destination[] {
  const single = countries.map<Destination>((country) => ({
    code: country.iso,
    label: country.name,
    members: [country.iso],
    rates: countryRates(country.iso),
    // Unlimited Plus is only offered where demand is high: the Global region's countries.
    hasUnlimitedPlus: globalMembers.has(country.iso),
    hasPartnerBundles: isPartnerDestination(country.iso),
  }));
  const multi = regions.map<Destination>((region) => ({
    code: region.code,
    label: region.name,
    members: region.members,
    rates: regionRates(region.name),
    hasUnlimitedPlus: true,
    hasPartnerBundles: isPartnerDestination(region.code),
  }));
  return [...single, ...multi];
}

function bundleCountry(iso: string): BundleCountry {
  return { name: countryByIso(iso)?.name ?? iso, region: homeRegionOf(iso) ?? '', iso };
}

function roamingEntry(iso: string): RoamingEntry {
  return { country: bundleCountry(iso), networks: roamingNetworksFor(iso), potentialNetworks: [] };
}

const speedOrder = ['2G', '3G', '4G', '5G'];

function speedsOf(entries: readonly RoamingEntry[]): string[] {
  const speeds = new Set(entries.flatMap((entry) => entry.networks.flatMap((n) => n.speeds)));
  return speedOrder.filter((speed) => speeds.has(speed));
}

function daysLabel(days: number): string {
  return days === 1 ? '1 Day' : `${days} Days`;
}

interface BundleSpec {
  readonly prefix: 'esim' | 'tern';
  /** "1GB", "UL" (Unlimited Essential) or "ULP" (Unlimited Plus), as in the bundle name. */
  readonly size: string;
  /** What the description says about the allowance: "1GB" or "Unlimited Essential". */
  readonly allowance: string;
  readonly group: ProviderGroup;
  readonly dataAmount: number;
  readonly days: number;
  readonly price: number;
  readonly version?: string;
}

function makeBundle(destination: Destination, spec: BundleSpec): ProviderBundle {
  const version = spec.version ?? 'V2';
  const unlimited = spec.dataAmount < 0;
  const roaming = destination.members.map(roamingEntry);
  return {
    name: `${spec.prefix}_${spec.size}_${spec.days}D_${destination.code}_${version}`,
    description: `eSIM, ${spec.allowance}, ${daysLabel(spec.days)}, ${destination.label}, ${version}`,
    groups: [spec.group],
    countries: destination.members.map(bundleCountry),
    dataAmount: spec.dataAmount,
    duration: spec.days,
    speed: speedsOf(roaming),
    unlimited,
    autostart: true,
    roamingEnabled: roaming,
    price: spec.price,
    billingType: 'FixedCost',
  };
}

function fixedSpecs(destination: Destination): BundleSpec[] {
  return fixedPlans.map(({ gigabytes, days }) => ({
    prefix: 'esim',
    size: `${gigabytes}GB`,
    allowance: `${gigabytes}GB`,
    group: providerGroups.fixed,
    dataAmount: gigabytes * 1000,
    days,
    price: fixedPrice(destination.rates.perGb, gigabytes),
  }));
}

function unlimitedSpecs(destination: Destination, plus: boolean): BundleSpec[] {
  const perDay = destination.rates.perDay * (plus ? unlimitedPlusMarkup : 1);
  return unlimitedDays.map((days) => ({
    prefix: 'esim',
    size: plus ? 'ULP' : 'UL',
    allowance: plus ? 'Unlimited Plus' : 'Unlimited Essential',
    group: plus ? providerGroups.unlimitedPlus : providerGroups.unlimitedEssential,
    dataAmount: -1,
    days,
    price: unlimitedPrice(perDay, days),
  }));
}

function partnerSpecs(destination: Destination): BundleSpec[] {
  return partnerPlans.map(({ gigabytes, days }) => ({
    prefix: 'tern',
    size: `${gigabytes}GB`,
    allowance: `${gigabytes}GB`,
    group: providerGroups.partner,
    dataAmount: gigabytes * 1000,
    days,
    price: fixedPrice(destination.rates.perGb * partnerDiscount, gigabytes),
  }));
}

function specsFor(destination: Destination): BundleSpec[] {
  return [
    ...fixedSpecs(destination),
    ...unlimitedSpecs(destination, false),
    ...(destination.hasUnlimitedPlus ? unlimitedSpecs(destination, true) : []),
    ...(destination.hasPartnerBundles ? partnerSpecs(destination) : []),
    ...duplicateSpecs(destination),
  ];
}

/**
 * Deliberate duplicates: the same destination, data, days and unlimited flag as a standard
 * bundle, under another name and price (a legacy V1 listing, or a partner re-listing), so the
 * shop's de-duplication has something to remove.
 */
interface DuplicateRule {
  readonly code: string;
  /** Name part of the standard bundle it copies: "5GB_30D" or "UL_7D". */
  readonly copies: string;
  readonly priceFactor: number;
  readonly as: 'legacy' | 'partner';
}

const duplicateRules: readonly DuplicateRule[] = [
  { code: 'FR', copies: '5GB_30D', priceFactor: 0.9, as: 'legacy' },
  { code: 'US', copies: '10GB_30D', priceFactor: 1.15, as: 'legacy' },
  { code: 'TR', copies: '1GB_7D', priceFactor: 0.85, as: 'partner' },
  { code: 'JP', copies: 'UL_7D', priceFactor: 1.2, as: 'legacy' },
  { code: 'GB', copies: '20GB_30D', priceFactor: 0.95, as: 'partner' },
  { code: 'REUP', copies: '3GB_15D', priceFactor: 1.1, as: 'legacy' },
  { code: 'DE', copies: 'UL_1D', priceFactor: 0.9, as: 'partner' },
  { code: 'AN', copies: '1GB_7D', priceFactor: 1.05, as: 'legacy' },
];

function duplicateSpecs(destination: Destination): BundleSpec[] {
  const rules = duplicateRules.filter((rule) => rule.code === destination.code);
  if (rules.length === 0) return [];
  const standard = [...fixedSpecs(destination), ...unlimitedSpecs(destination, false)];
  return rules.flatMap((rule) => {
    const original = standard.find((spec) => `${spec.size}_${spec.days}D` === rule.copies);
    if (!original) return [];
    const price = toCents(original.price * rule.priceFactor);
    return [
      rule.as === 'legacy'
        ? { ...original, price, version: 'V1' }
        : { ...original, price, prefix: 'tern' as const, group: providerGroups.partner },
    ];
  });
}

/** Names of the deliberate duplicates in the catalogue, for tests of the shop's de-duplication. */
export const duplicateBundleNames: readonly string[] = duplicateRules.map((rule) => {
  const prefix = rule.as === 'partner' ? 'tern' : 'esim';
  const version = rule.as === 'legacy' ? 'V1' : 'V2';
  const [size, days] = rule.copies.split('_');
  return `${prefix}_${size}_${days}_${rule.code}_${version}`;
});

/** The whole catalogue: every country and region, every group, in a stable order. */
export function generateCatalogue(): ProviderBundle[] {
  return destinations().flatMap((destination) =>
    specsFor(destination).map((spec) => makeBundle(destination, spec)),
  );
}
