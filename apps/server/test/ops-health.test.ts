/**
 * The console's health section (issue 30): each part's readiness, and the last 24 hours hour by
 * hour — orders, fulfilment time from payment to delivery, and the calls to eSIM Go and the
 * gateway with their error rates, counted in the database so that every instance's calls add up.
 */
import { type OpsHealth, opsMoneyPaths, PIPELINE_HOURS, type PipelineHour } from '@tern/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outsideCallHours } from '../src/db/schema';
import { clearFault, setFault } from '../src/sandbox/esimgo/control-client';
import { movableClock } from './helpers/movable-clock';
import { asOperator, operatorSessions } from './helpers/operator-session';
import type { TestApp } from './helpers/test-app';
import {
  buy,
  confirmed,
  createOrdersTestApp,
  openedPayment,
  payOnHostedPage,
  planIn,
  runJobsUntil,
  secondInstance,
  signIn,
} from './orders-kit';

const VIEWER = 'view@example.com';
const HOUR_MS = 3_600_000;
/** How long the second order waits for its eSIM after its payment. */
const WAIT_MS = 120_000;
const clock = movableClock();

let shop: TestApp;
let viewerToken: string;

beforeAll(async () => {
  // The orders below and their deliveries all fall in one hour: not in its last ten minutes.
  const intoHour = Date.now() % HOUR_MS;
  if (intoHour > 50 * 60_000) clock.setAhead(HOUR_MS - intoHour + 5 * 60_000);
  shop = await createOrdersTestApp(
    // No usage poll: the only calls to eSIM Go are the ones the tests make.
    { OPERATOR_EMAILS: `${VIEWER}:viewer`, ALERTS_POLL_ENABLED: 'false' },
    { clock: clock.clock },
  );
  viewerToken = await operatorSessions(() => shop, clock)(VIEWER);
  const plan = await planIn(shop, 'FR');
  const buyer = await signIn(shop);

  await buy(shop, buyer, plan);

  // Paid while eSIM Go fails: delivered two minutes later, by the worker's retry.
  const session = await openedPayment(shop, buyer, plan);
  const reference = session.led_payment_gateway_ref;
  const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
  await setFault(shop.url, { mode: 'error500' });
  await confirmed(shop.app, buyer, reference, indicator);
  await clearFault(shop.url);
  clock.advance(WAIT_MS);
  expect(await runJobsUntil(shop, reference, (status) => status === 'fulfilled')).toBe('fulfilled');
});
afterAll(async () => shop?.close());

async function health(): Promise<OpsHealth> {
  const response = await shop.app.inject({
    method: 'GET',
    url: opsMoneyPaths.health.href(),
    headers: asOperator(viewerToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json() as OpsHealth;
}

const thisHour = async (): Promise<PipelineHour> => {
  const hours = (await health()).hours;
  const last = hours.at(-1);
  if (!last) throw new Error('No hours');
  return last;
};

describe('the health of the shop', () => {
  it('tells the readiness of each part', async () => {
    expect((await health()).parts).toEqual({
      database: 'up',
      redis: 'in-memory',
      esimGo: { state: 'stand-in', checkedAt: null },
      gateway: { state: 'stand-in', checkedAt: null },
      mail: { state: 'stand-in', checkedAt: null },
      catalogue: 'ready',
    });
  });

  it('gives 24 hourly points, the quiet hours at zero', async () => {
    const { hours } = await health();
    expect(hours).toHaveLength(PIPELINE_HOURS);
    const currentHour = Math.floor(clock.clock().getTime() / HOUR_MS) * HOUR_MS;
    expect(hours.map((point) => Date.parse(point.hour))).toEqual(
      Array.from({ length: PIPELINE_HOURS }, (_, index) => currentHour - (23 - index) * HOUR_MS),
    );
    const quiet = { calls: 0, failed: 0, errorRate: 0 };
    expect(hours[0]).toEqual({
      hour: new Date(currentHour - 23 * HOUR_MS).toISOString(),
      orders: 0,
      paid: 0,
      delivered: 0,
      fulfilmentP50Seconds: null,
      fulfilmentP99Seconds: null,
      esimGo: quiet,
      gateway: quiet,
      mail: quiet,
    });
  });

  it("counts the hour's orders and the time from payment to delivery", async () => {
    const hour = await thisHour();
    expect(hour).toMatchObject({ orders: 2, paid: 2, delivered: 2 });
    const p50 = hour.fulfilmentP50Seconds ?? Number.NaN;
    const p99 = hour.fulfilmentP99Seconds ?? Number.NaN;
    // One order waited at once, the other two minutes: the median lies between them, the
    // 99th percentile near the longer wait.
    expect(p99).toBeGreaterThan(0.95 * (WAIT_MS / 1000));
    expect(p99).toBeLessThan(WAIT_MS / 1000 + 60);
    expect(p50).toBeGreaterThan(0.45 * (WAIT_MS / 1000));
    expect(p50).toBeLessThan(p99);
  });

  it('counts the calls to eSIM Go and the gateway, a failure in the error rate', async () => {
    const before = await thisHour();
    expect(before.gateway.calls).toBeGreaterThan(0);
    // The order whose fulfilment met eSIM Go's 500s.
    expect(before.esimGo.failed).toBeGreaterThan(0);

    await setFault(shop.url, { mode: 'error500', count: 1 });
    await expect(shop.app.esimGoClient({ retries: 0 }).getOrganisation()).rejects.toThrow();
    await shop.app.esimGoClient({ retries: 0 }).getOrganisation();

    const after = (await thisHour()).esimGo;
    expect(after.calls).toBe(before.esimGo.calls + 2);
    expect(after.failed).toBe(before.esimGo.failed + 1);
    expect(after.errorRate).toBeCloseTo(after.failed / after.calls, 10);
  });

  it("adds up another instance's calls", async () => {
    const before = (await thisHour()).esimGo;
    const other = await secondInstance(shop);
    try {
      await setFault(shop.url, { mode: 'error500', count: 1 });
      await expect(other.app.esimGoClient({ retries: 0 }).getOrganisation()).rejects.toThrow();
    } finally {
      // Its counts are written when it stops, if not before.
      await other.close();
    }
    const after = (await thisHour()).esimGo;
    expect(after.calls).toBe(before.calls + 1);
    expect(after.failed).toBe(before.failed + 1);
  });

  it('keeps a month of hourly counts, and no older ones', async () => {
    const thisHourStart = Math.floor(clock.clock().getTime() / HOUR_MS) * HOUR_MS;
    const old = new Date(thisHourStart - 40 * 24 * HOUR_MS);
    const kept = new Date(thisHourStart - 20 * 24 * HOUR_MS);
    await shop.database.db.insert(outsideCallHours).values([
      { service: 'esimGo', hour: old, ok: 1, failed: 0 },
      { service: 'esimGo', hour: kept, ok: 1, failed: 0 },
    ]);
    // The next hour: this instance prunes once an hour, when it writes its counts.
    clock.advance(HOUR_MS);
    await health();
    const hours = await shop.database.db
      .select({ hour: outsideCallHours.hour })
      .from(outsideCallHours)
      .where(inArray(outsideCallHours.hour, [old, kept]));
    expect(hours).toEqual([{ hour: kept }]);
  });
});
