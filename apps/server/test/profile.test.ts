import {
  breakdownFromTotal,
  type EsimBundlesView,
  type EsimDetailsView,
  formatAmount,
  type LedgerPage,
  type MyEsimList,
  type Plan,
  type ProfileLedgerEntry,
  planTitle,
  profileApiPaths,
  profileMessages,
} from '@tern/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../e2e/helpers/pdf';
import { esims } from '../src/db/schema';
import { syncAppCatalogue } from '../src/modules/catalog/sync-runner';
import {
  advanceClock,
  clearFault,
  setFault,
  setProfileStatus,
} from '../src/sandbox/esimgo/control-client';
import { movableClock } from './helpers/movable-clock';
import type { TestApp } from './helpers/test-app';
import { createTestApp } from './helpers/test-app';
import {
  type Buyer,
  bearer,
  buy,
  decodeQrPng,
  ORDERS_TEST_ENVIRONMENT,
  signIn,
} from './orders-kit';

// Usage readings are kept this long: short enough for the test to wait one out.
const USAGE_CACHE_MS = 1_500;
const SELLER = { name: 'Tern Travel SAL', address: 'Hamra Street, Beirut, Lebanon' };
const UNKNOWN_ICCID = '8900000000000000000';

let shop: TestApp;
/** The shop's own time: moved past the usage cache period instead of waiting it out. */
const shopClock = movableClock();
let owner: Buyer;
let stranger: Buyer;
/** The owner's purchases, oldest first. */
const purchases: { plan: Plan; reference: string; iccid: string }[] = [];

beforeAll(async () => {
  shop = await createTestApp(
    {
      ...ORDERS_TEST_ENVIRONMENT,
      ESIM_USAGE_CACHE_MS: String(USAGE_CACHE_MS),
      SELLER_NAME: SELLER.name,
      SELLER_ADDRESS: SELLER.address,
    },
    { clock: shopClock.clock },
  );
  await syncAppCatalogue(shop.app);
  owner = await signIn(shop);
  stranger = await signIn(shop, 'Karim Nasser');
  for (const plan of await twoDistinctFixedPlans('FR')) {
    const { reference, answer } = await buy(shop, owner, plan);
    purchases.push({ plan, reference, iccid: answer.iccid ?? '' });
  }
});
afterAll(async () => shop?.close());
afterEach(async () => {
  await clearFault(shop.url);
});

const first = () => purchase(0);
const second = () => purchase(1);

describe('the ledger', () => {
  it('lists each delivered purchase with its led_* fields, newest first', async () => {
    const page = await ledgerOf(owner);
    expect(page.total).toBe(2);
    expect(page.data.map((entry) => entry.led_payment_gateway_ref)).toEqual([
      second().reference,
      first().reference,
    ]);
    const entry = page.data[1] as ProfileLedgerEntry;
    expect(entry).toMatchObject({
      led_iccid: first().iccid,
      led_pla_name: first().plan.pla_name,
      led_pla_description: first().plan.pla_description,
      led_enduser_price: first().plan.pla_price,
      led_currency: 'USD',
      led_iso: 'FR',
      led_country: 'France',
      led_payment_gateway_ref: first().reference,
      // The plan in the shop's words, from its allowance in the catalogue.
      led_pla_title: titleOf(first().plan),
    });
    expect(entry.led_pla_title).toMatch(/^[\d.]+ (MB|GB) · \d+ days?$/);
    expect(entry.led_id).toBeGreaterThan(0);
    expect(Date.parse(entry.led_gl)).not.toBeNaN();
  });

  it('finds entries by ICCID, plan name or description, ignoring case', async () => {
    const byIccid = await ledgerOf(owner, { search: second().iccid.slice(-10) });
    expect(byIccid.data.map((entry) => entry.led_iccid)).toEqual([second().iccid]);
    const byName = await ledgerOf(owner, { search: first().plan.pla_name.toUpperCase() });
    expect(byName.data.map((entry) => entry.led_pla_name)).toEqual([first().plan.pla_name]);
    const byDescription = await ledgerOf(owner, {
      search: second().plan.pla_description.toLowerCase(),
    });
    expect(byDescription.total).toBe(1);
    expect((await ledgerOf(owner, { search: 'no such plan' })).total).toBe(0);
    // LIKE's wildcards are searched for as characters, not as "anything".
    expect((await ledgerOf(owner, { search: '%' })).total).toBe(0);
  });

  it('pages with skip and limit, and counts every match in total', async () => {
    const newest = await ledgerOf(owner, { limit: 1 });
    expect(newest.total).toBe(2);
    expect(newest.data.map((entry) => entry.led_iccid)).toEqual([second().iccid]);
    const older = await ledgerOf(owner, { skip: 1, limit: 1 });
    expect(older.data.map((entry) => entry.led_iccid)).toEqual([first().iccid]);
    expect(await ledgerOf(owner, { skip: 5 })).toEqual({ data: [], total: 2 });
    const tooMany = await get(profileApiPaths.ledger.href(owner.email, { limit: 1001 }), owner);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/limit/);
  });

  it('asks for a token and an e-mail address in the spec’s words', async () => {
    const anonymous = await get(profileApiPaths.ledger.href(owner.email));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Authentication token is required.' });
    const badToken = await get(profileApiPaths.ledger.href(owner.email), { token: 'not-a-token' });
    expect(badToken.statusCode).toBe(401);
    for (const email of ['', ' ']) {
      const blank = await get(profileApiPaths.ledger.href(email), owner);
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ message: 'Client email is required to fetch ledger.' });
    }
  });

  it('accepts the signed-in address in any case, and refuses anyone else’s with 403', async () => {
    expect((await ledgerOf(owner, {}, owner.email.toUpperCase())).total).toBe(2);
    const someoneElses = await get(profileApiPaths.ledger.href(owner.email), stranger);
    expect(someoneElses.statusCode).toBe(403);
    expect(someoneElses.json().message).toBe(profileMessages.emailMismatch);
    expect(await ledgerOf(stranger)).toEqual({ data: [], total: 0 });
  });
});

