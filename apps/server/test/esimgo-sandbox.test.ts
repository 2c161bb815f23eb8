import { count } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { esimGoSandboxEsims, esimGoSandboxOrders } from '../src/db/schema/esimgo-sandbox';
import { isValidIccid, SMDP_ADDRESS } from '../src/sandbox/esimgo/catalogue/iccid';
import {
  advanceClock,
  advanceClockMinutes,
  backdateEsim,
  changeCatalogue,
  getBalance,
  getClock,
  getFault,
  getRateLimit,
  resetSimulator,
  setBalance,
  setFault,
  setProfileStatus,
  setRateLimit,
  setShapes,
} from '../src/sandbox/esimgo/control-client';
import { ESIMGO_SANDBOX_CONTROL_PATH, esimGoSandboxApiUrl } from '../src/sandbox/esimgo/paths';
import type {
  AppliedBundle,
  CataloguePage,
  EsimDetails,
  InstallDetails,
  OrderResult,
  OrdersPage,
} from '../src/sandbox/esimgo/protocol';
import { createTestApp, type TestApp } from './helpers/test-app';

let shop: TestApp;

beforeAll(async () => {
  shop = await createTestApp();
});
afterEach(async () => {
  await resetSimulator(shop.url);
});
afterAll(async () => shop?.close());

const ONE_GB = 1_000_000_000;

function provider(path: string, init: RequestInit = {}, apiKey = shop.config.esimGo.apiKey) {
  return fetch(`${esimGoSandboxApiUrl(shop.url)}${path}`, {
    ...init,
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json', ...init.headers },
  });
}

async function providerJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await provider(path, init);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

function orderBody(
  type: 'validate' | 'transaction',
  item: string,
  quantity = 1,
  iccids?: string[],
) {
  return JSON.stringify({
    type,
    assign: true,
    order: [{ type: 'bundle', item, quantity, allowReassign: false, ...(iccids && { iccids }) }],
  });
}

function postOrder(body: string) {
  return provider('/orders', { method: 'POST', body });
}

async function buy(item: string, quantity = 1, iccids?: string[]): Promise<OrderResult> {
  return providerJson<OrderResult>('/orders', {
    method: 'POST',
    body: orderBody('transaction', item, quantity, iccids),
  });
}

async function buyOne(item: string): Promise<{ iccid: string; orderReference: string }> {
  const result = await buy(item);
  const iccid = result.order[0]?.esims?.[0]?.iccid;
  if (!iccid || !result.orderReference) throw new Error('The order issued no eSIM');
  return { iccid, orderReference: result.orderReference };
}

/** Every assignment of the eSIM, used ones too unless `query` says otherwise. */
async function assignmentsOf(iccid: string, query = '?includeUsed=true') {
  const { bundles } = await providerJson<{ bundles: AppliedBundle[] }>(
    `/esims/${iccid}/bundles${query}`,
  );
  return bundles.flatMap((bundle) => bundle.assignments);
}

async function onlyAssignment(iccid: string) {
  const [assignment] = await assignmentsOf(iccid);
  if (!assignment) throw new Error(`eSIM ${iccid} has no bundle`);
  return assignment;
}

async function rowCounts() {
  const db = shop.database.db;
  const [esims] = await db.select({ value: count() }).from(esimGoSandboxEsims);
  const [orders] = await db.select({ value: count() }).from(esimGoSandboxOrders);
  return { esims: esims?.value, orders: orders?.value };
}

