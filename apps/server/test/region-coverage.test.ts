import {
  type Country,
  type Region,
  type RegionCoverage,
  regionCoverageApiPath,
} from '@tern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncCatalogue } from '../src/modules/catalog/sync';
import { loadCatalogueIfEmpty } from '../src/modules/catalog/sync-runner';
import {
  generateCatalogue,
  type ProviderBundle,
} from '../src/sandbox/esimgo/catalogue/generate-catalogue';
import { regionByName } from '../src/sandbox/esimgo/catalogue/regions';
import { createTestApp, type TestApp } from './helpers/test-app';

let shop: TestApp;
const catalogue = generateCatalogue();
const url = regionCoverageApiPath.href();

beforeAll(async () => {
  shop = await createTestApp();
  await loadCatalogueIfEmpty(shop.app, () => {});
});
afterAll(async () => shop?.close());

async function getOk<T>(path: string): Promise<T> {
  const response = await shop.app.inject({ method: 'GET', url: path });
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  return response.json() as T;
}

const syncFrom = (bundles: readonly ProviderBundle[]) =>
  syncCatalogue(
    shop.database,
    { listCatalogue: async () => bundles },
    { markupPercent: 35, served: shop.app.catalog },
  );

const coverageOf = (answer: RegionCoverage[], region: string) =>
  answer.find((entry) => entry.region === region)?.countries;

describe('GET /api/catalogue/region-coverage', () => {
  it('lists every region on sale in display order, as the regions list does', async () => {
    const regions = await getOk<Region[]>('/api/country/regions/');
    const answer = await getOk<RegionCoverage[]>(url);
    expect(answer.map((entry) => entry.region)).toEqual(regions.map((region) => region.reg_name));
    // The same countries the regions list counts.
    expect(answer.map((entry) => entry.countries.length)).toEqual(
      regions.map((region) => region.coverage),
    );
  });

  it("names each region's countries by ISO code, sorted, as its plans cover them", async () => {
    const answer = await getOk<RegionCoverage[]>(url);
    for (const name of ['Europe+', 'Balkans', 'Middle East', 'Caribbean']) {
      expect(coverageOf(answer, name), name).toEqual(
        [...(regionByName(name)?.members ?? [])].sort(),
      );
    }
    expect(coverageOf(answer, 'Europe+')).toEqual(expect.arrayContaining(['FR', 'TR', 'AX']));
    expect(coverageOf(answer, 'Middle East')).toContain('TR');
  });

  it('sends a strong ETag and answers 304 when it is current', async () => {
    const first = await shop.app.inject({ method: 'GET', url });
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const again = await shop.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('follows a sync: a retired region goes, a country without its own plans stays covered', async () => {
    const before = await shop.app.inject({ method: 'GET', url });
    // The provider stops the North America bundles and the Vatican's own bundles.
    const shrunk = catalogue.filter(
      (bundle) => !/_RNA_V\d$/.test(bundle.name) && !/_VA_V\d$/.test(bundle.name),
    );
    try {
      await syncFrom(shrunk);
      const after = await shop.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(before.headers.etag) },
      });
      expect(after.statusCode).toBe(200);
      const answer = after.json() as RegionCoverage[];
      expect(answer.map((entry) => entry.region)).not.toContain('North America');
      const countries = await getOk<Country[]>('/api/country/');
      expect(countries.map((country) => country.cou_iso)).not.toContain('VA');
      expect(coverageOf(answer, 'Europe+')).toContain('VA');
    } finally {
      await syncFrom(catalogue);
    }
    const restored = await getOk<RegionCoverage[]>(url);
    expect(restored.map((entry) => entry.region)).toContain('North America');
  });

  it('is documented once in the API docs', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    expect(paths.filter((path) => path === regionCoverageApiPath.pattern)).toHaveLength(1);
  });
});