describe('my eSIMs', () => {
  it('lists the buyer’s eSIMs with the plan and destination each was bought with', async () => {
    const response = await get(profileApiPaths.myEsims.href(), owner);
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as MyEsimList;
    expect(data.map((esim) => esim.iccid)).toEqual([second().iccid, first().iccid]);
    expect(data[1]).toMatchObject({
      planName: first().plan.pla_name,
      planDescription: first().plan.pla_description,
      destination: { iso: 'FR', name: 'France' },
      bundles: [
        {
          title: titleOf(first().plan),
          validityDays: first().plan.pla_duration,
          planName: first().plan.pla_name,
          kind: 'purchase',
        },
      ],
    });
    expect(
      ((await get(profileApiPaths.myEsims.href(), stranger)).json() as MyEsimList).data,
    ).toEqual([]);
    expect((await get(profileApiPaths.myEsims.href())).statusCode).toBe(401);
  });
});

describe('eSIM details', () => {
  it('shows PIN, PUK, matching id, SM-DP+ address, the LPA string and one-tap links', async () => {
    const stored = await storedEsim(first().iccid);
    const response = await get(profileApiPaths.esimDetails.href(first().iccid), owner);
    expect(response.statusCode, response.body).toBe(200);
    const details = response.json() as EsimDetailsView;
    const lpa = `LPA:1$${stored.smdpAddress}$${stored.matchingId}`;
    expect(details).toMatchObject({
      iccid: first().iccid,
      matchingId: stored.matchingId,
      smdpAddress: stored.smdpAddress,
      profileStatus: 'Released',
      lpa,
      links: {
        ios: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpa)}`,
        android: `https://esimsetup.android.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpa)}`,
      },
    });
    expect(details.pin).toMatch(/^\d{4,8}$/);
    expect(details.puk).toMatch(/^\d{8}$/);
    expect(details.firstInstalledDateTime).toBeUndefined();
  });

  it('follows the provider’s profile status once the phone installs the eSIM', async () => {
    await setProfileStatus(shop.url, second().iccid, 'Installed');
    const details = (await get(profileApiPaths.esimDetails.href(second().iccid), owner)).json();
    expect(details.profileStatus).toBe('Installed');
    expect(Date.parse(details.firstInstalledDateTime)).not.toBeNaN();
  });

  it('says the provider cannot be reached when it fails, without details', async () => {
    await setFault(shop.url, { mode: 'error500' });
    const response = await get(profileApiPaths.esimDetails.href(first().iccid), owner);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: profileMessages.providerUnavailable });
  });
});