describe('API key', () => {
  it('refuses a call without the X-API-Key header with 403 and a message', async () => {
    const response = await fetch(`${esimGoSandboxApiUrl(shop.url)}/catalogue`);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });

  it('refuses a wrong key with 403 on every provider route, placing nothing', async () => {
    const before = await rowCounts();
    const calls: [string, RequestInit][] = [
      ['/catalogue', {}],
      ['/catalogue/bundle/esim_1GB_7D_FR_V2', {}],
      ['/orders', {}],
      ['/orders/some-reference', {}],
      ['/orders', { method: 'POST', body: orderBody('transaction', 'esim_1GB_7D_FR_V2') }],
      ['/esims/assignments?reference=some-reference', {}],
      ['/esims/8944500000000000001', {}],
      ['/esims/8944500000000000001/bundles', {}],
    ];
    for (const [path, init] of calls) {
      const response = await provider(path, init, 'not-the-key');
      expect(response.status, path).toBe(403);
      expect(await response.json()).toEqual({ message: expect.any(String) });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('keeps the simulator out of the OpenAPI description of the shop', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toContain('/api/health');
    expect(paths.filter((path) => path.startsWith('/_sandbox/esimgo'))).toEqual([]);
  });

  it('lets the control endpoints through without a key', async () => {
    const clock = await getClock(shop.url);
    expect(Date.parse(clock.now)).toBeGreaterThan(0);
    expect(clock.offsetMs).toBe(0);
  });
});

describe('rate limit', () => {
  /** Calls sent at once, so they all arrive within the same second whatever the machine's load. */
  async function burst(
    calls: number,
    send = () => provider('/catalogue/bundle/esim_1GB_7D_FR_V2'),
  ) {
    const answers = await Promise.all(Array.from({ length: calls }, send));
    return Promise.all(
      answers.map(async (answer) => ({
        status: answer.status,
        headers: answer.headers,
        body: (await answer.json()) as unknown,
      })),
    );
  }

  it('answers the 11th call within a second 429 with Retry-After, as eSIM Go v2.4 does', async () => {
    const answers = await burst(11);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.headers.get('retry-after')).toBe('1');
    expect(refused[0]?.body).toEqual({ message: 'Rate limit exceeded' });
    // Every answer tells the limit and what is left of it.
    expect(answers[0]?.headers.get('x-ratelimit-limit')).toBe('10');
    expect(Date.parse(answers[0]?.headers.get('x-ratelimit-reset') ?? '')).toBeGreaterThan(0);
  });

  it('is switched off, set to another figure and reset to 10 by its control', async () => {
    expect(await getRateLimit(shop.url)).toEqual({ perSecond: 10, refused: 0 });
    expect(await setRateLimit(shop.url, null)).toEqual({ perSecond: null, refused: 0 });
    expect((await burst(20)).filter((answer) => answer.status !== 200)).toEqual([]);

    await setRateLimit(shop.url, 2);
    const statuses = (await burst(3)).map((answer) => answer.status);
    expect(statuses.sort()).toEqual([200, 200, 429]);
    expect((await getRateLimit(shop.url)).refused).toBe(1);

    await resetSimulator(shop.url);
    expect(await getRateLimit(shop.url)).toEqual({ perSecond: 10, refused: 0 });
  });

  it('leaves the control routes unlimited', async () => {
    await setRateLimit(shop.url, 1);
    const answers = await burst(20, () => fetch(`${shop.url}${ESIMGO_SANDBOX_CONTROL_PATH}/clock`));
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    // Meanwhile the provider API takes one call a second.
    expect((await burst(2)).map((answer) => answer.status).sort()).toEqual([200, 429]);
  });
});

describe('catalogue', () => {
  it('pages 50 bundles at a time by default and reports the totals', async () => {
    const first = await providerJson<CataloguePage>('/catalogue');
    expect(first.bundles).toHaveLength(50);
    expect(first.pageSize).toBe(50);
    expect(first.pageCount).toBe(Math.ceil(first.rows / 50));

    const second = await providerJson<CataloguePage>('/catalogue?page=2&perPage=10');
    expect(second.bundles.map((bundle) => bundle.name)).toEqual(
      first.bundles.slice(10, 20).map((bundle) => bundle.name),
    );
  });

  it('answers a page beyond the end with no bundles', async () => {
    const page = await providerJson<CataloguePage>('/catalogue?perPage=1000&page=99');
    expect(page.bundles).toEqual([]);
    expect(page.rows).toBeGreaterThan(1000);
  });

  it('refuses more than 1000 bundles a page', async () => {
    const response = await provider('/catalogue?perPage=1001');
    expect(response.status).toBe(400);
  });

  it('keeps only the bundles covering one of the given countries', async () => {
    const page = await providerJson<CataloguePage>('/catalogue?countries=FR&perPage=1000');
    expect(page.bundles.length).toBeGreaterThan(10);
    expect(page.rows).toBe(page.bundles.length);
    for (const bundle of page.bundles) {
      expect(bundle.countries.map((country) => country.iso)).toContain('FR');
    }
    expect(page.bundles.map((bundle) => bundle.name)).toContain('esim_1GB_7D_FR_V2');

    const two = await providerJson<CataloguePage>('/catalogue?countries=FR,%20JP&perPage=1000');
    expect(two.rows).toBeGreaterThan(page.rows);
  });

  it('filters by the region of the base countries', async () => {
    const page = await providerJson<CataloguePage>('/catalogue?region=Oceania&perPage=1000');
    expect(page.rows).toBeGreaterThan(0);
    for (const bundle of page.bundles) {
      expect(bundle.countries.some((country) => country.region === 'Oceania')).toBe(true);
    }
    expect(page.bundles.some((bundle) => bundle.name === 'esim_1GB_7D_AU_V2')).toBe(true);
    expect(page.bundles.some((bundle) => bundle.name === 'esim_1GB_7D_FR_V2')).toBe(false);
  });

  it('filters by bundle group', async () => {
    const group = 'Standard Unlimited Plus';
    const page = await providerJson<CataloguePage>(
      `/catalogue?group=${encodeURIComponent(group)}&perPage=1000`,
    );
    expect(page.rows).toBeGreaterThan(0);
    for (const bundle of page.bundles) expect(bundle.groups).toContain(group);
  });

  it('returns one bundle by name', async () => {
    const bundle = await providerJson<CataloguePage['bundles'][number]>(
      '/catalogue/bundle/esim_1GB_7D_FR_V2',
    );
    expect(bundle).toMatchObject({ name: 'esim_1GB_7D_FR_V2', dataAmount: 1000, duration: 7 });
  });

  it('refuses an unknown bundle name with a message', async () => {
    const response = await provider('/catalogue/bundle/esim_1GB_7D_XX_V2');
    expect(response.status).toBe(400);
    expect((await response.json()) as { message: string }).toEqual({
      message: expect.stringContaining('esim_1GB_7D_XX_V2'),
    });
  });
});

describe('orders', () => {
  it('validates an order with its price and creates nothing', async () => {
    const before = await rowCounts();
    const result = await providerJson<OrderResult>('/orders', {
      method: 'POST',
      body: orderBody('validate', 'esim_1GB_7D_FR_V2', 2),
    });
    expect(result).toMatchObject({ valid: true, currency: 'USD', assigned: false });
    expect(result.orderReference).toBeUndefined();
    expect(result.order[0]?.esims).toBeUndefined();
    expect(result.total).toBeCloseTo((result.order[0]?.pricePerUnit ?? 0) * 2, 2);
    expect(await rowCounts()).toEqual(before);
  });

  it('issues new eSIMs with Luhn-valid ICCIDs and the bundle on a transaction', async () => {
    const result = await buy('esim_1GB_7D_FR_V2', 2);
    expect(result).toMatchObject({ status: 'completed', currency: 'USD', assigned: true });
    expect(result.orderReference).toMatch(/^[0-9a-f-]{36}$/);
    const esims = result.order[0]?.esims ?? [];
    expect(esims).toHaveLength(2);
    for (const esim of esims) {
      expect(isValidIccid(esim.iccid)).toBe(true);
      expect(esim.iccid).toHaveLength(19);
      expect(esim.smdpAddress).toBe(SMDP_ADDRESS);
      expect(esim.matchingId).toMatch(/^K2-[0-9A-F]{6}-[0-9A-F]{6}$/);
    }
    expect(esims[0]?.iccid).not.toBe(esims[1]?.iccid);
    expect(result.order[0]?.pricePerUnit).toBeGreaterThan(0);
  });

  it('refuses a bundle that is not in the catalogue', async () => {
    const response = await postOrder(orderBody('transaction', 'esim_1GB_7D_XX_V2'));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain('esim_1GB_7D_XX_V2');
  });

  it('tops up an existing eSIM: a second assignment on the same ICCID', async () => {
    const { iccid } = await buyOne('esim_1GB_7D_FR_V2');
    const topUp = await buy('esim_3GB_15D_FR_V2', 1, [iccid]);
    expect(topUp.order[0]?.esims?.map((esim) => esim.iccid)).toEqual([iccid]);

    const { bundles } = await providerJson<{ bundles: AppliedBundle[] }>(`/esims/${iccid}/bundles`);
    expect(bundles.map((bundle) => bundle.name)).toEqual([
      'esim_1GB_7D_FR_V2',
      'esim_3GB_15D_FR_V2',
    ]);
    // The least kind of the documented forms, by default: the order's reference and `-0`.
    expect(bundles[1]?.assignments[0]?.assignmentReference).toBe(`${topUp.orderReference}-0`);
  });

  it('refuses a top-up of an unknown ICCID and creates nothing', async () => {
    const before = await rowCounts();
    const response = await postOrder(
      orderBody('transaction', 'esim_1GB_7D_FR_V2', 1, ['8944500000000999999']),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(
      '8944500000000999999',
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses ICCIDs that do not match the quantity, and unknown fields', async () => {
    const mismatch = await postOrder(orderBody('transaction', 'esim_1GB_7D_FR_V2', 2, ['89']));
    expect(mismatch.status).toBe(400);
    const extra = await postOrder(
      JSON.stringify({ ...JSON.parse(orderBody('validate', 'esim_1GB_7D_FR_V2')), coupon: 'x' }),
    );
    expect(extra.status).toBe(400);
  });
});

describe('checks before an order', () => {
  const FR = 'esim_1GB_7D_FR_V2';
  const refusal = async (response: Response) => {
    expect(response.status).toBe(400);
    return ((await response.json()) as { message: string }).message;
  };

  it('refuses to validate what the balance cannot pay, in the organisation currency', async () => {
    await setBalance(shop.url, { balance: 1000, currency: 'EUR' });
    const checked = await providerJson<OrderResult>('/orders', {
      method: 'POST',
      body: orderBody('validate', FR),
    });
    expect(checked).toMatchObject({ valid: true, currency: 'EUR' });
    await setBalance(shop.url, { balance: 0.01 });
    const before = await rowCounts();
    expect(await refusal(await postOrder(orderBody('validate', FR)))).toMatch(/balance/i);
    expect(await rowCounts()).toEqual(before);
  });

  it('withdraws a bundle and changes a price everywhere the catalogue shows', async () => {
    const { price } = await providerJson<{ price: number }>(`/catalogue/bundle/${FR}`);
    await changeCatalogue(shop.url, { prices: { [FR]: price + 2 } });
    expect((await providerJson<{ price: number }>(`/catalogue/bundle/${FR}`)).price).toBe(
      price + 2,
    );
    const checked = await providerJson<OrderResult>('/orders', {
      method: 'POST',
      body: orderBody('validate', FR),
    });
    expect(checked.total).toBe(price + 2);

    await changeCatalogue(shop.url, { withdrawn: [FR] });
    expect((await provider(`/catalogue/bundle/${FR}`)).status).toBe(400);
    const page = await providerJson<{ bundles: { name: string }[] }>(
      '/catalogue?countries=FR&perPage=1000',
    );
    expect(page.bundles.map((bundle) => bundle.name)).not.toContain(FR);
    expect(await refusal(await postOrder(orderBody('validate', FR)))).toContain(FR);
    expect(await refusal(await postOrder(orderBody('transaction', FR)))).toContain(FR);
  });

  it('says whether an eSIM can take a bundle, as a message by default and as a boolean when switched', async () => {
    const { iccid } = await buyOne(FR);
    const other = 'esim_3GB_15D_FR_V2';
    await changeCatalogue(shop.url, { incompatible: [other] });
    const compatible = (bundle: string) =>
      providerJson<object>(`/esims/${iccid}/compatible/${bundle}`);
    expect(await compatible(FR)).toEqual({ message: expect.stringMatching(/ is compatible/) });
    expect(await compatible(other)).toEqual({
      message: expect.stringMatching(/is not compatible/),
    });
    await setShapes(shop.url, { compatibility: 'boolean' });
    expect(await compatible(FR)).toEqual({ compatible: true });
    expect(await compatible(other)).toEqual({ compatible: false });
    // A top-up naming it is refused, and charges nothing.
    const before = await rowCounts();
    expect(await refusal(await postOrder(orderBody('transaction', other, 1, [iccid])))).toMatch(
      /not compatible/,
    );
    expect(await rowCounts()).toEqual(before);
    // An ICCID the account never had: 400, as every eSIM call.
    expect((await provider(`/esims/8944500000000999999/compatible/${FR}`)).status).toBe(400);
  });

  it('lets a fault on POST /orders hit purchases only, unless it names validations', async () => {
    await setFault(shop.url, { mode: 'error500', count: 1 });
    expect((await postOrder(orderBody('validate', FR))).status).toBe(200);
    expect((await postOrder(orderBody('transaction', FR))).status).toBe(500);

    await setFault(shop.url, { mode: 'error500', count: 1, orderType: 'validate' });
    expect((await postOrder(orderBody('transaction', FR))).status).toBe(200);
    expect((await postOrder(orderBody('validate', FR))).status).toBe(500);
    expect((await postOrder(orderBody('validate', FR))).status).toBe(200);
  });
});

describe('eSIMs', () => {
  it('describes an issued eSIM, Released until the phone installs it', async () => {
    const { iccid } = await buyOne('esim_1GB_7D_FR_V2');
    const details = await providerJson<EsimDetails>(`/esims/${iccid}`);
    expect(details).toMatchObject({
      iccid,
      smdpAddress: SMDP_ADDRESS,
      profileStatus: 'Released',
    });
    // Not null but absent until installed: v2.5's document types it an integer, not nullable.
    expect(details).not.toHaveProperty('firstInstalledDateTime');
    expect(details.pin).toMatch(/^\d{4}$/);
    expect(details.puk).toMatch(/^\d{8}$/);

    const before = Date.now();
    await setProfileStatus(shop.url, iccid, 'Installed');
    const installed = await providerJson<EsimDetails>(`/esims/${iccid}`);
    expect(installed.profileStatus).toBe('Installed');
    // Milliseconds since the epoch, as eSIM Go documents (1723541877280).
    expect(typeof installed.firstInstalledDateTime).toBe('number');
    expect(installed.firstInstalledDateTime).toBeGreaterThanOrEqual(before - 1000);
    expect(installed.firstInstalledDateTime).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('refuses an unknown ICCID with a message', async () => {
    for (const path of ['/esims/8944500000000999999', '/esims/8944500000000999999/bundles']) {
      const response = await provider(path);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(
        '8944500000000999999',
      );
    }
  });

  it('lists the eSIMs of an order by its reference, as JSON or CSV', async () => {
    const result = await buy('esim_1GB_7D_FR_V2', 2);
    const reference = result.orderReference ?? '';
    const asJson = await providerJson<InstallDetails[]>(
      `/esims/assignments?reference=${reference}`,
      {
        headers: { accept: 'application/json' },
      },
    );
    expect(asJson.map((row) => row.iccid)).toEqual(result.order[0]?.esims?.map((e) => e.iccid));
    expect(asJson[0]).toMatchObject({
      smdpAddress: SMDP_ADDRESS,
      bundle: 'esim_1GB_7D_FR_V2',
      reference,
      profileStatus: 'Released',
    });

    const asCsv = await provider(`/esims/assignments?reference=${reference}`, {
      headers: { accept: 'text/csv' },
    });
    expect(asCsv.headers.get('content-type')).toContain('text/csv');
    const lines = (await asCsv.text()).trim().split('\n');
    expect(lines[0]).toBe('"ICCID","Matching ID","RSP URL","Bundle","Reference"');
    expect(lines).toHaveLength(3);
  });

  it('gives one eSIM as an object by default, and as an array when switched (v2.4 shows both)', async () => {
    const result = await buy('esim_1GB_7D_FR_V2');
    const reference = result.orderReference ?? '';
    const json = { headers: { accept: 'application/json' } };
    const asObject = await providerJson<InstallDetails>(
      `/esims/assignments?reference=${reference}`,
      json,
    );
    expect(asObject).toMatchObject({ iccid: result.order[0]?.esims?.[0]?.iccid, reference });
    await setShapes(shop.url, { installDetails: 'array' });
    const asArray = await providerJson<InstallDetails[]>(
      `/esims/assignments?reference=${reference}`,
      json,
    );
    expect(asArray).toEqual([asObject]);
    // The shop's client reads either form as a list.
    const client = shop.app.esimGoClient({ retries: 0 });
    expect((await client.getAssignments(reference)).map((row) => row.iccid)).toEqual([
      asObject.iccid,
    ]);
    await setShapes(shop.url, { installDetails: 'object' });
    expect((await client.getAssignments(reference)).map((row) => row.iccid)).toEqual([
      asObject.iccid,
    ]);
  });

  it('refuses an unknown order reference', async () => {
    const response = await provider('/esims/assignments?reference=no-such-order', {
      headers: { accept: 'application/json' },
    });
    expect(response.status).toBe(400);
  });
});

describe('clock and usage', () => {
  it('moves a fixed bundle from processing to active, uses it up, then reports it depleted', async () => {
    const { iccid } = await buyOne('esim_1GB_7D_FR_V2');
    expect(await onlyAssignment(iccid)).toMatchObject({
      bundleState: 'processing',
      initialQuantity: ONE_GB,
      remainingQuantity: ONE_GB,
      unlimited: false,
    });

    const clock = await advanceClockMinutes(shop.url, 2);
    expect(clock.offsetMs).toBe(2 * 60_000);
    const started = await onlyAssignment(iccid);
    expect(started.bundleState).toBe('active');
    expect(started.remainingQuantity).toBeLessThan(ONE_GB);

    // 7 days used up evenly over 80% of them (5.6 days): a day uses about 18% of the data.
    await advanceClock(shop.url, 24);
    const dayLater = await onlyAssignment(iccid);
    expect(dayLater.bundleState).toBe('active');
    expect(dayLater.remainingQuantity / ONE_GB).toBeCloseTo(1 - 1 / 5.6, 2);

    await advanceClock(shop.url, 5 * 24);
    expect(await onlyAssignment(iccid)).toMatchObject({
      bundleState: 'depleted',
      remainingQuantity: 0,
    });
  });

  it('tells no start or end before a bundle starts, then its start and an end a duration later', async () => {
    const { iccid } = await buyOne('esim_1GB_7D_FR_V2');
    const waiting = await onlyAssignment(iccid);
    expect(waiting.bundleState).toBe('processing');
    // eSIM Go leaves both out until the bundle has started.
    expect(waiting).not.toHaveProperty('startTime');
    expect(waiting).not.toHaveProperty('endTime');

    await advanceClockMinutes(shop.url, 2);
    const started = await onlyAssignment(iccid);
    const startTime = Date.parse(started.startTime ?? '');
    expect(startTime - Date.parse(started.assignmentDateTime)).toBe(60_000);
    expect(Date.parse(started.endTime ?? '') - startTime).toBe(7 * 24 * 3_600_000);
    expect(started.startTime).toMatch(/Z$/);

    // Used up after 5.6 days, it keeps both, and becomes expired at its end.
    await advanceClock(shop.url, 6 * 24);
    expect(await onlyAssignment(iccid)).toMatchObject({
      bundleState: 'depleted',
      startTime: started.startTime,
      endTime: started.endTime,
    });
    await advanceClock(shop.url, 24);
    expect((await onlyAssignment(iccid)).bundleState).toBe('expired');
  });

  it('lets a big bundle run at a typical day’s use until it expires with data left', async () => {
    const { iccid } = await buyOne('esim_20GB_30D_FR_V2');
    await advanceClock(shop.url, 30 * 24 + 1);
    const expired = await onlyAssignment(iccid);
    expect(expired.bundleState).toBe('expired');
    expect(expired.remainingQuantity).toBeGreaterThan(10 * ONE_GB);
  });

  it('backdates one eSIM’s bundles without moving the clock other eSIMs share', async () => {
    const { iccid } = await buyOne('esim_1GB_7D_FR_V2');
    const other = await buyOne('esim_1GB_7D_FR_V2');
    const { bundles } = await backdateEsim(shop.url, iccid, 24);
    const [used] = bundles.flatMap((bundle) => bundle.assignments);
    expect(used?.bundleState).toBe('active');
    expect((used?.remainingQuantity ?? 0) / ONE_GB).toBeCloseTo(1 - 1 / 5.6, 2);
    expect(Date.now() - Date.parse(used?.startTime ?? '')).toBeGreaterThan(23 * 3_600_000);

    expect((await getClock(shop.url)).offsetMs).toBe(0);
    expect((await onlyAssignment(other.iccid)).bundleState).toBe('processing');
    const unknown = await fetch(
      `${shop.url}${ESIMGO_SANDBOX_CONTROL_PATH}/esims/8944500000000999999/backdate`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"hours":1}' },
    );
    expect(unknown.status).toBe(400);
  });

  it('keeps an unlimited bundle unlimited until it expires after its duration', async () => {
    const { iccid } = await buyOne('esim_UL_1D_FR_V2');
    await advanceClockMinutes(shop.url, 2);
    expect(await onlyAssignment(iccid)).toMatchObject({
      bundleState: 'active',
      unlimited: true,
      initialQuantity: -1,
      remainingQuantity: -1,
    });

    await advanceClock(shop.url, 24);
    expect((await onlyAssignment(iccid)).bundleState).toBe('expired');
  });

  it('queues a top-up while the first bundle is in use, then starts it when that one ends', async () => {
    const { iccid } = await buyOne('esim_1GB_7D_FR_V2');
    await advanceClock(shop.url, 1);
    await buy('esim_1GB_7D_FR_V2', 1, [iccid]);
    await advanceClockMinutes(shop.url, 2);
    expect((await assignmentsOf(iccid)).map((a) => a.bundleState)).toEqual(['active', 'queued']);

    await advanceClock(shop.url, 6 * 24);
    const [first, second] = await assignmentsOf(iccid);
    expect(first?.bundleState).toBe('depleted');
    expect(second?.bundleState).toBe('active');
    expect(second?.remainingQuantity).toBeLessThan(ONE_GB);
  });

  it('goes back to real time on reset', async () => {
    await advanceClock(shop.url, 48);
    const { clock } = await resetSimulator(shop.url);
    expect(clock.offsetMs).toBe(0);
    expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(5_000);
  });
});

describe('faults', () => {
  it('answers 500 to the next N provider calls, then recovers', async () => {
    const fault = await setFault(shop.url, { mode: 'error500', count: 2 });
    expect(fault).toEqual({
      mode: 'error500',
      remaining: 2,
      route: null,
      retryAfterSeconds: 1,
      asyncDelayMs: 3000,
      orderType: 'transaction',
    });

    expect((await provider('/catalogue')).status).toBe(500);
    // Control calls do not count against the fault.
    expect((await getClock(shop.url)).offsetMs).toBe(0);
    expect((await provider('/catalogue/bundle/esim_1GB_7D_FR_V2')).status).toBe(500);
    expect((await provider('/catalogue')).status).toBe(200);
  });

  it('fails only the calls to the route it names, and counts only those', async () => {
    const fault = await setFault(shop.url, {
      mode: 'error500',
      route: 'GET /catalogue/bundle/:name',
      count: 1,
    });
    expect(fault).toMatchObject({ mode: 'error500', route: 'GET /catalogue/bundle/:name' });
    expect((await provider('/catalogue')).status).toBe(200);
    expect((await getFault(shop.url)).remaining).toBe(1);
    expect((await provider('/catalogue/bundle/esim_1GB_7D_FR_V2')).status).toBe(500);
    expect((await provider('/catalogue/bundle/esim_1GB_7D_FR_V2')).status).toBe(200);
  });

  it('refuses a route that is not a method and a path', async () => {
    await expect(setFault(shop.url, { mode: 'error500', route: '/catalogue' })).rejects.toThrow(
      /answered 400/,
    );
  });

  it('keeps failing until reset when no count is given', async () => {
    await setFault(shop.url, { mode: 'error500' });
    for (let call = 0; call < 3; call += 1) {
      expect((await provider('/catalogue')).status).toBe(500);
    }
    await setFault(shop.url, { mode: 'none' });
    expect((await provider('/catalogue')).status).toBe(200);
  });

  it('answers 429 with Retry-After when rate limiting', async () => {
    await setFault(shop.url, { mode: 'rateLimit', count: 1, retryAfterSeconds: 7 });
    const limited = await provider('/catalogue');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect((await provider('/catalogue')).status).toBe(200);
  });

  it('hangs until the client gives up, without placing the order', async () => {
    await setFault(shop.url, { mode: 'timeout', count: 1 });
    const before = await rowCounts();
    const started = Date.now();
    const hung = provider('/orders', {
      method: 'POST',
      body: orderBody('transaction', 'esim_1GB_7D_FR_V2'),
      signal: AbortSignal.timeout(300),
    });
    await expect(hung).rejects.toThrow(/abort|timeout/i);
    expect(Date.now() - started).toBeLessThan(5_000);

    expect((await provider('/catalogue')).status).toBe(200);
    expect(await rowCounts()).toEqual(before);
  });

  it('lets a hung call go when the app closes', async () => {
    const other = await createTestApp();
    try {
      await setFault(other.url, { mode: 'timeout', count: 1 });
      const hung = fetch(`${esimGoSandboxApiUrl(other.url)}/catalogue`, {
        headers: { 'x-api-key': other.config.esimGo.apiKey },
      }).then(
        (response) => response.status,
        () => 'closed',
      );
      // The call hangs once it has taken the fault: the fault is then used up.
      await vi.waitFor(async () => expect((await getFault(other.url)).mode).toBe('none'));
      const closing = Date.now();
      await other.close();
      expect(Date.now() - closing).toBeLessThan(5_000);
      expect(await hung).toBe(504);
    } finally {
      await other.close().catch(() => {});
    }
  });
});

describe('applied bundles', () => {
  it('hides depleted and expired bundles unless includeUsed=true', async () => {
    const { iccid } = await buyOne('esim_UL_1D_FR_V2');
    await advanceClock(shop.url, 48);
    await buy('esim_1GB_7D_FR_V2', 1, [iccid]);

    const shown = await assignmentsOf(iccid, '');
    expect(shown.map((a) => a.bundleState)).toEqual(['processing']);
    const all = await assignmentsOf(iccid, '?includeUsed=true');
    expect(all.map((a) => a.bundleState)).toEqual(['expired', 'processing']);
  });

  it('lists the 15 most recent assignments by default, and up to limit when asked', async () => {
    // Seventeen purchases on one eSIM, as fast as the machine goes, only to have a long list:
    // the rate limit is not what this tells (reset puts it back).
    await setRateLimit(shop.url, null);
    const { iccid } = await buyOne('esim_1GB_7D_FR_V2');
    for (let count = 0; count < 16; count += 1) await buy('esim_1GB_7D_FR_V2', 1, [iccid]);

    const byDefault = await assignmentsOf(iccid, '');
    expect(byDefault).toHaveLength(15);
    const all = await assignmentsOf(iccid, '?limit=200');
    expect(all).toHaveLength(17);
    // The most recent ones: the first assignment is the one left out.
    expect(byDefault.map((a) => a.id)).toEqual(all.slice(-15).map((a) => a.id));
    expect(await assignmentsOf(iccid, '?limit=2')).toHaveLength(2);
    expect((await provider(`/esims/${iccid}/bundles?limit=201`)).status).toBe(400);
  });
});

function createdBetween(from: number, to: number): string {
  const iso = (at: number) => new Date(at).toISOString();
  return `createdAt=gte:${iso(from)}&createdAt=lte:${iso(to)}`;
}

describe('order lookups', () => {
  it('shows one order by reference, and lists orders newest first within a createdAt range', async () => {
    // Orders of earlier tests are older than this.
    const since = Date.now();
    const first = await buyOne('esim_1GB_7D_FR_V2');
    const second = await buyOne('esim_1GB_7D_FR_V2');

    const detail = await providerJson<OrderResult>(`/orders/${first.orderReference}`);
    expect(detail).toMatchObject({ status: 'completed', orderReference: first.orderReference });
    expect(detail.order[0]?.esims?.map((e) => e.iccid)).toEqual([first.iccid]);

    // Earlier tests moved the clock forward: lte keeps their orders out.
    const range = createdBetween(since, Date.now() + 1000);
    // The bare list by default (one of v2.4's renderings): the orders alone, no page count.
    const bare = await providerJson<OrderResult[]>(`/orders?${range}&limit=1&page=1`);
    expect(bare.map((o) => o.orderReference)).toEqual([second.orderReference]);
    await setShapes(shop.url, { ordersList: 'paged' });
    const page = await providerJson<OrdersPage>(`/orders?${range}&limit=1&page=1`);
    expect(page.orders.map((o) => o.orderReference)).toEqual([second.orderReference]);
    expect(page).toMatchObject({ rows: 2, pageCount: 2, pageSize: 1 });
    const next = await providerJson<OrdersPage>(`/orders?${range}&limit=1&page=2`);
    expect(next.orders.map((o) => o.orderReference)).toEqual([first.orderReference]);
    const inAMinute = Date.now() + 60_000;
    const later = await providerJson<OrdersPage>(
      `/orders?${createdBetween(inAMinute, inAMinute + 60_000)}`,
    );
    expect(later.orders).toEqual([]);
    expect((await provider('/orders/no-such-order')).status).toBe(400);
  });
});

describe('orders completed later (async fault)', () => {
  it('answers POST /orders with a reference and no eSIMs, which appear a few seconds later', async () => {
    await setFault(shop.url, { mode: 'async', asyncDelayMs: 1500 });
    const before = await rowCounts();
    const placed = await buy('esim_1GB_7D_FR_V2');
    expect(placed.orderReference).toEqual(expect.any(String));
    expect(placed.status).toBe('processing');
    expect(placed.order[0]?.esims).toBeUndefined();
    expect(await rowCounts()).toEqual({ esims: before.esims, orders: (before.orders ?? 0) + 1 });

    const reference = placed.orderReference ?? '';
    const pending = await providerJson<OrderResult>(`/orders/${reference}`);
    expect(pending.status).toBe('processing');
    const processing = await provider(`/esims/assignments?reference=${reference}`, {
      headers: { accept: 'application/json' },
    });
    expect(processing.status).toBe(503);
    expect(Number(processing.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // The simulator completes the order at its own time: moved past the delay, not waited for.
    await advanceClockMinutes(shop.url, 1600 / 60_000);
    const done = await providerJson<OrderResult>(`/orders/${reference}`);
    expect(done.status).toBe('completed');
    const iccid = done.order[0]?.esims?.[0]?.iccid;
    expect(iccid && isValidIccid(iccid)).toBe(true);
    // One eSIM: one object, in the default shape.
    const install = await providerJson<InstallDetails>(
      `/esims/assignments?reference=${reference}`,
      { headers: { accept: 'application/json' } },
    );
    expect(install.iccid).toBe(iccid);
    expect(await rowCounts()).toEqual({
      esims: (before.esims ?? 0) + 1,
      orders: (before.orders ?? 0) + 1,
    });
  });
});

describe('orders left failed (failedOrder fault)', () => {
  it('takes a purchase as processing, then fails it with no eSIMs and gives its price back', async () => {
    await setFault(shop.url, { mode: 'failedOrder', count: 1, asyncDelayMs: 1500 });
    const before = await rowCounts();
    const balance = (await getBalance(shop.url)).balance;
    // A validation passes untouched and leaves the fault for the purchase.
    expect((await postOrder(orderBody('validate', 'esim_1GB_7D_FR_V2'))).status).toBe(200);
    const placed = await buy('esim_1GB_7D_FR_V2');
    expect(placed.status).toBe('processing');
    expect(placed.order[0]?.esims).toBeUndefined();
    expect((await getBalance(shop.url)).balance).toBeCloseTo(balance - placed.total, 2);

    await advanceClockMinutes(shop.url, 1600 / 60_000);
    const reference = placed.orderReference ?? '';
    const failed = await providerJson<OrderResult>(`/orders/${reference}`);
    expect(failed.status).toBe('failed');
    expect(failed.order[0]?.esims).toBeUndefined();
    const install = await provider(`/esims/assignments?reference=${reference}`, {
      headers: { accept: 'application/json' },
    });
    expect(install.status).toBe(400);
    expect((await getBalance(shop.url)).balance).toBeCloseTo(balance, 2);
    expect(await rowCounts()).toEqual({ esims: before.esims, orders: (before.orders ?? 0) + 1 });
    // Counted once: the next purchase goes through.
    expect((await buy('esim_1GB_7D_FR_V2')).status).toBe('completed');
  });
});

describe('processing and late answers', () => {
  it('answers reads 503 Processing with Retry-After, while orders still go through', async () => {
    const { iccid } = await buyOne('esim_1GB_7D_FR_V2');
    await setFault(shop.url, { mode: 'processing', retryAfterSeconds: 4 });
    const answer = await provider(`/esims/${iccid}`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('4');
    expect(((await answer.json()) as { message: string }).message).toMatch(/^Processing/);
    expect((await postOrder(orderBody('transaction', 'esim_1GB_7D_FR_V2'))).status).toBe(200);
    await setFault(shop.url, { mode: 'none' });
    expect((await provider(`/esims/${iccid}`)).status).toBe(200);
  });

  it('places the order but holds the answer until the client gives up (lateAnswer)', async () => {
    await setFault(shop.url, { mode: 'lateAnswer', count: 1 });
    const before = await rowCounts();
    const late = provider('/orders', {
      method: 'POST',
      body: orderBody('transaction', 'esim_1GB_7D_FR_V2'),
      signal: AbortSignal.timeout(300),
    });
    await expect(late).rejects.toThrow(/abort|timeout/i);
    expect(await rowCounts()).toEqual({
      esims: (before.esims ?? 0) + 1,
      orders: (before.orders ?? 0) + 1,
    });
  });
});
