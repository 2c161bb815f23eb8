/**
 * Orders at eSIM Go are spaced (issue 29, line 13): its help centre asks for at least 3 s
 * between orders, and every instance takes its turn from one row, so two instances selling at
 * the same moment still place their orders apart. Counted in the simulator's own order table.
 */
import type { Plan } from '@tern/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { esimGoSandboxOrders } from '../src/db/schema';
import type { TestApp } from './helpers/test-app';
import {
  type Buyer,
  confirmed,
  createOrdersTestApp,
  openedPayment,
  payOnHostedPage,
  planIn,
  runJobsUntil,
  type SecondInstance,
  secondInstance,
  signIn,
} from './orders-kit';

const SPACING_MS = 1500;

let shop: TestApp;
let other: SecondInstance;
let plan: Plan;

beforeAll(async () => {
  shop = await createOrdersTestApp({ ESIMGO_ORDER_SPACING_MS: String(SPACING_MS) });
  other = await secondInstance(shop);
  plan = await planIn(shop, 'FR');
});
afterAll(async () => {
  await other?.close();
  await shop?.close();
});

async function paid(buyer: Buyer) {
  const session = await openedPayment(shop, buyer, plan);
  const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
  return { reference: session.led_payment_gateway_ref, indicator };
}

describe('orders placed at eSIM Go', () => {
  it('are spaced by the configured time, also when two instances sell at once', async () => {
    const buyers = await Promise.all([signIn(shop, 'Maya Haddad'), signIn(shop, 'Omar Khalil')]);
    const [first, second] = await Promise.all(buyers.map(paid));
    if (!first || !second) throw new Error('Two payments were expected');
    // Each buyer comes back to another instance at the same moment.
    await Promise.all([
      confirmed(shop.app, buyers[0] as Buyer, first.reference, first.indicator),
      confirmed(other.app, buyers[1] as Buyer, second.reference, second.indicator),
    ]);
    for (const { reference } of [first, second]) {
      expect(await runJobsUntil(shop, reference, (s) => s === 'fulfilled', 15_000)).toBe(
        'fulfilled',
      );
    }
    const placed = await shop.database.db
      .select({ createdAt: esimGoSandboxOrders.createdAt })
      .from(esimGoSandboxOrders)
      .where(eq(esimGoSandboxOrders.type, 'transaction'))
      .orderBy(desc(esimGoSandboxOrders.createdAt))
      .limit(2);
    const [later, earlier] = placed.map((row) => row.createdAt.getTime());
    // A little under the spacing: the simulator stamps the order once it has it.
    expect((later ?? 0) - (earlier ?? 0)).toBeGreaterThanOrEqual(SPACING_MS - 100);
  });

  it('are spaced by 3 s with the real eSIM Go, and not with the built-in simulator', () => {
    const real = { ESIMGO_URL: 'https://api.esim-go.com/v2.4', ESIMGO_API_KEY: 'key' };
    expect(loadConfig(real).orders.providerOrderSpacingMs).toBe(3000);
    expect(loadConfig({}).orders.providerOrderSpacingMs).toBe(0);
  });
});
