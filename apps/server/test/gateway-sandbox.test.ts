import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runInNewContext } from 'node:vm';
import { orderApiPaths, paths } from '@tern/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  gatewaySandboxOrders,
  gatewaySandboxSessions,
  gatewaySandboxTransactions,
} from '../src/db/schema/gateway-sandbox';
import {
  type CheckoutOperation,
  createGatewayClient,
  type GatewayClient,
  GatewayError,
} from '../src/integrations/gateway/client';
import { securityHeadersFor } from '../src/plugins/security-headers';
import {
  leaveTransactionsUnsettled,
  loseTransactionAnswers,
  resetGatewaySandbox,
  setReusedTransactionIds,
  settleTransactions,
  setVoidedOrderStatus,
  takeGatewayDown,
} from '../src/sandbox/gateway/control-client';
import { DEFAULT_REPORTING_LAG_MS } from '../src/sandbox/gateway/controls';
import { gatewaySandboxUrl } from '../src/sandbox/gateway/paths';
import { createTestApp, INJECTED_ORIGIN, type TestApp } from './helpers/test-app';
import {
  buy,
  confirmed,
  createOrdersTestApp,
  gatewayOrderStatus,
  gatewayTransactions,
  ledgerCount,
  openedPayment,
  orderRow,
  planIn,
  providerOrderCount,
  runJobsUntil,
  signIn,
} from './orders-kit';

let shop: TestApp;
let gateway: GatewayClient;

/** The sandbox merchant profile's test wallets above the card form, then the form's own two. */
const HOSTED_PAGE_BUTTONS = ['Pay with Apple Pay', 'Pay with Google Pay', 'Pay', 'Cancel'];

beforeAll(async () => {
  shop = await createTestApp();
  gateway = shop.app.gatewayClient();
});
afterAll(async () => shop?.close());

const APPROVING_CARD = '5123450000000008';
const APPROVING_VISA = '4242424242424242';
const THREE_D_SECURE_CARD = '5123456789012346';
const DECLINING_CARD = '4000000000000002';
const DECLINED_MESSAGE = 'Your card was declined. Try another card.';
const EXPIRED_MESSAGE = 'This payment session has expired. Return to the shop and try again.';

const newOrderId = () => `TERN-${randomBytes(6).toString('hex')}`;

async function openSession(operation: CheckoutOperation = 'AUTHORIZE', orderId = newOrderId()) {
  const returnUrl = `https://shop.example/payment-return?order=${orderId}`;
  const cancelUrl = `https://shop.example/payment-cancelled?order=${orderId}`;
  const session = await gateway.initiateCheckout({
    orderId,
    amount: 12.99,
    currency: 'USD',
    description: 'France 5 GB, 30 days',
    returnUrl,
    cancelUrl,
    operation,
    merchantName: 'Tern',
  });
  return { ...session, orderId, returnUrl, cancelUrl };
}

function pagePath(sessionId: string) {
  return `${gatewaySandboxUrl(shop.url)}/pay/${sessionId}`;
}

async function getPage(sessionId: string) {
  const response = await fetch(pagePath(sessionId));
  return { response, html: await response.text() };
}

const validCard = {
  cardNumber: APPROVING_CARD,
  expiry: '12/49',
  cvc: '123',
  nameOnCard: 'Grace Hopper',
};

async function submit(sessionId: string, fields: Record<string, string>) {
  const response = await fetch(pagePath(sessionId), {
    method: 'POST',
    body: new URLSearchParams({ action: 'pay', ...fields }),
    redirect: 'manual',
  });
  return { response, html: await response.text() };
}

const pay = (sessionId: string, card: Partial<typeof validCard> = {}) =>
  submit(sessionId, { ...validCard, ...card });

async function paidSession(operation: CheckoutOperation) {
  const session = await openSession(operation);
  const { response } = await pay(session.sessionId);
  expect(response.status).toBe(303);
  return session;
}

/** The page's text as a person reads it: tags gone, entities decoded, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<(script|style|svg)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replace(/\s+/g, ' ')
    .trim();
}

function attributesOf(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-z-]+)(?:="([^"]*)")?/g)) {
    if (match[1]) found[match[1]] = match[2] ?? '';
  }
  return found;
}

/** The input a label names, as a screen reader pairs them (label for= input id). */
function inputLabelled(html: string, label: string): Record<string, string> | undefined {
  const labelTag = [...html.matchAll(/<label([^>]*)>([\s\S]*?)<\/label>/g)].find(
    (match) => textOf(match[2] ?? '') === label,
  );
  const id = attributesOf(labelTag?.[1] ?? '').for;
  const input = [...html.matchAll(/<input([^>]*)>/g)]
    .map((match) => attributesOf(match[1] ?? ''))
    .find((attributes) => attributes.id === id);
  return id ? input : undefined;
}

/** The text of the elements an input's aria-describedby points at. */
function descriptionOf(html: string, input: Record<string, string> | undefined): string {
  return (input?.['aria-describedby'] ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) =>
      textOf(new RegExp(`<p[^>]*id="${id}"[^>]*>([\\s\\S]*?)</p>`).exec(html)?.[1] ?? ''),
    )
    .join(' | ');
}

function buttonNames(html: string): string[] {
  return [...html.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].map((match) =>
    textOf(match[1] ?? ''),
  );
}

async function expectGatewayError(
  call: Promise<unknown>,
  status: number,
  explanation: RegExp,
): Promise<GatewayError> {
  const error = await call.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(GatewayError);
  const gatewayError = error as GatewayError;
  expect(gatewayError.status).toBe(status);
  expect(gatewayError.gatewayCause).toBe('INVALID_REQUEST');
  expect(gatewayError.explanation).toMatch(explanation);
  return gatewayError;
}

async function storedRows(orderId: string) {
  const db = shop.database.db;
  return {
    sessions: await db
      .select()
      .from(gatewaySandboxSessions)
      .where(eq(gatewaySandboxSessions.orderId, orderId)),
    orders: await db
      .select()
      .from(gatewaySandboxOrders)
      .where(eq(gatewaySandboxOrders.orderId, orderId)),
    transactions: await db
      .select()
      .from(gatewaySandboxTransactions)
      .where(eq(gatewaySandboxTransactions.orderId, orderId)),
  };
}

