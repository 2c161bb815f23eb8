/**
 * Issue 31, checks before payment, over the API: the look-alike destinations of a country
 * (GET /api/plan/lookalikes/{iso}), cached like the catalogue's other answers, and the refusal
 * of a plan for the buyer's own country (the account's mobile country) unless the buyer
 * confirms it.
 */
import { lookalikesApiPath, orderMessages } from '@tern/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import type { TestApp } from './helpers/test-app';
import { type Buyer, createOrdersTestApp, mailTo, openPayment, planIn } from './orders-kit';

let shop: TestApp;

beforeAll(async () => {
  shop = await createOrdersTestApp();
});
afterAll(async () => shop?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'GET', url, headers });

describe('GET /api/plan/lookalikes/{iso}', () => {
  it('answers the countries on sale a traveller may have meant: Austria gives Australia', async () => {
    const austria = await get(lookalikesApiPath.href('AT'));
    expect(austria.statusCode, austria.body).toBe(200);
    expect(austria.json()).toContain('AU');
    const australia = await get(lookalikesApiPath.href('AU'));
    expect(australia.json()).toContain('AT');
    // Lower case and the trailing slash are the same address.
    expect((await get(`${lookalikesApiPath.href('at')}/`)).json()).toEqual(austria.json());
  });

  it('answers the issue’s pairs both ways, and nothing for a country without a look-alike', async () => {
    for (const [a, b] of [
      ['NE', 'NG'],
      ['SK', 'SI'],
      ['SD', 'SS'],
      ['IE', 'IS'],
    ]) {
      expect((await get(lookalikesApiPath.href(a as string))).json(), a).toContain(b);
      expect((await get(lookalikesApiPath.href(b as string))).json(), b).toContain(a);
    }
    const france = await get(lookalikesApiPath.href('FR'));
    expect(france.statusCode).toBe(200);
    expect(france.json()).toEqual([]);
  });

  it('is cached like the catalogue: strong ETag, five minutes public, 304 when current', async () => {
    const first = await get(lookalikesApiPath.href('AT'));
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    // Through the app's hooks: the security headers are there.
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    const again = await get(lookalikesApiPath.href('AT'), {
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('refuses a code that is not one (400) and a country the shop does not list (404)', async () => {
    const junk = await get(lookalikesApiPath.href('A1'));
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toContain('Country code must be two letters, like FR');
    const unknown = await get(lookalikesApiPath.href('ZZ'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Country not found');
  });
});

let sequence = 0;

/** A new traveller whose account's mobile number is `mobile`, signed in. */
async function signInWithMobile(mobile: string): Promise<Buyer> {
  sequence += 1;
  const email = `home.${Date.now().toString(36)}${sequence}@example.com`;
  const name = 'Camille Martin';
  const form = { cli_email: email, cli_name: name, cli_mobile: mobile };
  const remoteAddress = `10.31.${sequence}.${(Date.now() % 250) + 1}`;
  await shop.request({ method: 'POST', url: '/api/client/signup', payload: form, remoteAddress });
  const [mail] = await mailTo(shop.app, email);
  const code = mail?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`No sign-in code was mailed to ${email}`);
  const response = await shop.request({
    method: 'POST',
    url: '/api/client/validateotp',
    payload: { ...form, cli_number: code },
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { email, name, token: response.json().token as string };
}

const orderCount = async () =>
  (await shop.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;

describe('a plan for the buyer’s own country', () => {
  it('is refused with a clear 400 unless the buyer confirms it, and nothing is ordered', async () => {
    const buyer = await signInWithMobile('+33 6 12 34 56 78');
    const plan = await planIn(shop, 'FR');
    const before = await orderCount();

    const refused = await openPayment(shop.request, buyer, plan);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(orderMessages.homeCountryUnconfirmed);
    const notConfirmed = await openPayment(shop.request, buyer, plan, {
      pur_home_country_confirmed: false,
    });
    expect(notConfirmed.statusCode).toBe(400);
    expect(await orderCount()).toBe(before);

    const confirmed = await openPayment(shop.request, buyer, plan, {
      pur_home_country_confirmed: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await orderCount()).toBe(before + 1);
  });

  it('says the refusal in the buyer’s language', async () => {
    const buyer = await signInWithMobile('+33 6 12 34 56 79');
    const plan = await planIn(shop, 'FR');
    const french = await openPayment(shop.request, buyer, plan, {}, { 'accept-language': 'fr' });
    expect(french.statusCode).toBe(400);
    expect(french.json().message).toMatch(/^Ce forfait est pour votre propre pays/);
    const arabic = await openPayment(shop.request, buyer, plan, {}, { 'accept-language': 'ar' });
    expect(arabic.json().message).toMatch(/^هذه الباقة لبلدك/);
  });

  it('asks nothing for another country, and refuses a confirmation that is not true or false', async () => {
    const buyer = await signInWithMobile('+33 6 12 34 56 70');
    const abroad = await openPayment(shop.request, buyer, await planIn(shop, 'DE'));
    expect(abroad.statusCode, abroad.body).toBe(200);
    const odd = await openPayment(shop.request, buyer, await planIn(shop, 'DE'), {
      pur_home_country_confirmed: 'yes',
    });
    expect(odd.statusCode).toBe(400);
  });

  it('is refused through the legacy purchase call too, which cannot confirm it', async () => {
    const buyer = await signInWithMobile('+33 6 12 34 56 71');
    const plan = await planIn(shop, 'FR');
    const legacy = await shop.request({
      method: 'POST',
      url: '/api/payment/',
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: { pla_name: plan.pla_name, cli_email: buyer.email, cli_name: buyer.name },
    });
    expect(legacy.statusCode, legacy.body).toBe(400);
    expect(legacy.json().message).toBe(orderMessages.homeCountryUnconfirmed);
  });
});