describe('bundle usage', () => {
  it('shows the data left falling as days pass, read from the provider at most once a period', async () => {
    const iccid = first().iccid;
    const before = await bundlesOf(iccid);
    const [bundle] = before.data.bundles;
    expect(bundle).toMatchObject({
      name: first().plan.pla_name,
      title: titleOf(first().plan),
      validityDays: first().plan.pla_duration,
    });
    const assignment = bundle?.assignments[0];
    expect(assignment?.unlimited).toBe(false);
    expect(assignment?.remainingQuantity).toBe(assignment?.initialQuantity);
    // Not started yet: the provider tells no start and no end, so neither is made up.
    expect(assignment).toMatchObject({ startTime: null, endTime: null });

    await advanceClock(shop.url, 24);
    // Within the cache period the same reading comes back, with the time it was read.
    expect(await bundlesOf(iccid)).toEqual(before);

    shopClock.advance(USAGE_CACHE_MS + 100);
    const after = await bundlesOf(iccid);
    expect(Date.parse(after.readAt)).toBeGreaterThan(Date.parse(before.readAt));
    const used = after.data.bundles[0]?.assignments[0];
    expect(used?.bundleState).toBe('active');
    expect(used?.remainingQuantity).toBeGreaterThan(0);
    expect(used?.remainingQuantity).toBeLessThan(assignment?.initialQuantity ?? 0);
    // Started: it ends its plan's validity after its start, not after its assignment.
    const startedAt = Date.parse(used?.startTime ?? '');
    expect(startedAt).toBeGreaterThan(Date.parse(used?.assignmentDateTime ?? ''));
    expect(Date.parse(used?.endTime ?? '') - startedAt).toBe(
      first().plan.pla_duration * 24 * 3_600_000,
    );
  });
});