describe('gateway API authentication', () => {
  const sessionUrl = () =>
    `${gatewaySandboxUrl(shop.url)}/api/rest/version/100/merchant/${shop.config.gateway.merchantId}/session`;

  it('refuses a call without Basic credentials, in the gateway error shape', async () => {
    const response = await fetch(sessionUrl(), { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
    const answer = (await response.json()) as { result: string; error: { cause: string } };
    expect(answer.result).toBe('ERROR');
    expect(answer.error.cause).toBe('INVALID_REQUEST');
  });

  it('refuses a wrong password', async () => {
    const intruder = createGatewayClient({
      baseUrl: gatewaySandboxUrl(shop.url),
      merchantId: shop.config.gateway.merchantId,
      password: 'not-the-password',
    });
    await expectGatewayError(intruder.retrieveOrder('any'), 401, /credentials/i);
  });

  it("refuses another merchant's path with this merchant's password", async () => {
    const other = createGatewayClient({
      baseUrl: gatewaySandboxUrl(shop.url),
      merchantId: 'SOMEONEELSE',
      password: shop.config.gateway.password,
    });
    await expectGatewayError(other.retrieveOrder('any'), 401, /credentials/i);
  });

  it('accepts the JSON body sent as text/plain, as the gateway documentation does', async () => {
    const { merchantId, password } = shop.config.gateway;
    const response = await fetch(sessionUrl(), {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`merchant.${merchantId}:${password}`).toString('base64')}`,
        'content-type': 'text/plain',
      },
      body: JSON.stringify({
        apiOperation: 'INITIATE_CHECKOUT',
        interaction: {
          operation: 'PURCHASE',
          returnUrl: 'https://shop.example/return',
          cancelUrl: 'https://shop.example/cancel',
          merchant: { name: 'Tern' },
        },
        order: { id: newOrderId(), amount: '9.50', currency: 'USD', description: 'Italy 1 GB' },
      }),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Record<string, unknown>;
    expect(answer).toMatchObject({
      result: 'SUCCESS',
      merchant: merchantId,
      session: { id: expect.stringMatching(/^SESSION/), updateStatus: 'SUCCESS' },
      successIndicator: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  });
});

describe('initiate checkout', () => {
  it('opens a session with a success indicator, paid through checkout.js at the public address', async () => {
    const session = await openSession();
    expect(session.sessionId).toMatch(/^SESSION0002[0-9A-F]{20}$/);
    expect(session.successIndicator).toMatch(/^[0-9a-f]{16}$/);
    expect(session.sessionVersion).toMatch(/^[0-9a-f]{10}$/);
    const checkout = await shop.app.inject({
      method: 'GET',
      url: orderApiPaths.gatewayCheckout.href(),
    });
    expect(checkout.json()).toEqual({
      checkout_script_url: `${INJECTED_ORIGIN}/_sandbox/gateway/static/checkout/checkout.min.js`,
    });
  });

  it('gives each session its own id and indicator', async () => {
    const [first, second] = await Promise.all([openSession(), openSession()]);
    expect(first.sessionId).not.toBe(second.sessionId);
    expect(first.successIndicator).not.toBe(second.successIndicator);
  });

  it('refuses an amount with more decimals than the currency has, naming the field', async () => {
    const call = gateway.initiateCheckout({
      orderId: newOrderId(),
      amount: 0,
      currency: 'USD',
      description: 'Nothing',
      returnUrl: 'https://shop.example/return',
      cancelUrl: 'https://shop.example/cancel',
      operation: 'PURCHASE',
      merchantName: 'Tern',
    });
    await expect(call).rejects.toThrow(RangeError);
    const { merchantId, password } = shop.config.gateway;
    const response = await fetch(
      `${gatewaySandboxUrl(shop.url)}/api/rest/version/100/merchant/${merchantId}/session`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`merchant.${merchantId}:${password}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          apiOperation: 'INITIATE_CHECKOUT',
          interaction: {
            operation: 'PURCHASE',
            returnUrl: 'https://shop.example/return',
            cancelUrl: 'https://shop.example/cancel',
          },
          order: { id: newOrderId(), amount: '12.999', currency: 'USD', description: 'x' },
        }),
      },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      result: 'ERROR',
      error: { cause: 'INVALID_REQUEST', field: 'order.amount' },
    });
  });
});

