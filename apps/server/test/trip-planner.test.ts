import { brotliDecompressSync } from 'node:zlib';
import {
  type Plan,
  type RoamingCountry,
  type TripAnswer,
  type TripOption,
  tripAnswerSchema,
  tripApiPath,
  tripMessages,
} from '@tern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueIfEmpty } from '../src/modules/catalog/sync-runner';
import { createTestApp, type TestApp } from './helpers/test-app';

let shop: TestApp;

beforeAll(async () => {
  shop = await createTestApp();
  await loadCatalogueIfEmpty(shop.app, () => {});
});
afterAll(async () => shop?.close());

async function getJson<T>(path: string): Promise<T> {
  const response = await shop.app.inject({ method: 'GET', url: path });
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  return response.json() as T;
}

async function trip(countries: string[], days: number, dataGb?: number): Promise<TripAnswer> {
  return tripAnswerSchema.parse(await getJson(tripApiPath.href({ countries, days, dataGb })));
}

/** Where each plan works, as the coverage answer says: the truth the planner must match. */
async function coverageOf(plan: Plan): Promise<string[]> {
  const countries = await getJson<RoamingCountry[]>(`/api/plan/country/roaming/${plan.pla_id}`);
  return countries.map((country) => country.plr_iso);
}

/** Every plan on sale that works in any of the countries, from the catalogue's own answers. */
async function plansFor(countries: string[]): Promise<Plan[]> {
  const regions = await getJson<{ reg_name: string }[]>('/api/country/regions/');
  const lists = await Promise.all([
    ...countries.map((iso) => getJson<Plan[]>(`/api/plan/country/${iso}`)),
    ...regions.map((region) =>
      getJson<Plan[]>(`/api/plan/region/${encodeURIComponent(region.reg_name)}`),
    ),
  ]);
  return lists.flat();
}

const cents = (usd: number) => Math.round(usd * 100);

async function expectCoversAll(option: TripOption, countries: string[], days: number) {
  const covered = new Set<string>();
  for (const entry of option.plans) {
    expect(entry.plan.pla_duration).toBeGreaterThanOrEqual(days);
    const works = await coverageOf(entry.plan);
    // What the answer says a plan is for, it really works in.
    for (const iso of entry.countries) expect(works).toContain(iso);
    for (const iso of works) covered.add(iso);
  }
  for (const iso of countries) expect(covered, iso).toContain(iso);
  expect(cents(option.total_price)).toBe(
    option.plans.reduce((sum, entry) => sum + cents(entry.plan.pla_price), 0),
  );
}

/** Every way to split the stops into groups, each group to be served by one plan. */
function splits(stops: readonly string[]): string[][][] {
  const [first, ...rest] = stops;
  if (first === undefined) return [[]];
  return splits(rest).flatMap((split) => [
    [[first], ...split],
    ...split.map((group, index) =>
      split.map((other, at) => (at === index ? [first, ...group] : other)),
    ),
  ]);
}

