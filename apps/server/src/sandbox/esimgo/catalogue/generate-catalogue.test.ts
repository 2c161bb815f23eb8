import { describe, expect, it } from 'vitest';
import { countries } from './countries';
import type { ProviderBundle } from './generate-catalogue';
import {
  duplicateBundleNames,
  fixedPlans,
  generateCatalogue,
  providerGroups,
  unlimitedDays,
} from './generate-catalogue';
import { homeRegionOf, regions } from './regions';

const catalogue = generateCatalogue();
const byName = new Map(catalogue.map((bundle) => [bundle.name, bundle]));

function bundle(name: string): ProviderBundle {
  const found = byName.get(name);
  if (!found) throw new Error(`No bundle named ${name}`);
  return found;
}

/** Destination code as written in a bundle name: "FR", "REUP". */
function destinationOf(item: ProviderBundle): string {
  return item.name.split('_').at(-2) ?? '';
}

function inGroup(group: string): ProviderBundle[] {
  return catalogue.filter((item) => item.groups.includes(group));
}

/** A group's current (V2) listings, without the legacy V1 duplicates. */
function currentIn(group: string): ProviderBundle[] {
  return inGroup(group).filter((item) => item.name.endsWith('_V2'));
}

// Map.groupBy only arrives in Node 21; the project runs on Node 20.
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

// What the shop de-duplicates on: destination, data, days and the unlimited flag.
function offerKey(item: ProviderBundle): string {
  const isos = item.countries.map((country) => country.iso).join(',');
  return `${isos}|${item.dataAmount}|${item.duration}|${item.unlimited}`;
}

describe('generateCatalogue', () => {
  it('returns the same catalogue on every call, freshly built', () => {
    const again = generateCatalogue();
    expect(again).toEqual(catalogue);
    expect(again).not.toBe(catalogue);
    expect(again[0]?.countries).not.toBe(catalogue[0]?.countries);
  });

  it('holds several thousand bundles with unique names', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(4000);
    expect(catalogue.length).toBeLessThanOrEqual(5500);
    expect(byName.size).toBe(catalogue.length);
  });

  it('sells every country, Netherlands Antilles included, and every region', () => {
    const destinations = new Set(catalogue.map(destinationOf));
    for (const country of countries) expect(destinations, country.iso).toContain(country.iso);
    for (const region of regions) expect(destinations, region.name).toContain(region.code);
    expect(bundle('esim_1GB_7D_AN_V2').countries).toEqual([
      { name: 'Netherlands Antilles', region: 'Caribbean', iso: 'AN' },
    ]);
  });

  it('gives each destination the six fixed bundles and six unlimited day passes', () => {
    const fixed = currentIn(providerGroups.fixed);
    const essential = currentIn(providerGroups.unlimitedEssential);
    const destinationCount = countries.length + regions.length;
    expect(fixed).toHaveLength(destinationCount * fixedPlans.length);
    expect(essential).toHaveLength(destinationCount * unlimitedDays.length);
    expect(inGroup(providerGroups.unlimitedPlus).length).toBeGreaterThan(0);
    expect(inGroup(providerGroups.partner).length).toBeGreaterThan(0);
  });

  it('uses only the provider groups, one per bundle', () => {
    const groups = new Set<string>(Object.values(providerGroups));
    for (const item of catalogue) {
      expect(item.groups).toHaveLength(1);
      expect(groups).toContain(item.groups[0]);
    }
  });

  it('shapes bundles like the eSIM Go v2.4 catalogue', () => {
    expect(bundle('esim_1GB_7D_FR_V2')).toMatchObject({
      description: 'eSIM, 1GB, 7 Days, France, V2',
      groups: ['Standard Fixed'],
      countries: [{ name: 'France', region: 'Europe', iso: 'FR' }],
      dataAmount: 1000,
      duration: 7,
      speed: ['3G', '4G', '5G'],
      unlimited: false,
      autostart: true,
      roamingEnabled: [
        {
          country: { name: 'France', region: 'Europe', iso: 'FR' },
          networks: [
            { name: 'Orange', speeds: ['3G', '4G', '5G'] },
            { name: 'SFR', speeds: ['3G', '4G', '5G'] },
            { name: 'Bouygues Telecom', speeds: ['3G', '4G'] },
          ],
          potentialNetworks: [],
        },
      ],
      billingType: 'FixedCost',
    });
    // No eSIM Go page or schema has an image URL for a bundle.
    expect(bundle('esim_1GB_7D_FR_V2')).not.toHaveProperty('imageUrl');
    expect(bundle('esim_UL_3D_FR_V2')).toMatchObject({
      description: 'eSIM, Unlimited Essential, 3 Days, France, V2',
      dataAmount: -1,
      duration: 3,
      unlimited: true,
    });
    expect(bundle('esim_5GB_30D_REUP_V2').description).toBe('eSIM, 5GB, 30 Days, Europe+, V2');
    expect(bundle('esim_50GB_90D_TR_V2').dataAmount).toBe(50_000);
  });

  it('lists every member country of a region bundle with its home region and networks', () => {
    for (const region of regions) {
      const item = bundle(`esim_1GB_7D_${region.code}_V2`);
      expect(item.countries.map((country) => country.iso)).toEqual(region.members);
      expect(item.roamingEnabled.map((entry) => entry.country)).toEqual(item.countries);
      for (const country of item.countries) expect(country.region).toBe(homeRegionOf(country.iso));
    }
  });

  it("names each bundle's speeds from the networks it uses, slowest first", () => {
    expect(bundle('esim_1GB_7D_TV_V2').speed).not.toContain('5G');
    for (const item of catalogue) {
      const speeds = new Set(
        item.roamingEnabled.flatMap((entry) => entry.networks.flatMap((network) => network.speeds)),
      );
      expect(new Set(item.speed), item.name).toEqual(speeds);
    }
  });

  it('files unlimited bundles in the groups whose fair-use rule eSIM Go documents', () => {
    const unlimited = catalogue.filter((item) => item.unlimited);
    expect(unlimited.length).toBeGreaterThan(0);
    for (const item of unlimited) {
      expect(
        [providerGroups.unlimitedEssential, providerGroups.unlimitedPlus, providerGroups.partner],
        item.name,
      ).toContain(item.groups[0]);
    }
  });

  it('prices in positive USD cents', () => {
    for (const item of catalogue) {
      expect(item.price, item.name).toBeGreaterThan(0);
      expect(Math.round(item.price * 100) / 100, item.name).toBe(item.price);
    }
  });
});