describe('hosted payment page', () => {
  it('shows the merchant, the order and its amount, and a labelled card form', async () => {
    const session = await openSession();
    const { response, html } = await getPage(session.sessionId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = textOf(html);
    expect(text).toContain('Pay Tern');
    expect(text).toContain('France 5 GB, 30 days');
    expect(text).toMatch(/Total USD\s12\.99/);
    for (const label of ['Card number', 'Expiry (MM/YY)', 'CVC', 'Name on card']) {
      expect(inputLabelled(html, label), label).toMatchObject({ required: '' });
    }
    expect(inputLabelled(html, 'Card number')?.autocomplete).toBe('cc-number');
    expect(buttonNames(html)).toEqual(HOSTED_PAGE_BUTTONS);
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<title>Pay Tern – Secure payment<\/title>/);
    expect(html).toMatch(/<h1[^>]*>Pay Tern<\/h1>/);
  });

  it('needs no inline script or style, and serves its stylesheet', async () => {
    const session = await openSession();
    const { response, html } = await getPage(session.sessionId);
    expect(html).not.toMatch(/<script|<style|\sstyle="|\son[a-z]+="/i);
    const csp = String(response.headers.get('content-security-policy'));
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    // The shop's return and cancel addresses may receive the form's redirect.
    expect(csp).toMatch(/form-action 'self' https:\/\/shop\.example/);
    const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(html)?.[1];
    const css = await fetch(`${shop.url}${stylesheet}`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('returns the payer to the shop with the success indicator after an approved card', async () => {
    const session = await openSession('AUTHORIZE');
    const { response } = await pay(session.sessionId);
    expect(response.status).toBe(303);
    const location = new URL(String(response.headers.get('location')));
    expect(`${location.origin}${location.pathname}`).toBe('https://shop.example/payment-return');
    expect(location.searchParams.get('order')).toBe(session.orderId);
    expect(location.searchParams.get('resultIndicator')).toBe(session.successIndicator);
    expect(location.searchParams.get('sessionVersion')).toBe(session.sessionVersion);

    const order = await gateway.retrieveOrder(session.orderId);
    expect(order).toMatchObject({
      id: session.orderId,
      status: 'AUTHORIZED',
      result: 'SUCCESS',
      amount: 12.99,
      currency: 'USD',
      totalAuthorizedAmount: 12.99,
      totalCapturedAmount: 0,
    });
    expect(order?.transaction).toHaveLength(1);
    expect(order?.transaction[0]).toMatchObject({
      result: 'SUCCESS',
      response: { gatewayCode: 'APPROVED' },
      transaction: { type: 'AUTHORIZATION', amount: 12.99, currency: 'USD' },
      sourceOfFunds: { provided: { card: { brand: 'MASTERCARD', number: 'xxxxxxxxxxxx0008' } } },
    });
  });

  it('captures at once when the session was opened for a PURCHASE', async () => {
    const session = await openSession('PURCHASE');
    const { response } = await pay(session.sessionId, { cardNumber: APPROVING_VISA });
    expect(response.status).toBe(303);
    expect(await gateway.retrieveOrder(session.orderId)).toMatchObject({
      status: 'CAPTURED',
      totalAuthorizedAmount: 12.99,
      totalCapturedAmount: 12.99,
      transaction: [{ transaction: { type: 'PAYMENT' } }],
    });
  });

  it('keeps nothing of the card but its brand and last four digits', async () => {
    const session = await openSession();
    await pay(session.sessionId, { cardNumber: DECLINING_CARD, expiry: '07/48' });
    await pay(session.sessionId, { expiry: '07/48' });
    const stored = JSON.stringify(await storedRows(session.orderId));
    expect(stored).toContain('0008');
    for (const secret of [APPROVING_CARD, DECLINING_CARD, '07/48', 'Grace Hopper']) {
      expect(stored).not.toContain(secret);
    }
  });

  it('shows the decline on the page and leaves the order unpaid', async () => {
    const session = await openSession();
    const { response, html } = await pay(session.sessionId, { cardNumber: DECLINING_CARD });
    expect(response.status).toBe(402);
    expect(html).toMatch(/role="alert"/);
    expect(textOf(html)).toContain(DECLINED_MESSAGE);
    const cardNumber = inputLabelled(html, 'Card number');
    expect(cardNumber?.value).toBeUndefined();
    expect(cardNumber?.['aria-invalid']).toBe('true');
    expect(descriptionOf(html, cardNumber)).toContain(DECLINED_MESSAGE);
    expect(inputLabelled(html, 'Name on card')?.value).toBe('Grace Hopper');

    const order = await gateway.retrieveOrder(session.orderId);
    expect(order).toMatchObject({ status: 'FAILED', result: 'FAILURE', totalCapturedAmount: 0 });
    expect(order?.totalAuthorizedAmount).toBe(0);
    expect(order?.transaction[0]).toMatchObject({
      result: 'FAILURE',
      response: { gatewayCode: 'DECLINED' },
    });
  });

  it('lets the payer try another card after a decline', async () => {
    const session = await openSession();
    await pay(session.sessionId, { cardNumber: DECLINING_CARD });
    const { response } = await pay(session.sessionId);
    expect(response.status).toBe(303);
    const order = await gateway.retrieveOrder(session.orderId);
    expect(order?.status).toBe('AUTHORIZED');
    expect(order?.transaction.map((entry) => entry.result)).toEqual(['FAILURE', 'SUCCESS']);
  });

  it('explains a mistyped card number, keeping what may be kept', async () => {
    const session = await openSession();
    const { response, html } = await pay(session.sessionId, {
      cardNumber: '5123450000000009',
      expiry: '11/40',
      cvc: '321',
    });
    expect(response.status).toBe(422);
    const text = textOf(html);
    expect(text).toContain('There is a problem');
    expect(text).toContain('This card number is not valid. Check it and try again.');
    expect(html).toMatch(/<title>Error: Pay Tern/);
    const cardNumber = inputLabelled(html, 'Card number');
    expect(descriptionOf(html, cardNumber)).toContain('This card number is not valid');
    expect(cardNumber?.value).toBeUndefined();
    expect(inputLabelled(html, 'CVC')?.value).toBeUndefined();
    expect(inputLabelled(html, 'Expiry (MM/YY)')?.value).toBe('11/40');
    expect(html).toMatch(/<a href="#card-number">/);
    expect(await gateway.retrieveOrder(session.orderId)).toBeUndefined();
  });

  it('refuses a card past its expiry date', async () => {
    const session = await openSession();
    const { response, html } = await pay(session.sessionId, { expiry: '01/20' });
    expect(response.status).toBe(422);
    const expiry = inputLabelled(html, 'Expiry (MM/YY)');
    expect(descriptionOf(html, expiry)).toContain('This card has expired.');
    expect(expiry?.value).toBe('01/20');
  });

  it('asks for every missing field', async () => {
    const session = await openSession();
    const { html } = await submit(session.sessionId, {});
    const text = textOf(html);
    for (const message of [
      'Enter the card number.',
      'Enter the expiry date.',
      'Enter the security code (CVC).',
      'Enter the name as it appears on the card.',
    ]) {
      expect(text).toContain(message);
    }
  });

  it('sends the payer back to the cancel address on Cancel, paying nothing', async () => {
    const session = await openSession();
    const { response } = await submit(session.sessionId, { ...validCard, action: 'cancel' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(session.cancelUrl);
    expect(await gateway.retrieveOrder(session.orderId)).toBeUndefined();
  });

  it('refuses a session older than 30 minutes', async () => {
    const session = await openSession();
    await shop.database.db
      .update(gatewaySandboxSessions)
      .set({ createdAt: new Date(Date.now() - 31 * 60 * 1000) })
      .where(eq(gatewaySandboxSessions.id, session.sessionId));
    const shown = await getPage(session.sessionId);
    expect(shown.response.status).toBe(410);
    expect(textOf(shown.html)).toContain(EXPIRED_MESSAGE);
    expect(shown.html).toContain(`href="${session.cancelUrl}"`);
    const paid = await pay(session.sessionId);
    expect(paid.response.status).toBe(410);
    expect(await gateway.retrieveOrder(session.orderId)).toBeUndefined();
  });

  it('shows a paid session as paid, with the way back, and never pays twice', async () => {
    const session = await paidSession('PURCHASE');
    const { response, html } = await getPage(session.sessionId);
    expect(response.status).toBe(200);
    expect(textOf(html)).toContain('Payment complete');
    expect(html).not.toContain('<form');
    expect(html).toContain('resultIndicator=');
    const again = await pay(session.sessionId, { cardNumber: APPROVING_VISA });
    expect(again.response.status).toBe(303);
    expect(again.response.headers.get('location')).toContain(
      `resultIndicator=${session.successIndicator}`,
    );
    const order = await gateway.retrieveOrder(session.orderId);
    expect(order?.transaction).toHaveLength(1);
  });

  it('takes one payment when Pay is pressed twice at once, and sends both presses back', async () => {
    // Several rounds, as the two presses interleave differently each time. Only PostgreSQL
    // runs them side by side; PGlite answers one statement at a time.
    for (let round = 0; round < 8; round += 1) {
      const session = await openSession('PURCHASE');
      const answers = await Promise.all([pay(session.sessionId), pay(session.sessionId)]);
      expect(answers.map(({ response }) => response.status)).toEqual([303, 303]);
      const order = await gateway.retrieveOrder(session.orderId);
      expect(order?.transaction).toHaveLength(1);
      expect(order?.totalCapturedAmount).toBe(12.99);
    }
  });

  it('does not let a second session pay an order already paid', async () => {
    const first = await paidSession('AUTHORIZE');
    const second = await openSession('AUTHORIZE', first.orderId);
    const { response, html } = await pay(second.sessionId);
    expect(response.status).toBe(409);
    expect(textOf(html)).toContain('Order already paid');
    expect((await gateway.retrieveOrder(first.orderId))?.transaction).toHaveLength(1);
  });

  it('answers an unknown session with a page that says so', async () => {
    const { response, html } = await getPage('SESSION0002NOSUCHSESSION');
    expect(response.status).toBe(404);
    expect(textOf(html)).toContain('This payment link is not valid.');
  });
});

describe('capture, void and refund', () => {
  it('captures an authorisation once per transaction id, refusing the same id again', async () => {
    const session = await paidSession('AUTHORIZE');
    const first = await gateway.capture(session.orderId, 'capture-1', 12.99, 'USD');
    expect(first).toMatchObject({
      result: 'SUCCESS',
      transaction: { id: 'capture-1', type: 'CAPTURE', amount: 12.99 },
      order: { status: 'CAPTURED', totalCapturedAmount: 12.99 },
    });
    await expectGatewayError(
      gateway.capture(session.orderId, 'capture-1', 12.99, 'USD'),
      400,
      /capture-1 is already used/,
    );
    const order = await gateway.retrieveOrder(session.orderId);
    expect(order?.totalCapturedAmount).toBe(12.99);
    expect(order?.transaction.map((entry) => entry.transaction.type)).toEqual([
      'AUTHORIZATION',
      'CAPTURE',
    ]);
  });

  it('refuses a used transaction id for a different request', async () => {
    const session = await paidSession('AUTHORIZE');
    await gateway.capture(session.orderId, 'capture-1', 5, 'USD');
    await expectGatewayError(
      gateway.capture(session.orderId, 'capture-1', 6, 'USD'),
      400,
      /already used/,
    );
  });

  it('captures in parts, never beyond the authorised amount', async () => {
    const session = await paidSession('AUTHORIZE');
    const part = await gateway.capture(session.orderId, 'capture-a', 10, 'USD');
    expect(part.order.status).toBe('PARTIALLY_CAPTURED');
    await expectGatewayError(
      gateway.capture(session.orderId, 'capture-b', 3, 'USD'),
      400,
      /exceeds/,
    );
    const rest = await gateway.capture(session.orderId, 'capture-c', 2.99, 'USD');
    expect(rest.order).toMatchObject({ status: 'CAPTURED', totalCapturedAmount: 12.99 });
  });

  it('captures only an authorised order', async () => {
    const purchased = await paidSession('PURCHASE');
    await expectGatewayError(
      gateway.capture(purchased.orderId, 'capture-1', 12.99, 'USD'),
      400,
      /only an authorised order/,
    );
    const declined = await openSession('AUTHORIZE');
    await pay(declined.sessionId, { cardNumber: DECLINING_CARD });
    await expectGatewayError(
      gateway.capture(declined.orderId, 'capture-1', 12.99, 'USD'),
      400,
      /only an authorised order/,
    );
    await expectGatewayError(
      gateway.capture(newOrderId(), 'capture-1', 12.99, 'USD'),
      400,
      /Unable to find order/,
    );
  });

  it('lets exactly one of two concurrent full captures through', async () => {
    const session = await paidSession('AUTHORIZE');
    const results = await Promise.allSettled([
      gateway.capture(session.orderId, 'capture-x', 12.99, 'USD'),
      gateway.capture(session.orderId, 'capture-y', 12.99, 'USD'),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((await gateway.retrieveOrder(session.orderId))?.totalCapturedAmount).toBe(12.99);
  });

  it('voids an authorisation not yet captured, and nothing after that', async () => {
    const session = await paidSession('AUTHORIZE');
    const authorisation = (await gateway.retrieveOrder(session.orderId))?.transaction[0];
    const targetId = authorisation?.transaction.id ?? '';
    await expectGatewayError(
      gateway.voidAuthorization(session.orderId, 'void-1', 'no-such-transaction'),
      400,
      /not an approved authorisation/,
    );
    const voided = await gateway.voidAuthorization(session.orderId, 'void-1', targetId);
    expect(voided).toMatchObject({
      result: 'SUCCESS',
      transaction: { type: 'VOID_AUTHORIZATION', targetTransactionId: targetId },
      // The least kind of the two readings by default (see controls.ts): CANCELLED.
      order: { status: 'CANCELLED', totalAuthorizedAmount: 0 },
    });
    expect((await gateway.retrieveOrder(session.orderId))?.status).toBe('CANCELLED');
    await setVoidedOrderStatus(shop.url, 'VOIDED');
    expect((await gateway.retrieveOrder(session.orderId))?.status).toBe('VOIDED');
    await resetGatewaySandbox(shop.url);
    await expectGatewayError(
      gateway.voidAuthorization(session.orderId, 'void-1', targetId),
      400,
      /void-1 is already used/,
    );
    await expectGatewayError(
      gateway.capture(session.orderId, 'capture-1', 12.99, 'USD'),
      400,
      /VOIDED/,
    );
  });

  it('refuses to void a captured authorisation', async () => {
    const session = await paidSession('AUTHORIZE');
    const targetId = (await gateway.retrieveOrder(session.orderId))?.transaction[0]?.transaction.id;
    await gateway.capture(session.orderId, 'capture-1', 12.99, 'USD');
    await expectGatewayError(
      gateway.voidAuthorization(session.orderId, 'void-1', targetId ?? ''),
      400,
      /not yet captured/,
    );
  });

  it('refunds captured money only, up to the captured amount', async () => {
    const authorised = await paidSession('AUTHORIZE');
    await expectGatewayError(
      gateway.refund(authorised.orderId, 'refund-1', 1, 'USD'),
      400,
      /no captured money/,
    );

    const session = await paidSession('PURCHASE');
    const part = await gateway.refund(session.orderId, 'refund-1', 5, 'USD');
    expect(part.order).toMatchObject({ status: 'PARTIALLY_REFUNDED', totalRefundedAmount: 5 });
    await expectGatewayError(gateway.refund(session.orderId, 'refund-2', 8, 'USD'), 400, /exceeds/);
    await expectGatewayError(
      gateway.refund(session.orderId, 'refund-2', 7.99, 'EUR'),
      400,
      /currency/,
    );
    const rest = await gateway.refund(session.orderId, 'refund-2', 7.99, 'USD');
    expect(rest.order).toMatchObject({ status: 'REFUNDED', totalRefundedAmount: 12.99 });
    // The first refund's id again is refused, and moves no money.
    await expectGatewayError(
      gateway.refund(session.orderId, 'refund-1', 5, 'USD'),
      400,
      /refund-1 is already used/,
    );
    expect(await gateway.retrieveOrder(session.orderId)).toMatchObject({
      status: 'REFUNDED',
      totalRefundedAmount: 12.99,
    });
  });
});

describe("the gateway's checkout.js", () => {
  const gatewayRoot = () => gatewaySandboxUrl(shop.url);
  const scriptUrl = () => `${gatewayRoot()}/static/checkout/checkout.min.js`;

  interface Load {
    url: string;
    /** Undefined when the page refused it (as a content security policy does) before asking. */
    response?: Response;
  }

  /**
   * Runs the script as a browser would, with a page whose navigations are recorded and whose
   * loads (stylesheets, fonts, images, requests) go to the gateway over HTTP; `refused` loads
   * fail before they are sent, as the ones a page's content security policy blocks do.
   */
  async function loadScript(
    options: { errorCallback?: string; refused?: (url: string) => boolean } = {},
  ) {
    const response = await fetch(scriptUrl());
    const visited: string[] = [];
    const errors: unknown[] = [];
    const loads: Load[] = [];
    let finish = () => {};
    /** Settles when the script has left for a page or reported an error. */
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const fetchAs = async (url: string): Promise<Response | undefined> => {
      if (options.refused?.(url)) {
        loads.push({ url });
        return undefined;
      }
      const answer = await fetch(url);
      loads.push({ url, response: answer.clone() });
      return answer;
    };
    const stylesheets: { url: string; css: string }[] = [];

    const window: Record<string, unknown> = {
      location: {
        assign: (url: string) => {
          visited.push(url);
          finish();
        },
      },
      onCheckoutError: (error: unknown) => {
        errors.push(error);
        finish();
      },
    };
    const head = {
      appendChild(link: { href: string; onload(): void; onerror(): void; parentNode?: unknown }) {
        link.parentNode = head;
        void fetchAs(link.href).then(async (answer) => {
          if (!answer?.ok) return link.onerror();
          stylesheets.push({ url: link.href, css: await answer.text() });
          link.onload();
        });
      },
      removeChild: () => {},
    };
    // A font is fetched when asked for by a family that a loaded stylesheet declares.
    const fonts = {
      async load(font: string) {
        for (const { url, css } of stylesheets) {
          const family = /font-family:\s*"([^"]+)"/.exec(css)?.[1];
          const source = /src:\s*url\("([^"]+)"\)/.exec(css)?.[1];
          if (!family || !source || !font.includes(`"${family}"`)) continue;
          const answer = await fetchAs(new URL(source, url).href);
          if (!answer?.ok) throw new Error(`${family} could not be loaded`);
          return [family];
        }
        return [];
      },
    };
    const document = {
      currentScript: {
        src: scriptUrl(),
        getAttribute: () => options.errorCallback ?? null,
      },
      head,
      fonts,
      createElement: () => ({}),
    };
    class Image {
      onload = () => {};
      onerror = () => {};
      set src(url: string) {
        void fetchAs(url).then((answer) => (answer?.ok ? this.onload() : this.onerror()));
      }
    }
    class XMLHttpRequest {
      status = 0;
      onload = () => {};
      onerror = () => {};
      private url = '';
      open(_method: string, url: string) {
        this.url = url;
      }
      send() {
        void fetchAs(this.url).then((answer) => {
          if (!answer) return this.onerror();
          this.status = answer.status;
          this.onload();
        });
      }
    }
    runInNewContext(await response.text(), { window, document, Image, XMLHttpRequest });
    const checkout = window.Checkout as {
      configure(options: unknown): void;
      showPaymentPage(): void;
    };
    return { response, checkout, visited, errors, loads, finished };
  }

  it('is served as a script other origins may load', async () => {
    const { response } = await loadScript();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/javascript');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it("configures a session and shows that session's hosted page", async () => {
    const session = await openSession();
    const { checkout, visited, finished } = await loadScript();
    checkout.configure({ session: { id: session.sessionId } });
    checkout.showPaymentPage();
    await finished;
    expect(visited).toEqual([pagePath(session.sessionId)]);
    const page = await fetch(visited[0] ?? '');
    expect(buttonNames(await page.text())).toEqual(HOSTED_PAGE_BUTTONS);
  });

  it("first loads its stylesheet, that stylesheet's font, its mark and its server's answer, each from its own origin and readable by a page of another", async () => {
    const session = await openSession();
    const { checkout, visited, loads, finished } = await loadScript();
    checkout.configure({ session: { id: session.sessionId } });
    checkout.showPaymentPage();
    await finished;
    expect(visited).toHaveLength(1);

    const answers = new Map(loads.map((load) => [load.url.replace(gatewayRoot(), ''), load]));
    expect([...answers.keys()].sort()).toEqual([
      '/checkout/ping',
      '/static/checkout/checkout-font.ttf',
      '/static/checkout/checkout-mark.svg',
      '/static/checkout/checkout.css',
    ]);
    const kinds = {
      '/static/checkout/checkout.css': [200, 'text/css'],
      '/static/checkout/checkout-font.ttf': [200, 'font/ttf'],
      '/static/checkout/checkout-mark.svg': [200, 'image/svg+xml'],
      '/checkout/ping': [204, undefined],
    } as const;
    for (const [path, [status, type]] of Object.entries(kinds)) {
      const answer = answers.get(path)?.response;
      expect(answer?.status, path).toBe(status);
      if (type) expect(answer?.headers.get('content-type'), path).toContain(type);
      // The stylesheet and the image are no-cors loads, the font and the call CORS ones.
      expect(answer?.headers.get('cross-origin-resource-policy'), path).toBe('cross-origin');
      expect(answer?.headers.get('access-control-allow-origin'), path).toBe('*');
    }
    // A real font: a TrueType file, not a placeholder a browser would refuse to decode.
    const font = answers.get('/static/checkout/checkout-font.ttf')?.response;
    const signature = Buffer.from(await (font as Response).arrayBuffer()).subarray(0, 4);
    expect(signature.toString('hex')).toBe('00010000');
  });

  it('reports a server it cannot reach to data-error as SERVER_FAILED, and the payer stays', async () => {
    const session = await openSession();
    const { checkout, visited, errors, finished } = await loadScript({
      errorCallback: 'onCheckoutError',
      refused: (url) => url.endsWith('/checkout/ping'),
    });
    checkout.configure({ session: { id: session.sessionId } });
    checkout.showPaymentPage();
    await finished;
    expect(visited).toEqual([]);
    expect(errors).toEqual([
      { result: 'ERROR', cause: 'SERVER_FAILED', explanation: expect.any(String) },
    ]);
  });

  it('goes on to the hosted page when only its stylesheet, font or mark is refused', async () => {
    const session = await openSession();
    const { checkout, visited, loads, finished } = await loadScript({
      refused: (url) => url.includes('/static/checkout/checkout'),
    });
    checkout.configure({ session: { id: session.sessionId } });
    checkout.showPaymentPage();
    await finished;
    expect(visited).toEqual([pagePath(session.sessionId)]);
    // A refused stylesheet declares no font, so none is asked for.
    expect(loads.filter((load) => !load.response).map((load) => load.url)).toEqual([
      `${gatewayRoot()}/static/checkout/checkout.css`,
      `${gatewayRoot()}/static/checkout/checkout-mark.svg`,
    ]);
  });

  it('reports a missing session to the data-error callback and goes nowhere', async () => {
    const { checkout, visited, errors } = await loadScript({ errorCallback: 'onCheckoutError' });
    checkout.showPaymentPage();
    checkout.configure({ session: {} });
    expect(visited).toEqual([]);
    expect(errors).toEqual([
      expect.objectContaining({ cause: 'INVALID_REQUEST' }),
      expect.objectContaining({ cause: 'INVALID_REQUEST' }),
    ]);
  });
});

describe('3-D Secure', () => {
  const post = (url: string | URL, fields: Record<string, string> = {}) =>
    fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

  it('challenges an enrolled card, leaves the order AUTHENTICATED, then authorises it', async () => {
    const session = await openSession('AUTHORIZE');
    const challenge = await pay(session.sessionId, { cardNumber: THREE_D_SECURE_CARD });
    expect(challenge.response.status).toBe(200);
    expect(buttonNames(challenge.html)).toEqual(['Complete authentication']);
    expect((await gateway.retrieveOrder(session.orderId))?.status).toBe('AUTHENTICATION_INITIATED');

    const action = /<form[^>]*action="([^"]+)"/.exec(challenge.html)?.[1] ?? '';
    const authenticated = await post(`${shop.url}${action}`, { action: 'authenticate' });
    expect(authenticated.status).toBe(307);
    const between = await gateway.retrieveOrder(session.orderId);
    expect(between).toMatchObject({ status: 'AUTHENTICATED', totalAuthorizedAmount: 0 });
    expect(between?.transaction.map((entry) => [entry.transaction.type, entry.result])).toEqual([
      ['AUTHENTICATION', 'SUCCESS'],
    ]);

    const next = new URL(authenticated.headers.get('location') ?? '', shop.url);
    const authorised = await post(next, { action: 'authenticate' });
    expect(authorised.status).toBe(303);
    const back = new URL(authorised.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(session.returnUrl.split('?')[0]);
    expect(back.searchParams.get('resultIndicator')).toBe(session.successIndicator);
    const after = await gateway.retrieveOrder(session.orderId);
    expect(after).toMatchObject({ status: 'AUTHORIZED', totalAuthorizedAmount: 12.99 });
    expect(after?.transaction.at(-1)?.sourceOfFunds?.provided?.card?.number).toBe(
      'xxxxxxxxxxxx2346',
    );
  });

  it('lets the payer fail the challenge: AUTHENTICATION_UNSUCCESSFUL, nothing held, and another try on the same page', async () => {
    const session = await openSession('PURCHASE');
    const challenge = await pay(session.sessionId, { cardNumber: THREE_D_SECURE_CARD });
    // The bank's answer is chosen as on MPGS's 3DS emulator; passing is what it offers first.
    const select = /<select([^>]*)>([\s\S]*?)<\/select>/.exec(challenge.html);
    expect(attributesOf(select?.[1] ?? '').name).toBe('transactionStatus');
    expect(
      [...(select?.[2] ?? '').matchAll(/<option value="([YN])"[^>]*>([^<]*)</g)].map((m) => [
        m[1],
        m[2],
      ]),
    ).toEqual([
      ['Y', 'Authenticated'],
      ['N', 'Not authenticated'],
    ]);

    const action = /<form[^>]*action="([^"]+)"/.exec(challenge.html)?.[1] ?? '';
    const failed = await post(`${shop.url}${action}`, {
      action: 'authenticate',
      transactionStatus: 'N',
    });
    // The payer stays on the hosted page, told why, with the card form to try again.
    expect(failed.status).toBe(402);
    const page = await failed.text();
    expect(textOf(page)).toContain(
      'Your bank could not confirm it is you, so nothing was paid. Try again or use another card.',
    );
    expect(buttonNames(page)).toEqual(HOSTED_PAGE_BUTTONS);
    const order = await gateway.retrieveOrder(session.orderId);
    expect(order).toMatchObject({
      status: 'AUTHENTICATION_UNSUCCESSFUL',
      result: 'FAILURE',
      totalAuthorizedAmount: 0,
      totalCapturedAmount: 0,
    });
    expect(
      order?.transaction.map((entry) => [
        entry.transaction.type,
        entry.result,
        entry.response?.gatewayCode,
      ]),
    ).toEqual([['AUTHENTICATION', 'FAILURE', 'DECLINED']]);
    // Going on to authorise anyway gets nowhere.
    const skipped = await post(`${pagePath(session.sessionId)}/authorize`, {});
    expect(skipped.status).toBe(200);
    expect((await gateway.retrieveOrder(session.orderId))?.status).toBe(
      'AUTHENTICATION_UNSUCCESSFUL',
    );

    const again = await pay(session.sessionId);
    expect(again.response.status).toBe(303);
    expect(
      new URL(again.response.headers.get('location') ?? '').searchParams.get('resultIndicator'),
    ).toBe(session.successIndicator);
    expect(await gateway.retrieveOrder(session.orderId)).toMatchObject({
      status: 'CAPTURED',
      totalCapturedAmount: 12.99,
    });
  });

  it('does not authorise a payer who skipped the challenge', async () => {
    const session = await openSession('PURCHASE');
    await pay(session.sessionId, { cardNumber: THREE_D_SECURE_CARD });
    const skipped = await post(`${pagePath(session.sessionId)}/authorize`);
    expect(skipped.status).toBe(200);
    expect(buttonNames(await skipped.text())).toEqual(HOSTED_PAGE_BUTTONS);
    expect((await gateway.retrieveOrder(session.orderId))?.status).toBe('AUTHENTICATION_INITIATED');
    const { transactions } = await storedRows(session.orderId);
    expect(transactions.map((row) => [row.type, row.result])).toEqual([
      ['AUTHENTICATION', 'PENDING'],
    ]);
  });
});

describe('transaction ids', () => {
  afterEach(async () => {
    await resetGatewaySandbox(shop.url);
  });

  it('refuses a reused transaction id by default and after a reset, as MPGS may', async () => {
    const session = await paidSession('AUTHORIZE');
    await gateway.capture(session.orderId, 'capture-1', 5, 'USD');
    await expectGatewayError(
      gateway.capture(session.orderId, 'capture-1', 5, 'USD'),
      400,
      /capture-1 is already used/,
    );
    await setReusedTransactionIds(shop.url, 'replay');
    expect(await resetGatewaySandbox(shop.url)).toEqual({
      reusedTransactionIds: 'refuse',
      lostAnswers: 0,
      down: false,
      voidedOrderStatus: 'CANCELLED',
      authenticationRedirect: 'redirect.html',
      reportingLagMs: DEFAULT_REPORTING_LAG_MS,
    });
    await expectGatewayError(
      gateway.capture(session.orderId, 'capture-1', 5, 'USD'),
      400,
      /capture-1 is already used/,
    );
    const { transactions } = await storedRows(session.orderId);
    expect(transactions.filter((row) => row.type === 'CAPTURE')).toHaveLength(1);
  });

  it('replays the first answer to the same request when switched to replay', async () => {
    await setReusedTransactionIds(shop.url, 'replay');
    const authorised = await paidSession('AUTHORIZE');
    const capture = await gateway.capture(authorised.orderId, 'capture-1', 12.99, 'USD');
    expect(await gateway.capture(authorised.orderId, 'capture-1', 12.99, 'USD')).toEqual(capture);
    // A different request under a used id is refused even then.
    await expectGatewayError(
      gateway.capture(authorised.orderId, 'capture-1', 6, 'USD'),
      400,
      /already used/,
    );
    expect(await gateway.retrieveOrder(authorised.orderId)).toMatchObject({
      status: 'CAPTURED',
      totalCapturedAmount: 12.99,
    });

    const held = await paidSession('AUTHORIZE');
    const targetId = (await gateway.retrieveOrder(held.orderId))?.transaction[0]?.transaction.id;
    const voided = await gateway.voidAuthorization(held.orderId, 'void-1', targetId ?? '');
    expect(await gateway.voidAuthorization(held.orderId, 'void-1', targetId ?? '')).toEqual(voided);

    const purchased = await paidSession('PURCHASE');
    const refund = await gateway.refund(purchased.orderId, 'refund-1', 5, 'USD');
    expect(await gateway.refund(purchased.orderId, 'refund-1', 5, 'USD')).toEqual(refund);
    expect(await gateway.retrieveOrder(purchased.orderId)).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      totalRefundedAmount: 5,
    });
    const { transactions } = await storedRows(purchased.orderId);
    expect(transactions.filter((row) => row.type === 'REFUND')).toHaveLength(1);
  });

  it('answers PENDING without moving money, and the same request again gets that answer', async () => {
    const session = await paidSession('AUTHORIZE');
    await leaveTransactionsUnsettled(shop.url, { operation: 'CAPTURE' });
    const pending = await gateway.capture(session.orderId, 'capture-1', 12.99, 'USD');
    expect(pending).toMatchObject({
      result: 'PENDING',
      response: { gatewayCode: 'SUBMITTED' },
      order: { status: 'AUTHORIZED', totalCapturedAmount: 0 },
    });
    // Resubmitted as MPGS asks: not processed twice, even with reused ids refused.
    expect(await gateway.capture(session.orderId, 'capture-1', 12.99, 'USD')).toEqual(pending);
    await expectGatewayError(
      gateway.capture(session.orderId, 'capture-1', 6, 'USD'),
      400,
      /already used/,
    );
    expect(await gateway.retrieveOrder(session.orderId)).toMatchObject({
      status: 'AUTHORIZED',
      transaction: [{ result: 'SUCCESS' }, { result: 'PENDING', transaction: { id: 'capture-1' } }],
    });

    await settleTransactions(shop.url);
    const settled = await gateway.capture(session.orderId, 'capture-1', 12.99, 'USD');
    expect(settled).toMatchObject({
      result: 'SUCCESS',
      order: { status: 'CAPTURED', totalCapturedAmount: 12.99 },
    });
    const { transactions } = await storedRows(session.orderId);
    expect(transactions.filter((row) => row.type === 'CAPTURE')).toHaveLength(1);
  });

  it('answers UNKNOWN to the chosen operation only, and a refund sent twice meanwhile is paid twice', async () => {
    const session = await paidSession('PURCHASE');
    await leaveTransactionsUnsettled(shop.url, { result: 'UNKNOWN', operation: 'REFUND' });
    const unknown = await gateway.refund(session.orderId, 'refund-1', 12.99, 'USD');
    expect(unknown).toMatchObject({ result: 'UNKNOWN', response: { gatewayCode: 'UNKNOWN' } });
    // A merchant that takes UNKNOWN for "not done" and refunds under a new id...
    expect(await gateway.refund(session.orderId, 'refund-2', 12.99, 'USD')).toMatchObject({
      result: 'SUCCESS',
    });
    // ...pays the buyer back twice once the acquirer's answer to the first comes in.
    await settleTransactions(shop.url);
    expect(await gateway.retrieveOrder(session.orderId)).toMatchObject({
      status: 'REFUNDED',
      totalCapturedAmount: 12.99,
      totalRefundedAmount: 25.98,
    });
  });

  it('settles a transaction left without an outcome by itself a minute later', async () => {
    const session = await paidSession('AUTHORIZE');
    await leaveTransactionsUnsettled(shop.url);
    await gateway.capture(session.orderId, 'capture-1', 12.99, 'USD');
    // Sent a minute and a second ago, as if the acquirer had been slow since then.
    await shop.database.db
      .update(gatewaySandboxTransactions)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(
        and(
          eq(gatewaySandboxTransactions.orderId, session.orderId),
          eq(gatewaySandboxTransactions.transactionId, 'capture-1'),
        ),
      );
    expect(await gateway.retrieveOrder(session.orderId)).toMatchObject({
      status: 'CAPTURED',
      totalCapturedAmount: 12.99,
      transaction: [{ result: 'SUCCESS' }, { result: 'SUCCESS', transaction: { id: 'capture-1' } }],
    });
  });

  it('drops every call unanswered while down, doing nothing, until reset', async () => {
    const session = await paidSession('AUTHORIZE');
    await takeGatewayDown(shop.url);
    const failure = await gateway
      .capture(session.orderId, 'capture-1', 12.99, 'USD')
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ failure: 'network' });
    await expect(gateway.retrieveOrder(session.orderId)).rejects.toMatchObject({
      failure: 'network',
    });
    await resetGatewaySandbox(shop.url);
    expect(await gateway.retrieveOrder(session.orderId)).toMatchObject({ status: 'AUTHORIZED' });
    const { transactions } = await storedRows(session.orderId);
    expect(transactions.filter((row) => row.type === 'CAPTURE')).toHaveLength(0);
  });

  it('takes a capture whose answer is lost, and the client does not send it again', async () => {
    const session = await paidSession('AUTHORIZE');
    await loseTransactionAnswers(shop.url, 1);
    const failure = await gateway
      .capture(session.orderId, 'capture-1', 12.99, 'USD')
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ failure: 'network', transient: true });
    const order = await gateway.retrieveOrder(session.orderId);
    expect(order).toMatchObject({ status: 'CAPTURED', totalCapturedAmount: 12.99 });
    const { transactions } = await storedRows(session.orderId);
    expect(transactions.filter((row) => row.type === 'CAPTURE')).toHaveLength(1);
  });
});