describe('GET /api/plan/trip on the seeded catalogue', () => {
  it('lists first the cheapest plans that cover France, Italy and Spain for 7 days', async () => {
    const countries = ['FR', 'IT', 'ES'];
    const answer = await trip(countries, 7);
    expect(answer.covered).toEqual(countries);
    expect(answer.unknown).toEqual([]);
    expect(answer.uncovered).toEqual([]);
    const [first] = answer.options;
    if (!first) throw new Error('no option');
    await expectCoversAll(first, countries, 7);

    // No listed option covering the same costs less, and none is listed twice.
    for (const option of answer.options) {
      await expectCoversAll(option, countries, 7);
      expect(option.total_price).toBeGreaterThanOrEqual(first.total_price);
    }
    // Checked by hand against the whole catalogue: one plan for all three, or the cheapest
    // 7-day plan of each country, whichever costs less, is the first option's price.
    const plans = (await plansFor(countries)).filter((plan) => plan.pla_duration >= 7);
    const withCoverage = await Promise.all(
      plans.map(async (plan) => ({ plan, works: await coverageOf(plan) })),
    );
    const cheapestFor = (iso: string) =>
      Math.min(
        ...withCoverage.filter((p) => p.works.includes(iso)).map((p) => cents(p.plan.pla_price)),
      );
    const oneForAll = Math.min(
      ...withCoverage
        .filter((p) => countries.every((iso) => p.works.includes(iso)))
        .map((p) => cents(p.plan.pla_price)),
    );
    const pairs = [
      ['FR', 'IT', 'ES'],
      ['FR', 'ES', 'IT'],
      ['IT', 'ES', 'FR'],
    ].map(([a = '', b = '', alone = '']) => {
      const pair = withCoverage
        .filter((p) => p.works.includes(a) && p.works.includes(b))
        .map((p) => cents(p.plan.pla_price));
      return Math.min(...pair) + cheapestFor(alone);
    });
    const byHand = Math.min(
      oneForAll,
      ...pairs,
      countries.reduce((sum, iso) => sum + cheapestFor(iso), 0),
    );
    expect(cents(first.total_price)).toBe(byHand);
  });

  it('offers the cheapest one eSIM for Japan, Thailand, the USA and the UAE beside the cheapest combination', async () => {
    const countries = ['JP', 'TH', 'US', 'AE'];
    const answer = await trip(countries, 21);
    expect(answer.covered).toEqual(countries);
    for (const option of answer.options) await expectCoversAll(option, countries, 21);

    // By hand, from the catalogue's own answers: the cheapest plan that works in all four
    // for 21 days, and the cheapest way to split them among two or more plans.
    const plans = (await plansFor(countries)).filter((plan) => plan.pla_duration >= 21);
    const withCoverage = await Promise.all(
      plans.map(async (plan) => ({ plan, works: await coverageOf(plan) })),
    );
    const cheapestCovering = (stops: string[]) =>
      Math.min(
        ...withCoverage
          .filter((p) => stops.every((iso) => p.works.includes(iso)))
          .map((p) => cents(p.plan.pla_price)),
      );
    const oneForAll = cheapestCovering(countries);
    const combination = Math.min(
      ...splits(countries)
        .filter((split) => split.length > 1)
        .map((split) => split.reduce((sum, stops) => sum + cheapestCovering(stops), 0)),
    );
    // The catalogue's Global plans: 5 GB for 30 days at $46.99.
    expect(oneForAll).toBe(4699);
    expect(combination).toBeLessThan(oneForAll);

    const onePlan = answer.options.filter((option) => option.plans.length === 1);
    const several = answer.options.filter((option) => option.plans.length > 1);
    expect(onePlan.length).toBeGreaterThan(0);
    expect(cents(onePlan[0]?.total_price ?? 0)).toBe(oneForAll);
    expect(onePlan[0]?.plans[0]?.countries).toEqual(countries);
    expect(cents(several[0]?.total_price ?? 0)).toBe(combination);
    expect(cents(answer.options[0]?.total_price ?? 0)).toBe(combination);
    expect(answer.options.length).toBeLessThanOrEqual(8);
  });

  it('says which plans share their data and which serve one country', async () => {
    const answer = await trip(['FR', 'IT', 'TR'], 10);
    expect(answer.options.length).toBeGreaterThan(1);
    for (const option of answer.options) {
      await expectCoversAll(option, ['FR', 'IT', 'TR'], 10);
      for (const entry of option.plans) expect(entry.shared).toBe(entry.countries.length > 1);
    }
    // Cheapest first.
    const prices = answer.options.map((option) => option.total_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('gives every plan at least the data asked for', async () => {
    const answer = await trip(['FR', 'DE'], 5, 10);
    expect(answer.data_gb).toBe(10);
    expect(answer.options.length).toBeGreaterThan(0);
    for (const option of answer.options) {
      for (const { plan } of option.plans) {
        expect(plan.pla_unlimited || plan.pla_data_amount >= 10_000).toBe(true);
      }
    }
  });

  it('names XX as unknown and still plans France', async () => {
    const answer = await trip(['FR', 'XX'], 7);
    expect(answer.unknown).toEqual(['XX']);
    expect(answer.covered).toEqual(['FR']);
    expect(answer.options[0]?.plans.every((entry) => entry.countries.includes('FR'))).toBe(true);
  });

  it('names a real country no plan lasts long enough for as uncovered', async () => {
    // The simulator's longest plans last 90 days.
    const answer = await trip(['FR', 'IT'], 200);
    expect(answer.uncovered).toEqual(['FR', 'IT']);
    expect(answer.options).toEqual([]);
  });

  it('answers a repeated trip from its cache with a strong ETag and a 304', async () => {
    const url = tripApiPath.href({ countries: ['FR', 'IT', 'TR'], days: 10 });
    const first = await shop.app.inject({ method: 'GET', url });
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const again = await shop.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // A browser taking brotli gets it compressed, with the same tag to revalidate.
    const compressed = await shop.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(
      JSON.parse(brotliDecompressSync(compressed.rawPayload).toString()) as TripAnswer,
    ).toEqual(first.json());
    // Written in another case, the same trip gets the same answer.
    const same = await shop.app.inject({
      method: 'GET',
      url: '/api/plan/trip?countries=fr,it,TR&days=10',
    });
    expect(same.headers.etag).toBe(first.headers.etag);
  });

  describe('refuses a query it cannot plan, saying why', () => {
    const cases: [string, string][] = [
      ['countries=&days=7', tripMessages.noCountries],
      ['days=7', tripMessages.noCountries],
      ['countries=FRA,IT&days=7', tripMessages.badCountryCode],
      ['countries=F1&days=7', tripMessages.badCountryCode],
      [
        `countries=${'FR IT ES DE PT NL BE AT CH GR TR MA EG AE JO US'.split(' ').join(',')}&days=7`,
        tripMessages.tooManyCountries,
      ],
      ['countries=FR&days=0', tripMessages.days],
      ['countries=FR&days=366', tripMessages.days],
      ['countries=FR&days=2.5', tripMessages.days],
      ['countries=FR&days=', tripMessages.days],
      ['countries=FR', tripMessages.days],
      ['countries=FR&days=7&dataGb=0', tripMessages.dataGb],
      ['countries=FR&days=7&dataGb=lots', tripMessages.dataGb],
    ];
    it.each(cases)('%s', async (query, message) => {
      const response = await shop.app.inject({ method: 'GET', url: `/api/plan/trip?${query}` });
      expect(response.statusCode).toBe(400);
      expect((response.json() as { message: string }).message).toContain(message);
    });
  });
});
