import { brotliDecompressSync } from 'node:zlib';
import {
  type Country,
  catalogErrorMessages,
  excludedCountryNames,
  lowestPrice,
  type Plan,
  planGroupOrder,
  type Region,
  type RoamingCountry,
  regionNames,
} from '@tern/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { catalogSyncs, countries, plans } from '../src/db/schema';
import { EsimGoError } from '../src/integrations/esimgo/client';
import { catalogueBundleSchema } from '../src/integrations/esimgo/schemas';
import { shopPriceCents, toCents } from '../src/modules/catalog/markup';
import { catalogueVersion } from '../src/modules/catalog/repository';
import { createCatalogService } from '../src/modules/catalog/service';
import { type BundleSource, type SyncReport, syncCatalogue } from '../src/modules/catalog/sync';
import { loadCatalogueIfEmpty, syncAppCatalogue } from '../src/modules/catalog/sync-runner';
import {
  duplicateBundleNames,
  generateCatalogue,
  type ProviderBundle,
} from '../src/sandbox/esimgo/catalogue/generate-catalogue';
import { regionByName } from '../src/sandbox/esimgo/catalogue/regions';
import { clearFault, setBalance, setFault } from '../src/sandbox/esimgo/control-client';
import { createTestApp, type TestApp } from './helpers/test-app';

let shop: TestApp;
let firstSync: SyncReport;
const catalogue = generateCatalogue();
const MARKUP = 35;

const printed: string[] = [];

beforeAll(async () => {
  shop = await createTestApp();
  // As on a first start: the eSIM Go client reads the app's own simulator over HTTP.
  const report = await loadCatalogueIfEmpty(shop.app, (line) => printed.push(line));
  if (!report) throw new Error('The first sync did not run');
  firstSync = report;
});
afterAll(async () => shop?.close());

async function get<T>(url: string, headers: Record<string, string> = {}) {
  const response = await shop.app.inject({ method: 'GET', url, headers });
  return { response, body: response.statusCode === 200 ? (response.json() as T) : undefined };
}