describe('QR codes', () => {
  it('draws the LPA string of a ledger entry’s eSIM, 250 px square by default', async () => {
    const entry = await newestEntryOf(first().iccid);
    const stored = await storedEsim(first().iccid);
    const response = await get(profileApiPaths.ledgerEntryQr.href(entry.led_id), owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(decodeQrPng(response.rawPayload)).toEqual({
      width: 250,
      height: 250,
      text: `LPA:1$${stored.smdpAddress}$${stored.matchingId}`,
    });
    const bigger = await get(profileApiPaths.ledgerEntryQr.href(entry.led_id, 400), owner);
    expect(decodeQrPng(bigger.rawPayload).width).toBe(400);
    const tooSmall = await get(profileApiPaths.ledgerEntryQr.href(entry.led_id, 50), owner);
    expect(tooSmall.statusCode).toBe(400);
  });

  it('draws an eSIM’s QR code at /api/esim/details/qr/{iccid}/{size}', async () => {
    const stored = await storedEsim(second().iccid);
    const response = await get(profileApiPaths.esimQr.href(second().iccid, 300), owner);
    expect(response.statusCode).toBe(200);
    expect(decodeQrPng(response.rawPayload)).toEqual({
      width: 300,
      height: 300,
      text: `LPA:1$${stored.smdpAddress}$${stored.matchingId}`,
    });
    expect((await get(profileApiPaths.esimQr.href(second().iccid, 5000), owner)).statusCode).toBe(
      400,
    );
    expect((await get(profileApiPaths.esimQr.href(second().iccid))).statusCode).toBe(401);
  });
});

describe('invoices', () => {
  it('issues a PDF with the seller, buyer, plan, VAT split, total and payment reference', async () => {
    const entry = await newestEntryOf(second().iccid);
    const response = await get(profileApiPaths.invoicePdf.href(entry.led_id), owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const number = `INV-${String(entry.led_id).padStart(6, '0')}`;
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = pdfText(response.rawPayload);
    const amounts = breakdownFromTotal(entry.led_enduser_price);
    for (const expected of [
      SELLER.name,
      SELLER.address,
      `Invoice number: ${number}`,
      `Date: ${entry.led_gl.slice(0, 10)}`,
      owner.name,
      owner.email,
      entry.led_pla_title,
      'eSIM data plan for France, quantity 1',
      `eSIM ICCID ${entry.led_iccid}`,
      `Subtotal\n${formatAmount(amounts.subtotal)}`,
      `VAT 11%\n${formatAmount(amounts.vat)}`,
      `Stamps\n${formatAmount(amounts.stamps)}`,
      `Total (USD)\nUSD ${formatAmount(amounts.total)}`,
      entry.led_payment_gateway_ref,
    ]) {
      expect(text).toContain(expected);
    }
    // The provider's own words stay with the provider.
    expect(text).not.toContain(entry.led_pla_description);
  });
});

describe('another buyer’s things', () => {
  it('answer 404 exactly like things that do not exist', async () => {
    const entry = await newestEntryOf(first().iccid);
    const theirs = [
      profileApiPaths.esimDetails.href(first().iccid),
      profileApiPaths.esimBundles.href(first().iccid),
      profileApiPaths.esimQr.href(first().iccid),
      profileApiPaths.ledgerEntryQr.href(entry.led_id),
      profileApiPaths.invoicePdf.href(entry.led_id),
    ];
    const missing = [
      profileApiPaths.esimDetails.href(UNKNOWN_ICCID),
      profileApiPaths.esimBundles.href(UNKNOWN_ICCID),
      profileApiPaths.esimQr.href(UNKNOWN_ICCID),
      profileApiPaths.ledgerEntryQr.href(999_999),
      profileApiPaths.invoicePdf.href(999_999),
    ];
    for (const [index, path] of theirs.entries()) {
      const refused = await get(path, stranger);
      const absent = await get(missing[index] ?? '', stranger);
      expect(refused.statusCode, path).toBe(404);
      expect(refused.body).toBe(absent.body);
    }
    for (const path of theirs) expect((await get(path)).statusCode, path).toBe(401);
  });
});

describe('a top-up', () => {
  it('shows on the eSIM it tops up, above the first purchase, in the shop’s words', async () => {
    const topUpPlan = second().plan;
    const { answer } = await buy(shop, owner, topUpPlan, {
      pur_type: 'Topup',
      pur_client_iccid: first().iccid,
    });
    expect(answer.status).toBe('fulfilled');

    const { data } = (await get(profileApiPaths.myEsims.href(), owner)).json() as MyEsimList;
    // Still two eSIMs: a top-up adds a bundle, not an eSIM.
    expect(data.map((esim) => esim.iccid)).toEqual([second().iccid, first().iccid]);
    const card = data.find((esim) => esim.iccid === first().iccid);
    expect(card?.bundles.map(({ title, kind }) => ({ title, kind }))).toEqual([
      { title: titleOf(topUpPlan), kind: 'topup' },
      { title: titleOf(first().plan), kind: 'purchase' },
    ]);
    const [newest, oldest] = card?.bundles ?? [];
    expect(Date.parse(newest?.purchasedAt ?? '')).toBeGreaterThan(
      Date.parse(oldest?.purchasedAt ?? ''),
    );

    // The usage names both bundles the same way.
    shopClock.advance(USAGE_CACHE_MS + 100);
    const usage = await bundlesOf(first().iccid);
    expect(usage.data.bundles.map((bundle) => bundle.title)).toEqual([
      titleOf(first().plan),
      titleOf(topUpPlan),
    ]);
  });
});

// ---- helpers ----

function titleOf(plan: Plan): string {
  return planTitle({
    dataMb: plan.pla_data_amount,
    unlimited: plan.pla_unlimited,
    durationDays: plan.pla_duration,
  });
}

function purchase(index: number) {
  const found = purchases[index];
  if (!found) throw new Error(`Purchase ${index} was not made`);
  return found;
}

/** Two fixed-data plans whose names and descriptions do not contain each other's. */
async function twoDistinctFixedPlans(iso: string): Promise<[Plan, Plan]> {
  const response = await shop.app.inject({ method: 'GET', url: `/api/plan/country/${iso}` });
  const fixed = (response.json() as Plan[]).filter((plan) => !plan.pla_unlimited);
  const apart = (a: Plan, b: Plan) =>
    !a.pla_name.toLowerCase().includes(b.pla_name.toLowerCase()) &&
    !b.pla_name.toLowerCase().includes(a.pla_name.toLowerCase()) &&
    a.pla_description.toLowerCase() !== b.pla_description.toLowerCase() &&
    !a.pla_description.toLowerCase().includes(b.pla_description.toLowerCase()) &&
    !b.pla_description.toLowerCase().includes(a.pla_description.toLowerCase());
  for (const a of fixed) {
    const b = fixed.find((other) => other !== a && apart(a, other));
    if (b) return [a, b];
  }
  throw new Error(`No two distinct fixed plans on sale in ${iso}`);
}

function get(url: string, buyer?: Pick<Buyer, 'token'>) {
  return shop.app.inject({
    method: 'GET',
    url,
    headers: buyer ? bearer(buyer) : {},
  });
}

async function ledgerOf(
  buyer: Buyer,
  query: Parameters<typeof profileApiPaths.ledger.href>[1] = {},
  email = buyer.email,
): Promise<LedgerPage> {
  const response = await shop.app.inject({
    method: 'GET',
    url: profileApiPaths.ledger.href(email, query),
    headers: bearer(buyer),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LedgerPage;
}

async function newestEntryOf(iccid: string): Promise<ProfileLedgerEntry> {
  const [entry] = (await ledgerOf(owner, { search: iccid })).data;
  if (!entry) throw new Error(`No ledger entry for ${iccid}`);
  return entry;
}

async function bundlesOf(iccid: string): Promise<EsimBundlesView> {
  const response = await get(profileApiPaths.esimBundles.href(iccid), owner);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as EsimBundlesView;
}

async function storedEsim(iccid: string) {
  const [row] = await shop.database.db.select().from(esims).where(eq(esims.iccid, iccid));
  if (!row) throw new Error(`eSIM ${iccid} was not stored`);
  return row;
}
