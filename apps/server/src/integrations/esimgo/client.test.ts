import { afterEach, describe, expect, it } from 'vitest';
import {
  closeFakeServices,
  type FakeHandler,
  answerJson as json,
  startFakeService,
} from '../http/fake-service';
import { createEsimGoClient, EsimGoError, retryAfterMs } from './client';
import { compatibilityAnswerSchema } from './schemas';

afterEach(closeFakeServices);

/** A stand-in provider on a free local port; the handler is told which hit this is (1, 2…). */
const fakeProvider = (handler: FakeHandler) => startFakeService(handler, '/v2.4');

function bundle(name: string) {
  return {
    name,
    description: `eSIM, 1GB, 7 Days, France, V2`,
    groups: ['Standard Fixed'],
    countries: [{ name: 'France', region: 'Europe', iso: 'FR' }],
    dataAmount: 1000,
    duration: 7,
    unlimited: false,
    autostart: true,
    roamingEnabled: [],
    price: 4.2,
    billingType: 'FixedCost',
  };
}

const fast = { apiKey: 'key-1', backoffMs: 1, timeoutMs: 500, retries: 2 };

describe('eSIM Go client', () => {
  it('walks every catalogue page with the API key and reports progress', async () => {
    const fake = await fakeProvider((request, response) => {
      const page = Number(new URL(request.url ?? '', 'http://x').searchParams.get('page'));
      const names = page === 1 ? ['a', 'b'] : ['c'];
      json(response, 200, { bundles: names.map(bundle), pageCount: 2, rows: 3, pageSize: 2 });
    });
    const progress: [number, number][] = [];
    const client = createEsimGoClient({ ...fast, baseUrl: fake.url, perPage: 2 });
    const bundles = await client.listCatalogue({ onProgress: (...step) => progress.push(step) });
    expect(bundles.map((item) => item.name)).toEqual(['a', 'b', 'c']);
    expect(bundles[0]?.billingType).toBe('FixedCost');
    expect(progress).toEqual([
      [2, 3],
      [3, 3],
    ]);
    expect(fake.hits.map((hit) => hit.headers['x-api-key'])).toEqual(['key-1', 'key-1']);
    expect(fake.hits[1]?.url).toBe('/v2.4/catalogue?page=2&perPage=2');
  });

  it('refuses a catalogue that came back shorter than announced', async () => {
    const fake = await fakeProvider((_request, response) =>
      json(response, 200, { bundles: [bundle('a')], pageCount: 1, rows: 5, pageSize: 1000 }),
    );
    const client = createEsimGoClient({ ...fast, baseUrl: fake.url });
    await expect(client.listCatalogue()).rejects.toThrow(/changed while it was read/);
  });

  it('names the bundle a catalogue page got wrong, checked one by one', async () => {
    const fake = await fakeProvider((_request, response) =>
      json(response, 200, {
        bundles: [bundle('a'), { ...bundle('b'), duration: 'seven' }],
        pageCount: 1,
        rows: 2,
      }),
    );
    const client = createEsimGoClient({ ...fast, baseUrl: fake.url });
    const failure = await client.listCatalogue().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EsimGoError);
    expect(failure).toMatchObject({ failure: 'invalid-response', status: 200 });
    expect((failure as Error).message).toMatch(
      /^eSIM Go GET \/catalogue answered an unexpected shape \(bundles\.1\.duration: /,
    );
  });

  it('tries again after a 500 and succeeds', async () => {
    const fake = await fakeProvider((_request, response, hit) =>
      hit === 1
        ? json(response, 500, { message: 'boom' })
        : json(response, 200, { bundles: [bundle('a')], pageCount: 1, rows: 1 }),
    );
    const client = createEsimGoClient({ ...fast, baseUrl: fake.url });
    expect(await client.listCatalogue()).toHaveLength(1);
    expect(fake.hits).toHaveLength(2);
  });

  it('waits as long as Retry-After says before trying again', async () => {
    const fake = await fakeProvider((_request, response, hit) =>
      hit === 1
        ? json(response, 429, { message: 'slow down' }, { 'retry-after': '1' })
        : json(response, 200, {
            iccid: '8944',
            matchingId: 'M',
            smdpAddress: 'rsp',
            profileStatus: 'Released',
          }),
    );
    const client = createEsimGoClient({ ...fast, baseUrl: fake.url });
    const started = Date.now();
    const esim = await client.getEsim('8944');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(esim.profileStatus).toBe('Released');
  });

  it('gives up with a typed error carrying the status once retries run out', async () => {
    const fake = await fakeProvider((_request, response) =>
      json(response, 503, { message: 'down' }),
    );
    const client = createEsimGoClient({ ...fast, baseUrl: fake.url });
    const error = await client.getEsim('8944').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EsimGoError);
    expect(error).toMatchObject({ status: 503, failure: 'http', transient: true });
    expect(fake.hits).toHaveLength(3);
  });

  it('does not retry a client error such as a wrong key', async () => {
    // eSIM Go answers a bad key 403: https://docs.esim-go.com/api/v2_4/operations/esimsiccid/get
    const fake = await fakeProvider((_request, response) => json(response, 403, { message: 'no' }));
    const client = createEsimGoClient({ ...fast, baseUrl: fake.url });
    await expect(client.getEsimBundles('8944')).rejects.toMatchObject({
      status: 403,
      transient: false,
    });
    expect(fake.hits).toHaveLength(1);
  });

  it('times out a silent provider, retrying, then fails as a timeout', async () => {
    const fake = await fakeProvider(() => {
      // Never answers.
    });
    const client = createEsimGoClient({ ...fast, baseUrl: fake.url, timeoutMs: 100, retries: 1 });
    await expect(client.getEsim('8944')).rejects.toMatchObject({
      failure: 'timeout',
      status: undefined,
    });
    expect(fake.hits).toHaveLength(2);
  });

  it('never repeats a purchase that may have gone through, but does after a 429', async () => {
    const order = {
      type: 'transaction' as const,
      assign: true,
      order: [
        { type: 'bundle' as const, item: 'esim_1GB_7D_FR_V2', quantity: 1, allowReassign: false },
      ],
    };
    const failing = await fakeProvider((_request, response) => json(response, 500, {}));
    const client = createEsimGoClient({ ...fast, baseUrl: failing.url });
    await expect(client.createOrder(order)).rejects.toMatchObject({ status: 500 });
    expect(failing.hits).toHaveLength(1);

    failing.close();
    const limited = await fakeProvider((_request, response, hit) =>
      hit === 1
        ? json(response, 429, {}, { 'retry-after': '0' })
        : json(response, 200, {
            order: [{ esims: [{ iccid: '8944', matchingId: 'M', smdpAddress: 'rsp' }] }],
            total: 4.2,
            currency: 'USD',
            status: 'Completed',
            orderReference: 'ref-1',
          }),
    );
    const retrying = createEsimGoClient({ ...fast, baseUrl: limited.url });
    const answer = await retrying.createOrder(order);
    expect(answer.order[0]?.esims[0]?.iccid).toBe('8944');
    expect(limited.hits).toHaveLength(2);
  });

  it('rejects an answer of the wrong shape without retrying', async () => {
    const fake = await fakeProvider((_request, response) =>
      json(response, 200, { bundles: 'nope' }),
    );
    const client = createEsimGoClient({ ...fast, baseUrl: fake.url });
    await expect(client.listCatalogue()).rejects.toMatchObject({ failure: 'invalid-response' });
    expect(fake.hits).toHaveLength(1);
  });

  it('reads firstInstalledDateTime as milliseconds or as ISO text, giving ISO text', async () => {
    const fake = await fakeProvider((_request, response, hit) =>
      json(response, 200, {
        iccid: '8944',
        matchingId: 'M',
        smdpAddress: 'rsp',
        profileStatus: 'Installed',
        firstInstalledDateTime: [1723541877280, '2024-08-13T09:37:57.280Z', '1723541877280', null][
          hit - 1
        ],
      }),
    );
    const client = createEsimGoClient({ ...fast, baseUrl: fake.url });
    const expected = '2024-08-13T09:37:57.280Z';
    expect((await client.getEsim('8944')).firstInstalledDateTime).toBe(expected);
    expect((await client.getEsim('8944')).firstInstalledDateTime).toBe(expected);
    expect((await client.getEsim('8944')).firstInstalledDateTime).toBe(expected);
    expect((await client.getEsim('8944')).firstInstalledDateTime).toBeUndefined();
  });

  it('refuses a firstInstalledDateTime that is no time', async () => {
    const fake = await fakeProvider((_request, response) =>
      json(response, 200, {
        iccid: '8944',
        matchingId: 'M',
        smdpAddress: 'rsp',
        profileStatus: 'Installed',
        firstInstalledDateTime: 'yesterday-ish',
      }),
    );
    const client = createEsimGoClient({ ...fast, baseUrl: fake.url });
    await expect(client.getEsim('8944')).rejects.toMatchObject({ failure: 'invalid-response' });
  });

  it('waits out 503 Processing as Retry-After says, then reads the eSIMs of an order', async () => {
    const fake = await fakeProvider((_request, response, hit) =>
      hit === 1
        ? json(response, 503, { message: 'Processing' }, { 'retry-after': '1' })
        : json(response, 200, [{ iccid: '8944', matchingId: 'M', smdpAddress: 'rsp' }]),
    );
    const client = createEsimGoClient({ ...fast, baseUrl: fake.url });
    const started = Date.now();
    const installs = await client.getAssignments('ref-1');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(installs.map((row) => row.iccid)).toEqual(['8944']);
    expect(fake.hits[1]?.url).toBe('/v2.4/esims/assignments?reference=ref-1');
    expect(fake.hits[1]?.headers.accept).toBe('application/json');
  });

  it('stops waiting on Processing after its retries, with a typed error', async () => {
    const fake = await fakeProvider((_request, response) =>
      json(response, 503, { message: 'Processing' }, { 'retry-after': '0' }),
    );
    const client = createEsimGoClient({ ...fast, baseUrl: fake.url });
    const error = await client.getOrder('ref-1').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 503, processing: true, retryAfterMs: 0 });
    expect(fake.hits).toHaveLength(3);
  });

  it('lists orders created since a moment, page by page, with the retries asked for', async () => {
    const fake = await fakeProvider((_request, response) =>
      json(response, 500, { message: 'boom' }),
    );
    const client = createEsimGoClient({ ...fast, baseUrl: fake.url });
    const since = new Date('2030-01-01T00:00:00.000Z');
    await expect(
      client.listOrders({ createdFrom: since, page: 2, perPage: 100 }, { retries: 0 }),
    ).rejects.toMatchObject({ status: 500 });
    expect(fake.hits).toHaveLength(1);
    expect(new URL(fake.hits[0]?.url ?? '', 'http://x').searchParams.toString()).toBe(
      'createdAt=gte%3A2030-01-01T00%3A00%3A00.000Z&page=2&limit=100',
    );
  });

  it('asks for used bundles too, so a depleted one still shows', async () => {
    const fake = await fakeProvider((_request, response) => json(response, 200, { bundles: [] }));
    const client = createEsimGoClient({ ...fast, baseUrl: fake.url });
    await client.getEsimBundles('8944');
    expect(fake.hits[0]?.url).toBe('/v2.4/esims/8944/bundles?includeUsed=true');
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Tue, 01 Jan 2030 00:00:03 GMT', now)).toBe(3000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe('reading the compatibility answer in each documented form', () => {
  it.each([
    [{ compatible: true }, true],
    [{ compatible: false }, false],
    [{ message: 'Bundle esim_1GB_7D_FR_V2 is compatible with eSIM 8944' }, true],
    [{ message: 'Bundle esim_1GB_7D_FR_V2 is not compatible with eSIM 8944' }, false],
    [{ message: 'Incompatible' }, false],
    [{ message: 'OK' }, undefined],
    [{}, undefined],
  ])('%j reads as %s', (answer, expected) => {
    expect(compatibilityAnswerSchema.parse(answer)).toBe(expected);
  });
});