describe('the shop at the gateway', () => {
  let store: TestApp;
  const db = () => store.database.db;

  beforeAll(async () => {
    store = await createOrdersTestApp();
  });
  afterAll(async () => store?.close());
  afterEach(async () => {
    await resetGatewaySandbox(store.url);
  });

  const card = (cardNumber: string) => ({
    action: 'pay',
    cardNumber,
    expiry: '12/49',
    cvc: '123',
    nameOnCard: 'Maya Haddad',
  });
  const post = (url: string | URL, fields: Record<string, string>) =>
    fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  const storePage = (sessionId: string) => `${gatewaySandboxUrl(store.url)}/pay/${sessionId}`;

  it('gives the gateway return and cancel addresses without a #', async () => {
    const { reference } = await buy(store, await signIn(store), await planIn(store));
    const [session] = (await storedRowsIn(store, reference)).sessions;
    expect(session?.returnUrl).toBe(`${INJECTED_ORIGIN}${orderApiPaths.paymentReturn.href()}`);
    expect(session?.cancelUrl).toBe(
      `${INJECTED_ORIGIN}${orderApiPaths.paymentCancelReturn.href()}`,
    );
  });

  it('takes a capture whose answer was lost once, and still delivers', async () => {
    // The sandbox refuses a reused id by default, as strict as the real gateway may be: the
    // shop must never send the same id twice.
    const buyer = await signIn(store);
    const session = await openedPayment(store, buyer, await planIn(store));
    const reference = session.led_payment_gateway_ref;
    const paid = await post(storePage(session.gateway_transaction.sessionid), card(APPROVING_CARD));
    expect(paid.status).toBe(303);
    await loseTransactionAnswers(store.url, 1);
    await confirmed(store.app, buyer, reference);
    expect(await runJobsUntil(store, reference, (status) => status === 'fulfilled')).toBe(
      'fulfilled',
    );
    expect(await gatewayTransactions(db(), reference, 'CAPTURE')).toBe(1);
    expect(await gatewayOrderStatus(db(), reference)).toBe('CAPTURED');
    expect((await orderRow(db(), reference)).capturedAt).not.toBeNull();
  });

  it('buys with a 3-D Secure card: challenge, AUTHENTICATED, then delivery', async () => {
    const buyer = await signIn(store);
    const session = await openedPayment(store, buyer, await planIn(store));
    const reference = session.led_payment_gateway_ref;
    const page = storePage(session.gateway_transaction.sessionid);
    const challenge = await post(page, card(THREE_D_SECURE_CARD));
    expect(challenge.status).toBe(200);
    const authenticated = await post(`${page}/authenticate`, { action: 'authenticate' });
    expect(authenticated.status).toBe(307);
    expect(await gatewayOrderStatus(db(), reference)).toBe('AUTHENTICATED');
    // Authenticated is not paid: the shop keeps waiting and delivers nothing yet.
    expect((await confirmed(store.app, buyer, reference)).status).toBe('awaiting_payment');

    const next = new URL(authenticated.headers.get('location') ?? '', store.url);
    const authorised = await post(next, { action: 'authenticate' });
    expect(authorised.status).toBe(303);
    const back = new URL(authorised.headers.get('location') ?? '');
    expect(back.pathname).toBe(orderApiPaths.paymentReturn.href());
    const indicator = back.searchParams.get('resultIndicator') ?? undefined;
    expect((await confirmed(store.app, buyer, reference, indicator)).status).toBe('fulfilled');
    expect(await gatewayOrderStatus(db(), reference)).toBe('CAPTURED');
    expect(await gatewayTransactions(db(), reference, 'CAPTURE')).toBe(1);
  });

  it('answers failed to a payer who failed the 3-D Secure challenge: no capture, no eSIM', async () => {
    const buyer = await signIn(store);
    const session = await openedPayment(store, buyer, await planIn(store));
    const reference = session.led_payment_gateway_ref;
    const providerOrders = await providerOrderCount(db());
    const page = storePage(session.gateway_transaction.sessionid);
    expect((await post(page, card(THREE_D_SECURE_CARD))).status).toBe(200);
    const failed = await post(`${page}/authenticate`, {
      action: 'authenticate',
      transactionStatus: 'N',
    });
    expect(failed.status).toBe(402);
    expect(await gatewayOrderStatus(db(), reference)).toBe('AUTHENTICATION_UNSUCCESSFUL');

    // The payer gives up and comes back to the shop, which asks the gateway.
    expect(await confirmed(store.app, buyer, reference)).toEqual({
      status: 'payment_failed',
      message: 'Your payment was not accepted. You have not been charged.',
    });
    expect(await gatewayTransactions(db(), reference, 'AUTHORIZATION')).toBe(0);
    expect(await gatewayTransactions(db(), reference, 'CAPTURE')).toBe(0);
    expect(await providerOrderCount(db())).toBe(providerOrders);
    expect(await ledgerCount(db(), reference)).toBe(0);
    expect((await orderRow(db(), reference)).status).toBe('payment_failed');
  });

  /** The sandbox's rows of one order, in `app`'s database. */
  async function storedRowsIn(app: TestApp, orderId: string) {
    const sessions = await app.database.db
      .select()
      .from(gatewaySandboxSessions)
      .where(eq(gatewaySandboxSessions.orderId, orderId));
    return { sessions };
  }
});

