/**
 * Apple Pay and Google Pay (issue 32). The stand-in gateway's merchant profile offers the shop's
 * GATEWAY_WALLETS (both by default) as test-wallet buttons on the hosted page; a wallet pays at
 * once with its test card and Retrieve Order shows the payment as MPGS shows a device payment
 * (order.walletProvider, sourceOfFunds.provided.card.encryption DEVICE with the masked DPAN).
 * The shop needs nothing more: its payment check accepts the order as paid and delivers. No
 * token is made for a wallet payment, even with the buyer's consent to save the card. The shop
 * serves Apple's domain-verification file at /.well-known when one is configured, 404 otherwise.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applePayDomainAssociationPath, orderApiPaths, type Plan } from '@tern/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gatewaySandboxTokens, savedCards } from '../src/db/schema';
import { resetGatewaySandbox } from '../src/sandbox/gateway/control-client';
import { createTestApp, type TestApp } from './helpers/test-app';
import {
  confirmed,
  createOrdersTestApp,
  openedPayment,
  orderRow,
  planIn,
  signIn,
} from './orders-kit';

let shop: TestApp;
let plan: Plan;

beforeAll(async () => {
  shop = await createOrdersTestApp();
  plan = await planIn(shop, 'FR');
});
afterAll(async () => {
  await shop?.close();
});
afterEach(async () => {
  await resetGatewaySandbox(shop.url);
});

const hostedPage = (app: Pick<TestApp, 'url'>, sessionId: string) =>
  `${app.url}/_sandbox/gateway/pay/${sessionId}`;

/** Presses a wallet's button as a browser would; answers the gateway page's response. */
async function payWithWallet(app: Pick<TestApp, 'url'>, sessionId: string, wallet: string) {
  const response = await fetch(`${hostedPage(app, sessionId)}/wallet`, {
    method: 'POST',
    body: new URLSearchParams({ wallet }),
    redirect: 'manual',
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    body: await response.text(),
  };
}

function resultIndicatorOf(location: string | null): string {
  const url = new URL(location ?? '');
  expect(url.pathname).toBe(orderApiPaths.paymentReturn.href());
  return url.searchParams.get('resultIndicator') ?? '';
}

describe('the hosted page of a merchant with wallets', () => {
  it('shows Apple Pay and Google Pay as buttons above the card form, each naming its test card', async () => {
    const buyer = await signIn(shop, 'Omar Wallet');
    const session = await openedPayment(shop, buyer, plan);
    const html = await (
      await fetch(hostedPage(shop, session.gateway_transaction.sessionid))
    ).text();

    expect(html).toContain('<span class="visually-hidden">Pay with </span>Apple Pay</button>');
    expect(html).toContain('<span class="visually-hidden">Pay with </span>Google Pay</button>');
    expect(html).toContain('Test wallet: Visa ending 1111');
    expect(html).toContain('Test wallet: Mastercard ending 4444');
    expect(html.indexOf('Express checkout')).toBeLessThan(html.indexOf('Card details'));
  });

  it('pays with Apple Pay: Retrieve Order shows the device payment, and the shop delivers the eSIM', async () => {
    const buyer = await signIn(shop, 'Rima Apple');
    const session = await openedPayment(shop, buyer, plan);
    const reference = session.led_payment_gateway_ref;

    const paid = await payWithWallet(shop, session.gateway_transaction.sessionid, 'APPLE_PAY');
    expect(paid.status).toBe(303);
    const answer = await confirmed(shop.app, buyer, reference, resultIndicatorOf(paid.location));
    expect(answer.status).toBe('fulfilled');
    expect((await orderRow(shop.database.db, reference)).status).toBe('fulfilled');

    const order = await shop.app.gatewayClient().retrieveOrder(reference);
    expect(order).toMatchObject({ walletProvider: 'APPLE_PAY' });
    // The authorisation carries the card; the capture after delivery does not.
    const payment = order?.transaction?.find((entry) => entry.sourceOfFunds);
    expect(payment?.sourceOfFunds).toMatchObject({
      type: 'CARD',
      provided: {
        card: {
          brand: 'VISA',
          number: 'xxxxxxxxxxxx1111',
          encryption: 'DEVICE',
          deviceSpecificNumber: expect.stringMatching(/^x{12}\d{4}$/),
          devicePayment: { cryptogramFormat: '3DSECURE' },
        },
      },
    });
  });

  it('pays with Google Pay with its Mastercard ending 4444', async () => {
    const buyer = await signIn(shop, 'Karim Google');
    const session = await openedPayment(shop, buyer, plan);
    const reference = session.led_payment_gateway_ref;

    const paid = await payWithWallet(shop, session.gateway_transaction.sessionid, 'GOOGLE_PAY');
    const answer = await confirmed(shop.app, buyer, reference, resultIndicatorOf(paid.location));
    expect(answer.status).toBe('fulfilled');
    const order = await shop.app.gatewayClient().retrieveOrder(reference);
    expect(order).toMatchObject({ walletProvider: 'GOOGLE_PAY' });
    expect(order?.transaction?.find((entry) => entry.sourceOfFunds)?.sourceOfFunds).toMatchObject({
      provided: { card: { brand: 'MASTERCARD', number: 'xxxxxxxxxxxx4444', encryption: 'DEVICE' } },
    });
  });

  it('makes no token for a wallet payment, even when the buyer agreed to save the card', async () => {
    const buyer = await signIn(shop, 'Hala Saves');
    const session = await openedPayment(shop, buyer, plan, { pur_save_card: true });
    const reference = session.led_payment_gateway_ref;
    const [before] = await shop.database.db.select({ n: count() }).from(gatewaySandboxTokens);

    const paid = await payWithWallet(shop, session.gateway_transaction.sessionid, 'APPLE_PAY');
    const answer = await confirmed(shop.app, buyer, reference, resultIndicatorOf(paid.location));
    expect(answer.status).toBe('fulfilled');

    const [after] = await shop.database.db.select({ n: count() }).from(gatewaySandboxTokens);
    expect(after?.n).toBe(before?.n);
    const order = await orderRow(shop.database.db, reference);
    const kept = await shop.database.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.clientId, order.clientId));
    expect(kept).toEqual([]);
  });
});

