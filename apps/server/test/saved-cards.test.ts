/**
 * Saved cards (issue 32, first slice): a purchase with the buyer's consent (`pur_save_card`)
 * asks the gateway to store the card (storedOnFile TO_BE_STORED, transaction.source INTERNET,
 * as the stand-in records them), the approved payment makes a token in the stand-in's
 * repository, and the confirmed order keeps that token for the account with scheme, last four
 * digits and expiry, never a number. Without consent the checkout carries no stored-credential
 * field and nothing is stored. The buyer lists and removes cards; removal deletes the token at
 * the gateway first, and keeps the row when the gateway does not answer. The stand-in's Retrieve
 * and Delete Token refuse a deleted token, as documented.
 */
import { type Plan, type SavedCard, savedCardApiPaths, savedCardMessages } from '@tern/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gatewaySandboxSessions, gatewaySandboxTokens, orders, savedCards } from '../src/db/schema';
import { GatewayError } from '../src/integrations/gateway/client';
import { resetGatewaySandbox, takeGatewayDown } from '../src/sandbox/gateway/control-client';
import { gatewaySandboxUrl } from '../src/sandbox/gateway/paths';
import type { TestApp } from './helpers/test-app';
import {
  APPROVING_CARD,
  type Buyer,
  bearer,
  buy,
  confirmed,
  createOrdersTestApp,
  DECLINING_CARD,
  openedPayment,
  payOnHostedPage,
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

const db = () => shop.database.db;

async function cardsOf(buyer: Buyer): Promise<SavedCard[]> {
  const response = await shop.app.inject({
    method: 'GET',
    url: savedCardApiPaths.cards.href(),
    headers: bearer(buyer),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SavedCard[];
}

function removeCard(buyer: Buyer, id: number) {
  return shop.request({
    method: 'DELETE',
    url: savedCardApiPaths.card.href(id),
    headers: bearer(buyer),
  });
}

/** What the stand-in recorded of the checkout request's stored-credential fields. */
async function checkoutFields(reference: string) {
  const [session] = await db()
    .select({
      storedOnFile: gatewaySandboxSessions.storedOnFile,
      transactionSource: gatewaySandboxSessions.transactionSource,
    })
    .from(gatewaySandboxSessions)
    .where(eq(gatewaySandboxSessions.orderId, reference));
  return session;
}

async function tokensAtStandIn(token?: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(gatewaySandboxTokens)
    .where(token ? eq(gatewaySandboxTokens.token, token) : undefined);
  return row?.n ?? 0;
}

describe('saving a card with a purchase', () => {
  it('stores one gateway token for the buyer, with scheme, last four and expiry, never a number', async () => {
    const buyer = await signIn(shop, 'Lina Saved');
    const before = await tokensAtStandIn();
    const { reference } = await buy(shop, buyer, plan, { pur_save_card: true });

    // The checkout asked the gateway to store the card, as a cardholder-initiated payment.
    expect(await checkoutFields(reference)).toEqual({
      storedOnFile: 'TO_BE_STORED',
      transactionSource: 'INTERNET',
    });
    const [order] = await db().select().from(orders).where(eq(orders.gatewayOrderId, reference));
    expect(order?.saveCard).toBe(true);

    const cards = await cardsOf(buyer);
    expect(cards).toEqual([
      { id: expect.any(Number), scheme: 'MASTERCARD', last4: '0008', expiry: '12/49' },
    ]);
    const rows = await db().select().from(savedCards);
    const row = rows.find((candidate) => candidate.id === cards[0]?.id);
    expect(row).toBeDefined();
    // The token, never the card number, anywhere in the row.
    expect(JSON.stringify(row)).not.toContain(APPROVING_CARD);
    expect(row?.gatewayToken).toMatch(/^\d{16}$/);
    expect(await tokensAtStandIn()).toBe(before + 1);
    expect(await tokensAtStandIn(row?.gatewayToken)).toBe(1);
  });

  it('without consent sends no stored-credential field and stores nothing', async () => {
    const buyer = await signIn(shop, 'Omar Unsaved');
    const before = await tokensAtStandIn();
    const { reference } = await buy(shop, buyer, plan);
    expect(await checkoutFields(reference)).toEqual({
      storedOnFile: null,
      transactionSource: null,
    });
    expect(await cardsOf(buyer)).toEqual([]);
    expect(await tokensAtStandIn()).toBe(before);
  });

  it('refuses a consent that is not true or false', async () => {
    const buyer = await signIn(shop, 'Sami Wrong');
    const response = await shop.request({
      method: 'POST',
      url: '/api/payment/create-session',
      headers: bearer(buyer),
      payload: {
        pur_pla_name: plan.pla_name,
        pur_client_name: buyer.name,
        pur_client_email: buyer.email,
        pur_client_iccid: '',
        pur_type: 'Regular',
        pur_save_card: 'yes',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('pur_save_card must be true or false');
  });
});

describe('saving a card that goes through 3-D Secure', () => {
  const post = (url: string | URL, fields: Record<string, string>) =>
    fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

  it('stores the token once the authenticated payment is authorised, with its expiry', async () => {
    const buyer = await signIn(shop, 'Yara Secure');
    const session = await openedPayment(shop, buyer, plan, { pur_save_card: true });
    const reference = session.led_payment_gateway_ref;
    const page = `${gatewaySandboxUrl(shop.url)}/pay/${session.gateway_transaction.sessionid}`;
    const before = await tokensAtStandIn();
    const challenge = await post(page, {
      action: 'pay',
      cardNumber: '5123456789012346',
      expiry: '03/48',
      cvc: '123',
      nameOnCard: 'Yara Secure',
    });
    expect(challenge.status).toBe(200);
    // Authenticating is not authorising: no token yet.
    const authenticated = await post(`${page}/authenticate`, { action: 'authenticate' });
    expect(authenticated.status).toBe(307);
    expect(await tokensAtStandIn()).toBe(before);
    const next = new URL(authenticated.headers.get('location') ?? '', shop.url);
    const authorised = await post(next, { action: 'authenticate' });
    expect(authorised.status).toBe(303);
    const indicator = new URL(authorised.headers.get('location') ?? '').searchParams.get(
      'resultIndicator',
    );
    await confirmed(shop.app, buyer, reference, indicator ?? undefined);
    expect(await tokensAtStandIn()).toBe(before + 1);
    expect(await cardsOf(buyer)).toEqual([
      { id: expect.any(Number), scheme: 'MASTERCARD', last4: '2346', expiry: '03/48' },
    ]);
  });
});

describe('removing a saved card', () => {
  it("answers 404 for another buyer's card and keeps it", async () => {
    const owner = await signIn(shop, 'Nour Owner');
    await buy(shop, owner, plan, { pur_save_card: true });
    const [card] = await cardsOf(owner);
    if (!card) throw new Error('no saved card');
    const stranger = await signIn(shop, 'Karim Stranger');
    const response = await removeCard(stranger, card.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: savedCardMessages.cardNotFound });
    expect(await cardsOf(owner)).toHaveLength(1);
  });

  it('keeps the row with a 502 when the gateway does not answer, then deletes token and row', async () => {
    const buyer = await signIn(shop, 'Rania Remove');
    await buy(shop, buyer, plan, { pur_save_card: true });
    const [card] = await cardsOf(buyer);
    if (!card) throw new Error('no saved card');
    const [row] = await db().select().from(savedCards).where(eq(savedCards.id, card.id));
    const token = row?.gatewayToken ?? '';
    expect(await tokensAtStandIn(token)).toBe(1);

    await takeGatewayDown(shop.url);
    const refused = await removeCard(buyer, card.id);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ message: savedCardMessages.gatewayUnavailable });
    await resetGatewaySandbox(shop.url);
    expect(await cardsOf(buyer)).toHaveLength(1);
    expect(await tokensAtStandIn(token)).toBe(1);

    const removed = await removeCard(buyer, card.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ deleted: true });
    expect(await tokensAtStandIn(token)).toBe(0);
    expect(await cardsOf(buyer)).toEqual([]);
  });
});

describe("the stand-in gateway's token repository", () => {
  it('retrieves a token, deletes it, and refuses it once deleted', async () => {
    const buyer = await signIn(shop, 'Hadi Token');
    await buy(shop, buyer, plan, { pur_save_card: true });
    const [card] = await cardsOf(buyer);
    const [row] = await db()
      .select()
      .from(savedCards)
      .where(eq(savedCards.id, card?.id ?? 0));
    const token = row?.gatewayToken ?? '';
    const gateway = shop.app.gatewayClient();

    expect(await gateway.retrieveToken(token)).toEqual({
      token,
      scheme: 'MASTERCARD',
      last4: '0008',
      expiry: '1249',
    });
    expect(await gateway.deleteToken(token)).toBe('deleted');
    expect(await gateway.retrieveToken(token)).toBeUndefined();
    expect(await gateway.deleteToken(token)).toBe('gone');

    // Raw: the refusal is the gateway's error shape.
    const { merchantId, password } = shop.config.gateway;
    const response = await fetch(
      `${shop.url}/_sandbox/gateway/api/rest/version/100/merchant/${merchantId}/token/${token}`,
      {
        headers: {
          authorization: `Basic ${Buffer.from(`merchant.${merchantId}:${password}`).toString('base64')}`,
        },
      },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      result: 'ERROR',
      error: { cause: 'INVALID_REQUEST' },
    });
  });

  it('makes no token for a declined card even when asked to store it', async () => {
    const before = await tokensAtStandIn();
    const buyer = await signIn(shop, 'Dana Declined');
    const session = await openedPayment(shop, buyer, plan, { pur_save_card: true });
    await payOnHostedPage(shop, session.gateway_transaction.sessionid, DECLINING_CARD);
    expect(await tokensAtStandIn()).toBe(before);
  });

  it('refuses an unknown token with the gateway error', async () => {
    await expect(shop.app.gatewayClient().deleteToken('9999000011112222')).resolves.toBe('gone');
    await takeGatewayDown(shop.url);
    await expect(shop.app.gatewayClient().deleteToken('9999000011112222')).rejects.toBeInstanceOf(
      GatewayError,
    );
  });
});