describe('return from the gateway', () => {
  it('sends the payer on to the success page, keeping resultIndicator and sessionVersion', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: `${orderApiPaths.paymentReturn.href()}?resultIndicator=abc123&sessionVersion=f00d`,
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `${INJECTED_ORIGIN}/?resultIndicator=abc123&sessionVersion=f00d#${paths.paymentSuccessful}`,
    );
  });

  it('sends a payer who cancelled to the cancelled page', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: orderApiPaths.paymentCancelReturn.href(),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${INJECTED_ORIGIN}/#${paths.paymentCancelled}`);
  });
});

describe('content security policy', () => {
  const directive = (csp: string | undefined, name: string) =>
    csp
      ?.split(';')
      .find((part) => part.startsWith(`${name} `))
      ?.slice(name.length + 1);

  const withGatewayAt = (url: string) => ({
    ...shop.config,
    gateway: { ...shop.config.gateway, url },
  });

  it("adds exactly the gateway's origin to each directive its payment page needs, nothing else", () => {
    // A production gateway, and the stand-ins' own process (npm run sandboxes), whose root
    // has a path: only the origin is named.
    for (const [url, origin] of [
      ['https://gateway.example.com/', 'https://gateway.example.com'],
      ['http://127.0.0.1:8081/_sandbox/gateway', 'http://127.0.0.1:8081'],
    ] as const) {
      const csp = securityHeadersFor(withGatewayAt(url))['content-security-policy'];
      expect(csp?.split(';'), url).toEqual([
        "default-src 'self'",
        `script-src 'self' ${origin}`,
        `style-src 'self' ${origin}`,
        `img-src 'self' data: blob: ${origin}`,
        `font-src 'self' ${origin}`,
        `connect-src 'self' ${origin}`,
        `frame-src 'self' ${origin}`,
        `form-action 'self' ${origin}`,
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "object-src 'none'",
      ]);
    }
  });

  it('needs no other origin while the sandbox stands in at the shop', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: orderApiPaths.gatewayCheckout.href(),
    });
    const csp = String(response.headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toBe("'self'");
    expect(directive(csp, 'frame-src')).toBe("'self'");
    expect(csp.split(';')).toEqual([
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self'",
      "frame-src 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
    ]);
  });
});