async function getOk<T>(url: string): Promise<T> {
  const { response, body } = await get<T>(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return body as T;
}

// Read the way the eSIM Go client reads the provider's answer (networks come from roamingEnabled).
const source = (bundles: readonly ProviderBundle[]): BundleSource => ({
  listCatalogue: async () => bundles.map((bundle) => catalogueBundleSchema.parse(bundle)),
});
const syncFrom = (bundles: readonly ProviderBundle[]) =>
  syncCatalogue(shop.database, source(bundles), {
    markupPercent: MARKUP,
    served: shop.app.catalog,
  });

async function countryId(iso: string): Promise<number> {
  const list = await getOk<Country[]>('/api/country/');
  const found = list.find((country) => country.cou_iso === iso);
  if (!found) throw new Error(`No country ${iso}`);
  return found.cou_id;
}

function bundleNamed(name: string): ProviderBundle {
  const found = catalogue.find((item) => item.name === name);
  if (!found) throw new Error(`No bundle ${name}`);
  return found;
}

describe('catalogue sync', () => {
  it('loads an empty catalogue on first start, saying how far it got', async () => {
    expect(printed).toEqual([
      `Loading the catalogue… ${catalogue.length} bundles`,
      expect.stringMatching(
        new RegExp(`^Catalogue ready: ${firstSync.plans} plans in \\d+ countries and 10 regions`),
      ),
    ]);
    // Not again once there is a catalogue.
    expect(await loadCatalogueIfEmpty(shop.app, (line) => printed.push(line))).toBeUndefined();
    expect(printed).toHaveLength(2);
  });

  it('loads the whole simulator catalogue, leaving out same-group duplicates', () => {
    expect(firstSync.bundles).toBe(catalogue.length);
    expect(firstSync.inserted).toBe(firstSync.plans);
    expect(firstSync.plans + firstSync.duplicates).toBe(catalogue.length);
    expect(firstSync.skipped).toEqual([]);
    expect(firstSync.regions).toBe(regionNames.length);
  });

  it('changes nothing when run again on the same catalogue', async () => {
    const [before] = await shop.database.db
      .select({ updatedAt: plans.updatedAt })
      .from(plans)
      .where(eq(plans.name, 'esim_1GB_7D_FR_V2'));
    const answerBefore = await shop.app.catalog.countries();
    const versionBefore = await catalogueVersion(shop.database.db);
    const again = await syncAppCatalogue(shop.app);
    expect(again).toMatchObject({
      inserted: 0,
      updated: 0,
      retired: 0,
      unchanged: firstSync.plans,
    });
    const [after] = await shop.database.db
      .select({ updatedAt: plans.updatedAt })
      .from(plans)
      .where(eq(plans.name, 'esim_1GB_7D_FR_V2'));
    expect(after?.updatedAt).toEqual(before?.updatedAt);
    // Recorded, but not a new version: no instance reloads answers that would come out the same.
    const [recorded] = await shop.database.db
      .select({ changed: catalogSyncs.changed })
      .from(catalogSyncs)
      .orderBy(desc(catalogSyncs.id))
      .limit(1);
    expect(recorded?.changed).toBe(false);
    expect(await catalogueVersion(shop.database.db)).toBe(versionBefore);
    expect(await shop.app.catalog.countries()).toBe(answerBefore);
  });

  it('stops with one clear line when eSIM Go prices in another currency, changing nothing', async () => {
    const versionBefore = await catalogueVersion(shop.database.db);
    await setBalance(shop.url, { currency: 'EUR' });
    try {
      await expect(syncAppCatalogue(shop.app)).rejects.toThrow(
        /prices this account's catalogue in EUR and the shop sells in USD; nothing was changed/,
      );
    } finally {
      await setBalance(shop.url, { currency: 'USD' });
    }
    expect(await catalogueVersion(shop.database.db)).toBe(versionBefore);
    expect((await syncAppCatalogue(shop.app)).unchanged).toBe(firstSync.plans);
  });
});

describe('GET /api/country/', () => {
  it('lists countries by name, without regions or Netherlands Antilles', async () => {
    const list = await getOk<Country[]>('/api/country/');
    const names = list.map((country) => country.cou_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    for (const excluded of excludedCountryNames) expect(names).not.toContain(excluded);
    expect(list.length).toBeGreaterThan(200);
    expect(list.find((country) => country.cou_iso === 'FR')).toMatchObject({
      cou_name: 'France',
      cou_region: 'Europe',
      cou_favorit: true,
    });
    expect(list.find((country) => country.cou_iso === 'AE')?.cou_region).toBe('Middle East');
    expect(list.find((country) => country.cou_iso === 'BO')?.cou_favorit).toBe(false);
  });

  it('answers the same without the trailing slash', async () => {
    const withSlash = await shop.app.inject({ method: 'GET', url: '/api/country/' });
    const without = await shop.app.inject({ method: 'GET', url: '/api/country' });
    expect(without.statusCode).toBe(200);
    expect(without.body).toBe(withSlash.body);
  });
});

describe('GET /api/country/favorit/', () => {
  it('lists the configured favourites, footer destinations first among them', async () => {
    const list = await getOk<Country[]>('/api/country/favorit/');
    const isos = list.map((country) => country.cou_iso);
    expect(list.every((country) => country.cou_favorit)).toBe(true);
    expect(isos).toEqual(expect.arrayContaining(['FR', 'TR', 'AE', 'IT', 'ES', 'US', 'JP']));
    expect(new Set(isos)).toEqual(new Set(loadConfig({}).catalog.favourites));
  });
});

describe('GET /api/country/regions/', () => {
  it('lists the ten regions in the spec order, with how many countries they cover', async () => {
    const list = await getOk<Region[]>('/api/country/regions/');
    expect(list.map((region) => region.reg_name)).toEqual([...regionNames]);
    const europe = list.find((region) => region.reg_name === 'Europe+');
    expect(europe?.coverage).toBe(regionByName('Europe+')?.members.length);
  });
});

describe('GET /api/country/global/', () => {
  it('lists the plans of the Global region', async () => {
    const list = await getOk<Plan[]>('/api/country/global/');
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((plan) => plan.plc_name === 'Global' && plan.plc_iso === 'Global')).toBe(
      true,
    );
    expect(list[0]?.coverage).toBe(regionByName('Global')?.members.length);
  });
});

describe('plans of a country', () => {
  it('are the same by country id and by ISO code, in any letter case', async () => {
    const id = await countryId('FR');
    const byId = await shop.app.inject({ method: 'GET', url: `/api/country/bundle/${id}` });
    const byIso = await shop.app.inject({ method: 'GET', url: '/api/plan/country/FR' });
    const lower = await shop.app.inject({ method: 'GET', url: '/api/plan/country/fr' });
    expect(byId.statusCode).toBe(200);
    expect(byIso.body).toBe(byId.body);
    expect(lower.body).toBe(byId.body);
  });

  it('come in group display order, cheapest first within a group', async () => {
    const list = await getOk<Plan[]>('/api/plan/country/FR');
    const order = (plan: Plan) => planGroupOrder.indexOf(plan.plg_name as never);
    for (const [index, plan] of list.entries()) {
      const next = list[index + 1];
      if (!next) break;
      expect(order(plan)).toBeLessThanOrEqual(order(next));
      if (order(plan) === order(next)) expect(plan.pla_price).toBeLessThanOrEqual(next.pla_price);
    }
    expect(new Set(list.map((plan) => plan.plg_name))).toEqual(
      new Set(['Standard Plans', 'Daily Unlimited Plans', 'Standard Unlimited Plans']),
    );
    expect(list[0]).toMatchObject({
      plc_iso: 'FR',
      plc_name: 'France',
      plc_region: 'Europe',
      coverage: 1,
    });
  });

  it("price France's plans at the provider price plus markup, rounded up to .99", async () => {
    const list = await getOk<Plan[]>('/api/plan/country/FR');
    for (const plan of list) {
      const provider = toCents(bundleNamed(plan.pla_name).price);
      expect(toCents(plan.pla_price)).toBe(shopPriceCents(provider, MARKUP));
      expect(toCents(plan.pla_price) % 100).toBe(99);
      expect(toCents(plan.pla_price)).toBeGreaterThanOrEqual(provider);
    }
  });

  it("start France's prices from its cheapest bundle", async () => {
    const list = await getOk<Plan[]>('/api/plan/country/FR');
    const cheapestBundle = Math.min(
      ...catalogue.filter((item) => item.name.includes('_FR_')).map((item) => toCents(item.price)),
    );
    expect(lowestPrice(list.map((plan) => plan.pla_price))).toBe(
      shopPriceCents(cheapestBundle, MARKUP) / 100,
    );
  });

  it('keep the cheaper of two bundles offering the same, and only that one', async () => {
    const france = (await getOk<Plan[]>('/api/plan/country/FR')).map((plan) => plan.pla_name);
    // The legacy V1 listing is 10% cheaper than V2 in France…
    expect(france).toContain('esim_5GB_30D_FR_V1');
    expect(france).not.toContain('esim_5GB_30D_FR_V2');
    // …and 15% dearer in the United States.
    const us = (await getOk<Plan[]>('/api/plan/country/US')).map((plan) => plan.pla_name);
    expect(us).toContain('esim_10GB_30D_US_V2');
    expect(us).not.toContain('esim_10GB_30D_US_V1');
    // A partner re-listing is another group (Roaming Plans), so both stay in Turkey.
    const turkey = (await getOk<Plan[]>('/api/plan/country/TR')).map((plan) => plan.pla_name);
    expect(turkey).toEqual(expect.arrayContaining(['esim_1GB_7D_TR_V2', 'tern_1GB_7D_TR_V2']));
    expect(duplicateBundleNames).toContain('tern_1GB_7D_TR_V2');
  });

  it('name each plan in the shop words, keeping the provider description for the provider', async () => {
    const list = await getOk<Plan[]>('/api/plan/country/FR');
    expect(list.find((plan) => plan.pla_name === 'esim_1GB_7D_FR_V2')).toMatchObject({
      pla_title: '1 GB · 7 days',
      pla_description: 'eSIM, 1GB, 7 Days, France, V2',
    });
    expect(list.find((plan) => plan.pla_name === 'esim_UL_1D_FR_V2')?.pla_title).toBe(
      'Unlimited · 1 day',
    );
    // Within a group, no two cards read the same.
    for (const group of new Set(list.map((plan) => plan.plg_name))) {
      const titles = list.filter((plan) => plan.plg_name === group).map((plan) => plan.pla_title);
      expect(new Set(titles).size, group).toBe(titles.length);
    }
  });

  it("tell the networks and speeds the provider lists for France, and each unlimited plan's fair use", async () => {
    const list = await getOk<Plan[]>('/api/plan/country/FR');
    for (const plan of list) {
      expect(
        plan.pla_networks.map((network) => network.name),
        plan.pla_name,
      ).toEqual(['Orange', 'SFR', 'Bouygues Telecom']);
      expect(plan.pla_speeds, plan.pla_name).toEqual(['3G', '4G', '5G']);
      expect(plan.pla_autostart).toBe(true);
    }
    const fairUse = (name: string) => list.find((plan) => plan.pla_name === name)?.pla_fair_use;
    expect(fairUse('esim_UL_3D_FR_V2')).toEqual({
      daily_full_speed_mb: 1000,
      reduced_speed_kbps: 1250,
    });
    expect(fairUse('esim_ULP_3D_FR_V2')).toEqual({
      daily_full_speed_mb: 2000,
      reduced_speed_kbps: 2000,
    });
    expect(fairUse('esim_1GB_7D_FR_V2')).toBeNull();
  });

  it('give brand names, as a phone shows them, where the operator is called otherwise', async () => {
    const [plan] = await getOk<Plan[]>('/api/plan/country/US');
    expect(plan?.pla_networks.map((network) => network.name)).toEqual([
      'AT&T',
      'T-Mobile',
      'Verizon',
    ]);
  });

  it('keep Unlimited Plus beside Unlimited Essential of the same days', async () => {
    const list = await getOk<Plan[]>('/api/plan/country/FR');
    const threeDays = list.filter((plan) => plan.pla_unlimited && plan.pla_duration === 3);
    expect(threeDays.map((plan) => plan.plg_name).sort()).toEqual([
      'Daily Unlimited Plans',
      'Standard Unlimited Plans',
    ]);
  });
});

describe('plans of a region', () => {
  it('are the same by region id and by URL-encoded name', async () => {
    const regions = await getOk<Region[]>('/api/country/regions/');
    const europe = regions.find((region) => region.reg_name === 'Europe+');
    const byId = await shop.app.inject({
      method: 'GET',
      url: `/api/country/bundle/region/${europe?.reg_id}`,
    });
    const byName = await shop.app.inject({ method: 'GET', url: '/api/plan/region/Europe%2B' });
    expect(byId.statusCode).toBe(200);
    expect(byName.body).toBe(byId.body);
    const list = byName.json() as Plan[];
    expect(list.every((plan) => plan.plc_region === 'Europe+')).toBe(true);
    // The networks of a regional plan are listed per country by its coverage answer.
    expect(list.every((plan) => plan.pla_networks.length === 0)).toBe(true);
    expect(list[0]?.pla_speeds).toContain('5G');
    const northAmerica = await getOk<Plan[]>('/api/plan/region/North%20America');
    expect(northAmerica[0]?.coverage).toBe(3);
  });
});

describe('GET /api/plan/country/roaming/:id', () => {
  it("lists a Europe+ plan's countries by name", async () => {
    const [plan] = await getOk<Plan[]>('/api/plan/region/Europe%2B');
    const list = await getOk<RoamingCountry[]>(`/api/plan/country/roaming/${plan?.pla_id}`);
    const members = regionByName('Europe+')?.members ?? [];
    expect(list).toHaveLength(members.length);
    expect(list.map((country) => country.plr_iso).sort()).toEqual([...members].sort());
    expect(list).toContainEqual({
      plr_iso: 'FR',
      plr_name: 'France',
      plr_networks: [
        { name: 'Orange', speeds: ['3G', '4G', '5G'] },
        { name: 'SFR', speeds: ['3G', '4G', '5G'] },
        { name: 'Bouygues Telecom', speeds: ['3G', '4G'] },
      ],
    });
    const names = list.map((country) => country.plr_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('GET /api/plan/groups', () => {
  it('names the plan groups in display order', async () => {
    expect(await getOk<string[]>('/api/plan/groups')).toEqual([...planGroupOrder]);
  });
});

describe('bad parameters', () => {
  it.each([
    ['/api/country/bundle/abc', 400, undefined],
    ['/api/country/bundle/-3', 400, undefined],
    ['/api/country/bundle/1.5', 400, undefined],
    ['/api/country/bundle/999999', 404, catalogErrorMessages.countryNotFound],
    ['/api/country/bundle/region/abc', 400, undefined],
    ['/api/country/bundle/region/999999', 404, catalogErrorMessages.regionNotFound],
    ['/api/plan/country/ZZ', 404, catalogErrorMessages.countryNotFound],
    ['/api/plan/country/AN', 404, catalogErrorMessages.countryNotFound],
    ['/api/plan/country/FRA', 400, undefined],
    ['/api/plan/country/1%27', 400, undefined],
    ['/api/plan/region/Atlantis', 404, catalogErrorMessages.regionNotFound],
    ['/api/plan/region/%3Cscript%3E', 404, catalogErrorMessages.regionNotFound],
    [`/api/plan/region/${'x'.repeat(80)}`, 400, undefined],
    [`/api/plan/region/${'x'.repeat(200)}`, 414, undefined],
    ['/api/plan/region/%E0%A4%A', 400, undefined],
    ['/api/plan/country/roaming/abc', 400, undefined],
    ['/api/plan/country/roaming/99999999', 404, catalogErrorMessages.planNotFound],
  ])('%s answers %i, never 500', async (url, status, message) => {
    const response = await shop.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    const body = response.json() as { message: string };
    if (message) expect(body.message).toBe(message);
    else expect(body.message.length).toBeGreaterThan(0);
  });
});

describe('HTTP caching', () => {
  it('sends a strong ETag and a five-minute public lifetime', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/plan/country/FR' });
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers 304 without a body when If-None-Match holds the current ETag', async () => {
    const first = await shop.app.inject({ method: 'GET', url: '/api/country/' });
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"stale", ${etag}`]) {
      const again = await shop.app.inject({
        method: 'GET',
        url: '/api/country/',
        headers: { 'if-none-match': ifNoneMatch },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    const stale = await shop.app.inject({
      method: 'GET',
      url: '/api/country/',
      headers: { 'if-none-match': '"stale"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('sends a compressed copy to a browser that takes brotli, with its own ETag', async () => {
    const plain = await shop.app.inject({ method: 'GET', url: '/api/country/' });
    const compressed = await shop.app.inject({
      method: 'GET',
      url: '/api/country/',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(compressed.headers.etag).not.toBe(plain.headers.etag);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
  });
});

describe('OpenAPI', () => {
  it('documents each catalogue path once, as the spec writes it', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/country/',
        '/api/country/regions/',
        '/api/country/global/',
        '/api/country/favorit/',
        '/api/country/bundle/{id}',
        '/api/country/bundle/region/{id}',
        '/api/plan/country/{iso}',
        '/api/plan/region/{region}',
        '/api/plan/country/roaming/{id}',
        '/api/plan/groups',
      ]),
    );
    expect(paths).not.toContain('/api/country');
  });
});

describe('catalogue changes', () => {
  const retiredName = 'esim_1GB_7D_FR_V2';

  it('retires a bundle the provider stops offering, keeping its row, and brings it back', async () => {
    const before = await getOk<Plan[]>('/api/plan/country/FR');
    const old = before.find((plan) => plan.pla_name === retiredName);
    expect(old).toBeDefined();

    const shrunk = await syncFrom(catalogue.filter((item) => item.name !== retiredName));
    expect(shrunk).toMatchObject({ inserted: 0, updated: 0, retired: 1 });
    const [row] = await shop.database.db
      .select({ id: plans.id, retiredAt: plans.retiredAt })
      .from(plans)
      .where(eq(plans.name, retiredName));
    expect(row?.id).toBe(old?.pla_id);
    expect(row?.retiredAt).toBeInstanceOf(Date);
    // The API's cache was dropped by the sync: the plan is gone from the lists at once.
    const during = await getOk<Plan[]>('/api/plan/country/FR');
    expect(during.map((plan) => plan.pla_name)).not.toContain(retiredName);
    const roaming = await shop.app.inject({
      method: 'GET',
      url: `/api/plan/country/roaming/${old?.pla_id}`,
    });
    expect(roaming.statusCode).toBe(404);

    const restored = await syncFrom(catalogue);
    expect(restored).toMatchObject({ inserted: 0, updated: 1, retired: 0 });
    const after = await getOk<Plan[]>('/api/plan/country/FR');
    expect(after.find((plan) => plan.pla_name === retiredName)?.pla_id).toBe(old?.pla_id);
  });

  it('writes a new price and counts it as an update', async () => {
    const dearer = catalogue.map((item) =>
      item.name === retiredName ? { ...item, price: item.price + 1 } : item,
    );
    const versionBefore = await catalogueVersion(shop.database.db);
    expect(await syncFrom(dearer)).toMatchObject({ updated: 1, inserted: 0, retired: 0 });
    expect(await catalogueVersion(shop.database.db)).toBeGreaterThan(versionBefore ?? 0);
    const plan = (await getOk<Plan[]>('/api/plan/country/FR')).find(
      (p) => p.pla_name === retiredName,
    );
    expect(toCents(plan?.pla_price ?? 0)).toBe(
      shopPriceCents(toCents(bundleNamed(retiredName).price + 1), MARKUP),
    );
    expect(await syncFrom(catalogue)).toMatchObject({ updated: 1 });
  });

  it("writes a network the provider adds or drops, and a bundle's new speeds, as updates", async () => {
    const changed = catalogue.map((item) =>
      item.name === retiredName
        ? {
            ...item,
            speed: ['4G'],
            roamingEnabled: item.roamingEnabled.map((entry) => ({
              ...entry,
              networks: [{ name: 'Free Mobile', brandName: 'Free', speeds: ['4G'] }],
            })),
          }
        : item,
    );
    expect(await syncFrom(changed)).toMatchObject({ updated: 1, inserted: 0, retired: 0 });
    const plan = (await getOk<Plan[]>('/api/plan/country/FR')).find(
      (p) => p.pla_name === retiredName,
    );
    expect(plan).toMatchObject({
      pla_speeds: ['4G'],
      pla_networks: [{ name: 'Free', speeds: ['4G'] }],
    });
    const roaming = await getOk<RoamingCountry[]>(`/api/plan/country/roaming/${plan?.pla_id}`);
    expect(roaming).toEqual([
      { plr_iso: 'FR', plr_name: 'France', plr_networks: [{ name: 'Free', speeds: ['4G'] }] },
    ]);
    expect(await syncFrom(catalogue)).toMatchObject({ updated: 1 });
    expect(await syncFrom(catalogue)).toMatchObject({ updated: 0, unchanged: firstSync.plans });
  });

  it('leaves the previous catalogue whole when the write fails halfway', async () => {
    const syncsBefore = await shop.database.db.select({ id: catalogSyncs.id }).from(catalogSyncs);
    const listBefore = await shop.app.inject({ method: 'GET', url: '/api/plan/country/FR' });
    const newcomer: ProviderBundle = {
      ...bundleNamed(retiredName),
      name: 'esim_1GB_7D_XQ_V2',
      countries: [{ name: 'Testland', region: 'Europe', iso: 'XQ' }],
    };
    // Too dear for the price column: the database refuses it while writing the plans,
    // after the new country has been written in the same transaction.
    const overflowing: ProviderBundle = {
      ...newcomer,
      name: 'esim_2GB_7D_XQ_V2',
      dataAmount: 2000,
      price: 50_000_000,
    };
    const withoutFrance = catalogue.filter((item) => !item.name.includes('_FR_'));
    await expect(syncFrom([...withoutFrance, newcomer, overflowing])).rejects.toThrow();

    const testland = await shop.database.db
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.iso, 'XQ'));
    expect(testland).toEqual([]);
    const [{ retired } = { retired: -1 }] = await shop.database.db
      .select({ retired: sql<number>`count(*)::int` })
      .from(plans)
      .where(sql`${plans.retiredAt} is not null`);
    expect(retired).toBe(0);
    expect(await shop.database.db.select({ id: catalogSyncs.id }).from(catalogSyncs)).toEqual(
      syncsBefore,
    );
    const listAfter = await shop.app.inject({ method: 'GET', url: '/api/plan/country/FR' });
    expect(listAfter.body).toBe(listBefore.body);
  });

  it('refuses an empty catalogue instead of retiring everything', async () => {
    await expect(syncFrom([])).rejects.toThrow(/empty catalogue/);
    expect((await getOk<Plan[]>('/api/plan/country/FR')).length).toBeGreaterThan(0);
  });

  it("notices another instance's sync by polling the sync version", async () => {
    const service = createCatalogService(shop.database.db, {
      favourites: [],
      recheckMs: 0,
      onError: (error) => {
        throw error;
      },
    });
    try {
      const first = (await service.plansForCountryIso('FR')) ?? [];
      const target = first[0];
      // Another instance would do this through its own sync; only the database is shared.
      await shop.database.db
        .update(plans)
        .set({ priceCents: 99_999 })
        .where(eq(plans.id, target?.pla_id ?? 0));
      await shop.database.db
        .insert(catalogSyncs)
        .values({ bundles: 0, inserted: 0, updated: 1, retired: 0, unchanged: 0 });
      // Each ask may start the background version check; the old catalogue answers until the
      // new one is loaded and in place, so the new price shows a reload later.
      const priceNow = async () => {
        const now = (await service.plansForCountryIso('FR')) ?? [];
        return now.find((plan) => plan.pla_id === target?.pla_id)?.pla_price;
      };
      const deadline = Date.now() + 10_000;
      let price = await priceNow();
      while (price !== 999.99 && Date.now() < deadline) {
        // Polls the background load, which runs in real time on the database (no clock in it).
        await new Promise((resolve) => setTimeout(resolve, 50));
        price = await priceNow();
      }
      expect(price).toBe(999.99);
    } finally {
      await syncFrom(catalogue);
    }
  });
});

describe('provider faults during a sync', () => {
  // Short waits: the faults are the simulator's, the retry rules the client's.
  const quickClient = () => shop.app.esimGoClient({ backoffMs: 10, timeoutMs: 1000 });
  const syncWithFaults = () =>
    syncCatalogue(shop.database, quickClient(), {
      markupPercent: MARKUP,
      served: shop.app.catalog,
    });

  afterEach(async () => {
    await clearFault(shop.url);
  });

  it('rides out two provider errors', async () => {
    await setFault(shop.url, { mode: 'error500', count: 2 });
    expect(await syncWithFaults()).toMatchObject({ inserted: 0, updated: 0, retired: 0 });
  });

  it('waits as long as a rate limit asks, then carries on', async () => {
    await setFault(shop.url, { mode: 'rateLimit', count: 1, retryAfterSeconds: 1 });
    const started = Date.now();
    expect(await syncWithFaults()).toMatchObject({ unchanged: firstSync.plans });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('tries again when the provider does not answer in time', async () => {
    await setFault(shop.url, { mode: 'timeout', count: 1 });
    expect(await syncWithFaults()).toMatchObject({ unchanged: firstSync.plans });
  });

  it('changes nothing when the provider stays down', async () => {
    await setFault(shop.url, { mode: 'error500' });
    const error = await syncWithFaults().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EsimGoError);
    expect(error).toMatchObject({ status: 500 });
    await clearFault(shop.url);
    expect((await getOk<Plan[]>('/api/plan/country/FR')).length).toBeGreaterThan(0);
  });
});
