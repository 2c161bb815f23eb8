/**
 * Wholesale price model of the simulated provider, in USD. Each country gets a cost tier (cheap
 * roaming in Europe and Turkey, dear on remote islands), then sizes and days follow one curve so
 * that a bigger bundle always costs less per GB and a longer pass less per day.
 */
import type { RegionName } from '@tern/contract';
import type { HomeRegion } from './regions';
import { homeRegionOf, regions } from './regions';
import { seededBetween } from './seeded-random';

export type CostTier = 'budget' | 'low' | 'mid' | 'high' | 'premium';

/** What one unit costs in a tier: a 1 GB fixed bundle, and a 1-day unlimited pass. */
export interface UnitRates {
  readonly perGb: number;
  readonly perDay: number;
}

const tierRates: Readonly<Record<CostTier, UnitRates>> = {
  budget: { perGb: 1.2, perDay: 2.0 },
  low: { perGb: 1.9, perDay: 2.8 },
  mid: { perGb: 2.9, perDay: 3.9 },
  high: { perGb: 4.6, perDay: 5.8 },
  premium: { perGb: 7.5, perDay: 8.5 },
};

function codes(block: string): ReadonlySet<string> {
  return new Set(block.trim().split(/\s+/));
}

// Countries named here override the default of their home region below.
const tierOverrides: ReadonlyArray<readonly [CostTier, ReadonlySet<string>]> = [
  [
    'budget',
    codes(`
      TR FR DE IT ES PT NL BE LU AT DK SE FI NO EE LV LT PL CZ SK SI HR HU RO BG GR IE GB
    `),
  ],
  [
    'low',
    codes(`
      US AU NZ JP KR SG TH MY ID VN HK MO TW CN IN PK LK UZ KZ IL AE
      BR AR CL CO PE UY MA EG ZA
    `),
  ],
  [
    'mid',
    codes(`
      CA MX PH KH LA BD NP MN SA QA KW BH OM JO IQ TN DZ KE TZ UG NG GH RW ZM MU RE
      GE AM AZ KG TJ TM BN RU BY FO
    `),
  ],
  [
    'premium',
    codes(`
      KI NR TV TO WS SB VU FM MH PW CK NU TK WF PF NC PN NF AQ BV HM TF GS IO UM SH FK
      ER SS CF SO TD KM ST GQ GW KP YE SY AF CU
    `),
  ],
];

const defaultTiers: Readonly<Record<HomeRegion, CostTier>> = {
  Europe: 'low',
  Asia: 'mid',
  'Middle East': 'mid',
  'North America': 'mid',
  'Central America': 'mid',
  'South America': 'mid',
  Caribbean: 'high',
  Africa: 'high',
  Oceania: 'premium',
};

/** The cost tier of a country; unknown codes cost like a remote island. */
export function costTierOf(iso: string): CostTier {
  const code = iso.toUpperCase();
  const override = tierOverrides.find(([, members]) => members.has(code));
  if (override) return override[0];
  const home = homeRegionOf(code);
  return home ? defaultTiers[home] : 'premium';
}

/** A country's unit rates: its tier's, nudged by up to 8% either way so prices look individual. */
export function countryRates(iso: string): UnitRates {
  const base = tierRates[costTierOf(iso)];
  const nudge = seededBetween(`price:${iso.toUpperCase()}`, 0.92, 1.08);
  return { perGb: base.perGb * nudge, perDay: base.perDay * nudge };
}

/** Round to the cent, as the provider quotes prices. */
export function toCents(usd: number): number {
  return Math.round(usd * 100) / 100;
}

// A power curve gives the per-GB discount: 3 GB ≈ 79%, 10 GB ≈ 60%, 50 GB ≈ 42% of the 1 GB rate.
const sizeExponent = -0.22;
// Longer unlimited passes get a gentler discount: 7 days ≈ 75%, 15 days ≈ 67% of the daily rate.
const dayExponent = -0.15;

/** Price of a fixed bundle of `gigabytes` at a given 1 GB rate. */
export function fixedPrice(ratePerGb: number, gigabytes: number): number {
  return toCents(ratePerGb * gigabytes * gigabytes ** sizeExponent);
}

/** Price of an unlimited pass of `days` at a given 1-day rate. */
export function unlimitedPrice(ratePerDay: number, days: number): number {
  return toCents(ratePerDay * days * days ** dayExponent);
}

// A region costs more than its dearest member: one bundle must pay every network it roams on.
const regionPremium = 1.12;
// Global tops every other region, whatever their members cost.
const globalPremium = 1.1;

function dearestOf(rates: readonly UnitRates[]): UnitRates {
  return {
    perGb: Math.max(...rates.map((rate) => rate.perGb)),
    perDay: Math.max(...rates.map((rate) => rate.perDay)),
  };
}

function scaled(rates: UnitRates, factor: number): UnitRates {
  return { perGb: rates.perGb * factor, perDay: rates.perDay * factor };
}

function computeRegionRates(): ReadonlyMap<RegionName, UnitRates> {
  const result = new Map<RegionName, UnitRates>();
  for (const region of regions) {
    result.set(region.name, scaled(dearestOf(region.members.map(countryRates)), regionPremium));
  }
  // The values include Global's own member-based rate, so Global stays above its members too.
  result.set('Global', scaled(dearestOf([...result.values()]), globalPremium));
  return result;
}

const regionRateTable = computeRegionRates();

/** A region's unit rates: above each of its members', and Global's above every region's. */
export function regionRates(name: RegionName): UnitRates {
  const rates = regionRateTable.get(name);
  if (!rates) throw new RangeError(`Unknown region: ${name}`);
  return rates;
}
