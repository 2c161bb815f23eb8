/**
 * The provider and the gateway going away: the request that needed them gets a clear answer
 * in the spec's words, the order stays where it can be taken up again, and the health probe
 * reports each system's last known state from the shop's own calls (calling nobody itself).
 * Another shop's stand-ins play the outside world, reached over the network as real ones are.
 */
import { catalogApiPaths, healthApiPath, orderMessages, type Plan } from '@tern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { syncAppCatalogue } from '../src/modules/catalog/sync-runner';
import { createTestApp, type TestApp } from './helpers/test-app';
import { type Buyer, ORDERS_TEST_ENVIRONMENT, openPayment, planIn, signIn } from './orders-kit';

let outside: TestApp;
let shop: TestApp;

beforeAll(async () => {
  outside = await createTestApp();
  shop = await createTestApp({
    ...ORDERS_TEST_ENVIRONMENT,
    ESIMGO_URL: `${outside.url}/_sandbox/esimgo/v2.4`,
    ESIMGO_API_KEY: outside.config.esimGo.apiKey,
    GATEWAY_URL: `${outside.url}/_sandbox/gateway`,
    GATEWAY_MERCHANT_ID: outside.config.gateway.merchantId,
    GATEWAY_PASSWORD: outside.config.gateway.password,
  });
});
afterAll(async () => {
  await shop?.close();
  await outside?.close();
});

async function health() {
  const response = await shop.app.inject({ method: 'GET', url: healthApiPath.href() });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

const checkedAt = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);

describe('the outside systems in the health probe', () => {
  it('reports a configured system unknown until the shop has called it, then up', async () => {
    await syncAppCatalogue(shop.app);
    expect(await health()).toEqual({
      status: 200,
      body: {
        status: 'ok',
        database: 'up',
        esimGo: { state: 'up', checkedAt },
        gateway: { state: 'unknown' },
      },
    });
  });
});

describe('the provider and the gateway out of reach', () => {
  let buyer: Buyer;
  let plan: Plan;

  beforeAll(async () => {
    buyer = await signIn(shop);
    plan = await planIn(shop, 'FR');
    await outside.app.close();
  });

  it("answers a new payment 502 in the spec's words and keeps the order to try again", async () => {
    const response = await openPayment(shop.request, buyer, plan);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: orderMessages.gatewayUnavailable });
    // The only order of this shop's database.
    const opened = await shop.database.db.select({ status: orders.status }).from(orders);
    expect(opened.map((row) => row.status)).toEqual(['created']);
  });

  it('reports them down, and stays in rotation: the shop still serves what it has', async () => {
    await expect(syncAppCatalogue(shop.app)).rejects.toThrow();
    expect(await health()).toEqual({
      status: 200,
      body: {
        status: 'ok',
        database: 'up',
        esimGo: { state: 'down', checkedAt },
        gateway: { state: 'down', checkedAt },
      },
    });
    const plans = await shop.app.inject({
      method: 'GET',
      url: catalogApiPaths.countryPlans.href('FR'),
    });
    expect(plans.statusCode).toBe(200);
  });
});