describe('gateway client', () => {
  it('answers undefined for an order the gateway does not know', async () => {
    expect(await gateway.retrieveOrder(newOrderId())).toBeUndefined();
  });

  it('retries a GET after a gateway fault but never repeats a POST', async () => {
    const calls: string[] = [];
    const flaky = await startServer((method) => {
      calls.push(method);
      const failing = method === 'POST' || calls.filter((call) => call === 'GET').length < 2;
      return failing
        ? { status: 503, body: { result: 'ERROR', error: { cause: 'SERVER_BUSY' } } }
        : { status: 200, body: { id: 'o-1', amount: 1, currency: 'USD', status: 'CAPTURED' } };
    });
    try {
      const client = createGatewayClient({
        baseUrl: flaky.url,
        merchantId: 'M',
        password: 'p',
        backoffMs: 1,
      });
      expect(await client.retrieveOrder('o-1')).toMatchObject({
        status: 'CAPTURED',
        totalCapturedAmount: 0,
        transaction: [],
      });
      const failure = await client
        .initiateCheckout({
          orderId: 'o-2',
          amount: 1,
          currency: 'USD',
          description: 'x',
          returnUrl: 'https://shop.example/r',
          cancelUrl: 'https://shop.example/c',
          operation: 'PURCHASE',
          merchantName: 'Tern',
        })
        .catch((error: unknown) => error);
      expect(failure).toMatchObject({ status: 503, gatewayCause: 'SERVER_BUSY', transient: true });
      expect(calls).toEqual(['GET', 'GET', 'POST']);
    } finally {
      await flaky.close();
    }
  });

  it('gives up on a gateway that does not answer in time', async () => {
    const silent = await startServer(() => undefined);
    try {
      const client = createGatewayClient({
        baseUrl: silent.url,
        merchantId: 'M',
        password: 'p',
        timeoutMs: 50,
        retries: 0,
      });
      const failure = await client.retrieveOrder('o-1').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(GatewayError);
      expect(failure).toMatchObject({ failure: 'timeout', transient: true });
    } finally {
      await silent.close();
    }
  });
});

type Answer = { status: number; body: unknown } | undefined;

/** A stand-in gateway for failures the sandbox does not fake; undefined: never answer. */
async function startServer(answer: (method: string) => Answer) {
  const server: Server = createServer((request, response) => {
    request.resume();
    const reply = answer(request.method ?? 'GET');
    if (!reply) return;
    response.writeHead(reply.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(reply.body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