describe('a merchant without wallets', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createOrdersTestApp({ GATEWAY_WALLETS: 'none' });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('shows no wallet on the hosted page and refuses a wallet payment', async () => {
    const buyer = await signIn(bare, 'Sami Card');
    const session = await openedPayment(bare, buyer, await planIn(bare, 'FR'));
    const sessionId = session.gateway_transaction.sessionid;
    const html = await (await fetch(hostedPage(bare, sessionId))).text();
    expect(html).toContain('Card details');
    expect(html).not.toContain('Apple Pay');
    expect(html).not.toContain('Google Pay');

    const refused = await payWithWallet(bare, sessionId, 'APPLE_PAY');
    expect(refused.status).toBe(400);
    expect(await orderRow(bare.database.db, session.led_payment_gateway_ref)).toMatchObject({
      status: 'awaiting_payment',
    });
  });
});

describe("Apple's domain-verification file", () => {
  it('is served as cacheable plain text at the address Apple asks for', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'tern-apple-'));
    const file = path.join(folder, 'apple-developer-merchantid-domain-association');
    writeFileSync(file, '7B227073704964223A2254455354227D\n');
    const served = await createTestApp({ APPLE_PAY_DOMAIN_ASSOCIATION_FILE: file });
    try {
      const response = await served.app.inject({
        method: 'GET',
        url: '/.well-known/apple-developer-merchantid-domain-association',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(response.body).toBe('7B227073704964223A2254455354227D\n');
    } finally {
      await served.close();
    }
  });

  it('answers 404 when no file is configured', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: applePayDomainAssociationPath.href(),
    });
    expect(response.statusCode).toBe(404);
  });
});
