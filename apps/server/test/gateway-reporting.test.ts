/**
 * The gateway sandbox's Reporting API, as strict as MPGS's pages and sample scripts allow: its
 * own password (the API password is refused), the columns and headers asked for, an end later
 * than the data refused with DATA_AVAILABLE_AFTER, and the shop's reporting client reading it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_GATEWAY_REPORTING_PASSWORD } from '../src/config';
import { createGatewayReportingClient, parseCsv } from '../src/integrations/gateway/reporting';
import {
  resetGatewaySandbox,
  setReportingLag,
  takeOrphanPayment,
} from '../src/sandbox/gateway/control-client';
import { gatewaySandboxUrl } from '../src/sandbox/gateway/paths';
import { createTestApp, type TestApp } from './helpers/test-app';

let shop: TestApp;
let orphan: string;

beforeAll(async () => {
  shop = await createTestApp();
  orphan = (await takeOrphanPayment(shop.url, { amount: '7.25', currency: 'USD' })).orderId;
});
afterAll(async () => shop?.close());

const time = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

function download(
  query: Record<string, string>,
  user = `merchant.${shop.config.gateway.merchantId}`,
  password = SANDBOX_GATEWAY_REPORTING_PASSWORD,
) {
  const url = new URL(
    `${gatewaySandboxUrl(shop.url)}/history/version/1/merchant/${shop.config.gateway.merchantId}/transaction`,
  );
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return fetch(url, {
    headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
  });
}

const lastHour = () => ({
  'timeOfRecord.start': time(new Date(Date.now() - 3_600_000)),
  'timeOfRecord.end': time(new Date(Date.now() + 1000)),
});

describe('the gateway sandbox’s transaction report', () => {
  it('refuses the API password: the Reporting API has its own', async () => {
    await setReportingLag(shop.url, 0);
    const refused = await download(
      { ...lastHour(), columns: 'order.id' },
      undefined,
      shop.config.gateway.password,
    );
    expect(refused.status).toBe(401);
    // As Mastercard's sample scripts authenticate, too.
    const sample = await download({ ...lastHour(), columns: 'order.id' }, 'merchant.default');
    expect(sample.status).toBe(200);
  });

  it('answers the columns asked for under the headers asked for, as CSV', async () => {
    const response = await download({
      ...lastHour(),
      columns: 'order.id,transaction.type,transaction.amount,response.gatewayCode',
      columnHeaders: 'Order,Type,Amount,Code',
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = parseCsv(await response.text());
    expect(rows[0]).toEqual(['Order', 'Type', 'Amount', 'Code']);
    expect(rows).toContainEqual([orphan, 'PAYMENT', '7.25', 'APPROVED']);
    const headless = parseCsv(
      await (await download({ ...lastHour(), columns: 'order.id' })).text(),
    );
    expect(headless).toEqual([[orphan]]);
  });

  it('refuses a column it does not know and a window that ends before it starts', async () => {
    expect((await download({ ...lastHour(), columns: 'order.id,card.cvv' })).status).toBe(400);
    const backwards = {
      'timeOfRecord.start': lastHour()['timeOfRecord.end'],
      'timeOfRecord.end': lastHour()['timeOfRecord.start'],
      columns: 'order.id',
    };
    expect((await download(backwards)).status).toBe(400);
  });

  it('refuses an end later than its data with DATA_AVAILABLE_AFTER, which the shop’s client follows', async () => {
    await setReportingLag(shop.url, 600);
    const response = await download({ ...lastHour(), columns: 'order.id' });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toMatch(/^DATA_AVAILABLE_AFTER \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    const client = createGatewayReportingClient({
      baseUrl: gatewaySandboxUrl(shop.url),
      merchantId: shop.config.gateway.merchantId,
      password: SANDBOX_GATEWAY_REPORTING_PASSWORD,
    });
    const report = await client.transactionsBetween(new Date(Date.now() - 3_600_000), new Date());
    expect(report.until.toISOString()).toBe(new Date(text.slice(21)).toISOString());
    expect(report.transactions.map((event) => event.orderId)).not.toContain(orphan);

    await resetGatewaySandbox(shop.url);
    await setReportingLag(shop.url, 0);
    const caughtUp = await client.transactionsBetween(new Date(Date.now() - 3_600_000), new Date());
    expect(caughtUp.transactions).toContainEqual(
      expect.objectContaining({
        orderId: orphan,
        type: 'PAYMENT',
        amount: 7.25,
        gatewayCode: 'APPROVED',
      }),
    );
  });
});