describe('catalogue prices', () => {
  it('fall per GB as fixed bundles of a destination grow', () => {
    const byDestination = groupBy(currentIn(providerGroups.fixed), destinationOf);
    for (const [code, items] of byDestination) {
      const perGb = [...items]
        .sort((a, b) => a.dataAmount - b.dataAmount)
        .map((item) => item.price / item.dataAmount);
      for (let index = 1; index < perGb.length; index += 1) {
        expect(perGb[index], code).toBeLessThan(perGb[index - 1] ?? Number.POSITIVE_INFINITY);
      }
    }
  });

  it('make a region dearer than each of its member countries for the same bundle', () => {
    const plans = [
      ...fixedPlans.map(({ gigabytes, days }) => `esim_${gigabytes}GB_${days}D`),
      ...unlimitedDays.map((days) => `esim_UL_${days}D`),
    ];
    for (const region of regions) {
      for (const plan of plans) {
        const regional = bundle(`${plan}_${region.code}_V2`).price;
        for (const iso of region.members) {
          expect(regional, `${plan} ${region.code} vs ${iso}`).toBeGreaterThan(
            bundle(`${plan}_${iso}_V2`).price,
          );
        }
      }
    }
  });

  it('make Global the dearest region and follow country cost levels', () => {
    const global = bundle('esim_10GB_30D_RGB_V2').price;
    for (const region of regions.filter((item) => item.name !== 'Global')) {
      expect(global, region.name).toBeGreaterThan(bundle(`esim_10GB_30D_${region.code}_V2`).price);
    }
    expect(bundle('esim_10GB_30D_TR_V2').price).toBeLessThan(bundle('esim_10GB_30D_KE_V2').price);
    expect(bundle('esim_10GB_30D_KE_V2').price).toBeLessThan(bundle('esim_10GB_30D_TV_V2').price);
  });

  it('charge more for Unlimited Plus than Essential', () => {
    for (const item of inGroup(providerGroups.unlimitedPlus)) {
      const essential = bundle(item.name.replace('esim_ULP_', 'esim_UL_'));
      expect(item.price, item.name).toBeGreaterThan(essential.price);
    }
  });
});

describe('duplicate bundles', () => {
  it('are in the catalogue, each repeating a standard offer at another price', () => {
    expect(duplicateBundleNames.length).toBeGreaterThanOrEqual(5);
    // Unlimited Plus passes share an Essential pass's key but are a different product, so the
    // originals are looked for among the fixed and Essential bundles only.
    const standard = [
      ...currentIn(providerGroups.fixed),
      ...currentIn(providerGroups.unlimitedEssential),
    ];
    for (const name of duplicateBundleNames) {
      const duplicate = bundle(name);
      const originals = standard.filter((item) => offerKey(item) === offerKey(duplicate));
      expect(originals, name).toHaveLength(1);
      expect(originals[0]?.price, name).not.toBe(duplicate.price);
    }
  });

  it('include both cheaper and dearer copies', () => {
    const cheaper = duplicateBundleNames.filter((name) => {
      const duplicate = bundle(name);
      const original = bundle(name.replace(/^tern_/, 'esim_').replace(/_V1$/, '_V2'));
      return duplicate.price < original.price;
    });
    expect(cheaper.length).toBeGreaterThan(0);
    expect(cheaper.length).toBeLessThan(duplicateBundleNames.length);
  });

  it('are the only fixed-data offers sold twice', () => {
    const fixedData = catalogue.filter((item) => !item.unlimited);
    const counts = groupBy(fixedData, offerKey);
    const repeated = [...counts.values()].filter((items) => items.length > 1);
    const names = repeated.flat().map((item) => item.name);
    const fixedDuplicates = duplicateBundleNames.filter((name) => !bundle(name).unlimited);
    for (const name of fixedDuplicates) expect(names).toContain(name);
    expect(repeated).toHaveLength(fixedDuplicates.length);
    expect(repeated.every((items) => items.length === 2)).toBe(true);
  });
});
