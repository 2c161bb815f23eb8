/**
 * Checks before charging (issue 29): eSIM Go's `type: validate` order and, for a top-up,
 * GET /esims/{iccid}/compatible/{bundle}, both before the payment session opens. A refusal
 * tells the buyer why and leaves nothing behind: no shop order, no gateway session, no provider
 * order, counted in the stand-ins' own tables. A check that gets no answer lets the purchase go on.
 */
import { orderMessages, type Plan } from '@tern/contract';
import { count } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { gatewaySandboxSessions } from '../src/db/schema/gateway-sandbox';
import {
  changeCatalogue,
  resetSimulator,
  setBalance,
  setFault,
  setShapes,
} from '../src/sandbox/esimgo/control-client';
import type { TestApp } from './helpers/test-app';
import {
  type Buyer,
  buy,
  createOrdersTestApp,
  openPayment,
  planIn,
  providerOrderCount,
  signIn,
} from './orders-kit';

let shop: TestApp;
let plan: Plan;
let buyer: Buyer;

beforeAll(async () => {
  shop = await createOrdersTestApp();
  plan = await planIn(shop, 'FR');
  buyer = await signIn(shop);
});
afterAll(async () => shop?.close());
afterEach(async () => resetSimulator(shop.url));

const db = () => shop.app.database.db;

/** What a purchase leaves behind anywhere: shop orders, gateway sessions, provider orders. */
async function traces() {
  const [shopOrders] = await db().select({ n: count() }).from(orders);
  const [sessions] = await db().select({ n: count() }).from(gatewaySandboxSessions);
  return {
    shopOrders: shopOrders?.n ?? 0,
    gatewaySessions: sessions?.n ?? 0,
    providerOrders: await providerOrderCount(db()),
  };
}

async function refusedWith(extra: Record<string, unknown>, message: string) {
  const before = await traces();
  const response = await openPayment(shop.request, buyer, plan, extra);
  expect(response.statusCode, response.body).toBe(409);
  expect(response.json().message).toBe(message);
  expect(await traces()).toEqual(before);
}

const topUpOf = (iccid: string) => ({ pur_type: 'Topup', pur_client_iccid: iccid });

describe('the check before payment', () => {
  it('refuses a plan eSIM Go has withdrawn since the last sync, and nothing is charged', async () => {
    await changeCatalogue(shop.url, { withdrawn: [plan.pla_name] });
    await refusedWith({}, orderMessages.planUnavailable);
  });

  it('refuses a plan whose price at eSIM Go went up since the last sync; a lower one sells', async () => {
    const providerPrice = await providerPriceOf(plan.pla_name);
    await changeCatalogue(shop.url, { prices: { [plan.pla_name]: providerPrice + 1 } });
    await refusedWith({}, orderMessages.priceChanged);

    await changeCatalogue(shop.url, { prices: { [plan.pla_name]: providerPrice / 2 } });
    expect((await openPayment(shop.request, buyer, plan)).statusCode).toBe(200);
  });

  it('refuses an order the eSIM Go balance cannot pay, though the shop has no reading of it yet', async () => {
    await setBalance(shop.url, { balance: 0.01 });
    await refusedWith({}, orderMessages.cannotSellNow);
  });

  it('goes on when the check gets no answer: the purchase is delivered', async () => {
    // Both attempts of the check fail; a fault armed this way never touches the purchase.
    await setFault(shop.url, { mode: 'error500', count: 2, orderType: 'validate' });
    const { answer } = await buy(shop, buyer, plan);
    expect(answer.status).toBe('fulfilled');
  });
});

describe('the check before a top-up', () => {
  let iccid: string;

  beforeAll(async () => {
    const { answer } = await buy(shop, buyer, plan);
    iccid = answer.iccid ?? '';
    expect(iccid).not.toBe('');
  });

  it.each(['message', 'boolean'] as const)(
    'refuses a bundle the eSIM cannot take, answered as a %s',
    async (shape) => {
      await setShapes(shop.url, { compatibility: shape });
      await changeCatalogue(shop.url, { incompatible: [plan.pla_name] });
      await refusedWith(topUpOf(iccid), orderMessages.topUpIncompatible);
    },
  );

  it('tops up with a bundle the eSIM can take', async () => {
    const { answer } = await buy(shop, buyer, plan, topUpOf(iccid));
    expect(answer).toMatchObject({ status: 'fulfilled', iccid });
  });
});

async function providerPriceOf(bundle: string): Promise<number> {
  const response = await fetch(
    `${shop.url}/_sandbox/esimgo/v2.4/catalogue/bundle/${encodeURIComponent(bundle)}`,
    { headers: { 'X-API-Key': shop.config.esimGo.apiKey } },
  );
  return ((await response.json()) as { price: number }).price;
}
