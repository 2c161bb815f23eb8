import { describe, expect, it } from 'vitest';
import { buildCatalogue, buildCatalogueInTurns, type SourceBundle } from './catalogue-builder';

const france = { name: 'France', region: 'Europe', iso: 'FR' };
const spain = { name: 'Spain', region: 'Europe', iso: 'ES' };

function bundle(overrides: Partial<SourceBundle> & { name: string }): SourceBundle {
  return {
    description: 'eSIM, 1GB, 7 Days, France, V2',
    groups: ['Standard Fixed'],
    countries: [france],
    dataAmount: 1000,
    duration: 7,
    unlimited: false,
    autostart: true,
    price: 4,
    imageUrl: '',
    ...overrides,
  };
}

const names = (plans: { name: string }[]) => plans.map((plan) => plan.name).sort();

describe('building the shop catalogue from provider bundles', () => {
  it('prices each plan with the markup, rounded up to .99', () => {
    const { plans } = buildCatalogue([bundle({ name: 'esim_1GB_7D_FR_V2', price: 4 })], 35);
    expect(plans[0]).toMatchObject({ providerPriceCents: 400, priceCents: 599 });
  });

  it('keeps only the cheapest of the same offer in the same destination and group', () => {
    const { plans, duplicates } = buildCatalogue(
      [
        bundle({ name: 'esim_5GB_30D_FR_V2', dataAmount: 5000, duration: 30, price: 10 }),
        bundle({ name: 'esim_5GB_30D_FR_V1', dataAmount: 5000, duration: 30, price: 9 }),
        bundle({
          name: 'esim_5GB_30D_ES_V2',
          dataAmount: 5000,
          duration: 30,
          price: 11,
          countries: [spain],
        }),
      ],
      35,
    );
    expect(names(plans)).toEqual(['esim_5GB_30D_ES_V2', 'esim_5GB_30D_FR_V1']);
    expect(duplicates).toEqual(['esim_5GB_30D_FR_V2']);
  });

  it('keeps Unlimited Plus beside a cheaper Unlimited Essential of the same days', () => {
    const unlimited = { dataAmount: -1, duration: 3, unlimited: true };
    const { plans } = buildCatalogue(
      [
        bundle({
          name: 'esim_UL_3D_FR_V2',
          ...unlimited,
          price: 8,
          groups: ['Standard Unlimited Essential'],
        }),
        bundle({
          name: 'esim_ULP_3D_FR_V2',
          ...unlimited,
          price: 13,
          groups: ['Standard Unlimited Plus'],
        }),
      ],
      35,
    );
    expect(plans.map((plan) => plan.group).sort()).toEqual([
      'Daily Unlimited Plans',
      'Standard Unlimited Plans',
    ]);
  });

  it('keeps a vendor re-listing apart from the standard bundle, as Roaming Plans', () => {
    const { plans } = buildCatalogue(
      [
        bundle({ name: 'esim_1GB_7D_FR_V2', price: 4 }),
        bundle({ name: 'tern_1GB_7D_FR_V2', price: 3, groups: ['Tern Partner Bundles'] }),
      ],
      35,
    );
    expect(plans.map((plan) => [plan.name, plan.group])).toEqual([
      ['esim_1GB_7D_FR_V2', 'Standard Plans'],
      ['tern_1GB_7D_FR_V2', 'Roaming Plans'],
    ]);
  });

  it('breaks a price tie by name, so every run keeps the same bundle', () => {
    const first = buildCatalogue(
      [bundle({ name: 'b_FR', price: 4 }), bundle({ name: 'a_FR', price: 4 })],
      35,
    );
    const second = buildCatalogue(
      [bundle({ name: 'a_FR', price: 4 }), bundle({ name: 'b_FR', price: 4 })],
      35,
    );
    expect(names(first.plans)).toEqual(['a_FR']);
    expect(names(second.plans)).toEqual(['a_FR']);
  });

  it('lists a multi-country bundle under the region its name or description gives', () => {
    const { plans } = buildCatalogue(
      [
        bundle({ name: 'esim_1GB_7D_REUP_V2', countries: [france, spain] }),
        bundle({
          name: 'esim_3GB_15D_XYZ_V2',
          description: 'eSIM, 3GB, 15 Days, Balkans, V2',
          countries: [france, spain],
        }),
      ],
      35,
    );
    expect(plans.map((plan) => plan.destination)).toEqual([
      { kind: 'region', name: 'Europe+' },
      { kind: 'region', name: 'Balkans' },
    ]);
    expect(plans[0]?.coverage).toEqual(['FR', 'ES']);
  });

  it('skips bundles it cannot place or whose numbers make no sense', () => {
    const { plans, skipped } = buildCatalogue(
      [
        bundle({ name: 'mystery', description: 'eSIM, somewhere', countries: [france, spain] }),
        bundle({ name: 'nowhere', countries: [] }),
        bundle({ name: 'bad-iso', countries: [{ name: 'X', region: '', iso: 'XYZ' }] }),
        bundle({ name: 'half-day', duration: 0.5 }),
        bundle({ name: 'fine' }),
      ],
      35,
    );
    expect(names(plans)).toEqual(['fine']);
    expect(skipped.map((entry) => entry.name)).toEqual([
      'mystery',
      'nowhere',
      'bad-iso',
      'half-day',
    ]);
  });

  it('collects every country named, with its home region, once', () => {
    const { countries } = buildCatalogue(
      [
        bundle({ name: 'esim_1GB_7D_FR_V2' }),
        bundle({ name: 'esim_1GB_7D_REUP_V2', countries: [{ ...france, iso: 'fr' }, spain] }),
      ],
      35,
    );
    expect(countries).toEqual([
      { iso: 'ES', name: 'Spain', homeRegion: 'Europe' },
      { iso: 'FR', name: 'France', homeRegion: 'Europe' },
    ]);
  });

  it('keeps the networks a plan uses in each country, by the brand a phone shows, each once', () => {
    const { plans } = buildCatalogue(
      [
        bundle({
          name: 'esim_1GB_7D_REUP_V2',
          countries: [
            {
              ...france,
              networks: [
                { name: 'Orange France', brandName: 'Orange', speeds: ['4G', '5G', '5G'] },
                { name: 'Orange', speeds: ['4G'] },
                { name: ' SFR ', brandName: null, speeds: null },
                { name: '', brandName: '' },
              ],
            },
            spain,
          ],
        }),
      ],
      35,
    );
    expect(plans[0]?.networksByIso).toEqual({
      FR: [
        { name: 'Orange France', brandName: 'Orange', speeds: ['4G', '5G'] },
        { name: 'SFR', speeds: [] },
      ],
      ES: [],
    });
  });

  it("keeps the bundle's speeds, and none when the provider says none", () => {
    const { plans } = buildCatalogue(
      [
        bundle({ name: 'esim_1GB_7D_FR_V2', speed: ['4G', '5G'] }),
        bundle({ name: 'esim_3GB_15D_FR_V2', dataAmount: 3000, duration: 15, speed: null }),
      ],
      35,
    );
    expect(plans.map((plan) => plan.speeds)).toEqual([['4G', '5G'], []]);
  });

  it('gives unlimited plans the fair-use rule eSIM Go documents for their group', () => {
    const unlimited = { dataAmount: -1, duration: 1, unlimited: true };
    const { plans } = buildCatalogue(
      [
        bundle({
          name: 'esim_UL_1D_FR_V2',
          ...unlimited,
          groups: ['Standard Unlimited Essential'],
        }),
        bundle({ name: 'esim_ULP_1D_FR_V2', ...unlimited, groups: ['Standard Unlimited Plus'] }),
        bundle({ name: 'esim_ULL_1D_FR_V2', ...unlimited, groups: ['Standard Unlimited Lite'] }),
        // Same shop group as Lite (a vendor listing): another length, so both are kept.
        bundle({
          name: 'tern_UL_3D_FR_V2',
          ...unlimited,
          duration: 3,
          groups: ['Tern Partner Bundles'],
        }),
        bundle({ name: 'esim_1GB_7D_FR_V2' }),
      ],
      35,
    );
    expect(Object.fromEntries(plans.map((plan) => [plan.name, plan.fairUse]))).toEqual({
      esim_UL_1D_FR_V2: { dailyFullSpeedMb: 1000, reducedSpeedKbps: 1250 },
      esim_ULP_1D_FR_V2: { dailyFullSpeedMb: 2000, reducedSpeedKbps: 2000 },
      esim_ULL_1D_FR_V2: { dailyFullSpeedMb: 1000, reducedSpeedKbps: 512 },
      // Another group's unlimited bundle: no rule is known, so none is claimed.
      tern_UL_3D_FR_V2: null,
      esim_1GB_7D_FR_V2: null,
    });
  });
});

describe('building the catalogue in a running shop', () => {
  it('makes the same catalogue as in one go', async () => {
    const bundles = Array.from({ length: 300 }, (_, index) =>
      bundle({ name: `b${index}`, duration: 1 + (index % 30), price: 1 + index / 100 }),
    );
    bundles.push(bundle({ name: 'nowhere', countries: [] }));
    expect(await buildCatalogueInTurns(bundles, 30)).toEqual(buildCatalogue(bundles, 30));
  });
});
