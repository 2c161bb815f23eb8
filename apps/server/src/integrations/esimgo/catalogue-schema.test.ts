import { describe, expect, it } from 'vitest';
import { catalogueBundleSchema } from './schemas';

const france = { name: 'France', region: 'Europe', iso: 'FR' };
const orange = { name: 'Orange France', brandName: 'Orange', speeds: ['4G', '5G'] };

function bundle(fields: Record<string, unknown>) {
  return {
    name: 'esim_1GB_7D_FR_V2',
    description: 'eSIM, 1GB, 7 Days, France, V2',
    groups: ['Standard Fixed'],
    dataAmount: 1000,
    duration: 7,
    autostart: true,
    unlimited: false,
    price: 1.6,
    billingType: 'FixedCost',
    ...fields,
  };
}

describe('a catalogue bundle as the eSIM Go client reads it', () => {
  it('reads the flat countries of the v2.4 reference, saying nothing of networks', () => {
    const read = catalogueBundleSchema.parse(bundle({ countries: [france], speed: ['4G'] }));
    expect(read.countries).toEqual([{ ...france, networks: undefined }]);
    expect(read.speed).toEqual(['4G']);
    expect(read.billingType).toBe('FixedCost');
  });

  it('reads the nested countries of live catalogues with their networks', () => {
    const read = catalogueBundleSchema.parse(
      bundle({
        countries: [{ country: france, networks: [orange], potentialNetworks: [] }],
        speed: null,
      }),
    );
    expect(read.countries).toEqual([{ ...france, networks: [orange] }]);
    expect(read.speed).toBeNull();
  });

  it("takes a country's networks from roamingEnabled when its countries entry has none", () => {
    const read = catalogueBundleSchema.parse(
      bundle({
        countries: [france],
        roamingEnabled: [{ country: france, networks: [orange], potentialNetworks: [] }],
      }),
    );
    expect(read.countries[0]?.networks).toEqual([orange]);
  });

  it('accepts a network with no brand name or speeds, and refuses one without a name', () => {
    const plain = catalogueBundleSchema.parse(
      bundle({ countries: [{ country: france, networks: [{ name: 'SFR' }] }] }),
    );
    expect(plain.countries[0]?.networks).toEqual([{ name: 'SFR' }]);
    const nameless = catalogueBundleSchema.safeParse(
      bundle({ countries: [{ country: france, networks: [{ speeds: ['4G'] }] }] }),
    );
    expect(nameless.success).toBe(false);
  });

  it('refuses a country without its ISO code in either form', () => {
    expect(
      catalogueBundleSchema.safeParse(bundle({ countries: [{ name: 'France' }] })).success,
    ).toBe(false);
    expect(
      catalogueBundleSchema.safeParse(bundle({ countries: [{ country: { name: 'France' } }] }))
        .success,
    ).toBe(false);
  });
});
