/**
 * Issue 26, point 1: a newcomer pays at whichever address they opened the shop by. Without
 * PUBLIC_URL, the payment page's script and the gateway's way back follow the visitor's own
 * host; with PUBLIC_URL they always name it, and a production shop sends a visitor on another
 * host name to PUBLIC_URL's before anything else.
 */
import { orderApiPaths, paths } from '@tern/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewaySandboxSessions } from '../src/db/schema';
import type { TestApp } from './helpers/test-app';
import { type Buyer, createOrdersTestApp, openPayment, planIn, signIn } from './orders-kit';

const SCRIPT = '/_sandbox/gateway/static/checkout/checkout.min.js';

async function openSessionFrom(shop: TestApp, buyer: Buyer, host: string) {
  const plan = await planIn(shop);
  const response = await openPayment(shop.request, buyer, plan, {}, { host });
  expect(response.statusCode, response.body).toBe(200);
  const reference = response.json().led_payment_gateway_ref as string;
  const [session] = await shop.database.db
    .select()
    .from(gatewaySandboxSessions)
    .where(eq(gatewaySandboxSessions.orderId, reference));
  return session;
}

const checkoutScriptFrom = async (shop: TestApp, host: string) =>
  (
    await shop.app.inject({
      method: 'GET',
      url: orderApiPaths.gatewayCheckout.href(),
      headers: { host },
    })
  ).json().checkout_script_url;

describe('a shop on its embedded defaults (no PUBLIC_URL)', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createOrdersTestApp();
  });
  afterAll(async () => shop.close());

  it('links its e-mails to the address it prints, not to localhost', () => {
    expect(shop.config.publicUrl).toBe('http://127.0.0.1:0');
  });

  it.each(['127.0.0.1:8080', 'localhost:8080', 'shop-laptop.lan:8080'])(
    'loads the payment script from the page’s own origin at %s',
    async (host) => {
      expect(await checkoutScriptFrom(shop, host)).toBe(`http://${host}${SCRIPT}`);
    },
  );

  it('sends the payer back to the address they paid from', async () => {
    const buyer = await signIn(shop);
    const session = await openSessionFrom(shop, buyer, '127.0.0.1:8080');
    expect(session?.returnUrl).toBe(`http://127.0.0.1:8080${orderApiPaths.paymentReturn.href()}`);
    const back = await shop.app.inject({
      method: 'GET',
      url: `${orderApiPaths.paymentReturn.href()}?resultIndicator=abc`,
      headers: { host: '127.0.0.1:8080' },
    });
    expect(back.headers.location).toBe(
      `http://127.0.0.1:8080/?resultIndicator=abc#${paths.paymentSuccessful}`,
    );
  });

  it('keeps the payment script on the page’s origin under the content security policy', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: '127.0.0.1:8080' },
    });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
  });

  it('does not take a malformed Host for an address', async () => {
    expect(await checkoutScriptFrom(shop, 'evil.example/x?')).toBe(
      `${shop.config.publicUrl}${SCRIPT}`,
    );
  });

  it('answers visitors on any host name (no redirect outside production)', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: '/api/country/',
      headers: { host: 'localhost:8080' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('a shop with PUBLIC_URL', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createOrdersTestApp({ PUBLIC_URL: 'http://shop.example.test:8080' });
  });
  afterAll(async () => shop.close());

  it('names PUBLIC_URL in its links whatever host the visitor typed', async () => {
    expect(await checkoutScriptFrom(shop, 'localhost:8080')).toBe(
      `http://shop.example.test:8080${SCRIPT}`,
    );
    const buyer = await signIn(shop);
    const session = await openSessionFrom(shop, buyer, 'localhost:8080');
    expect(session?.returnUrl).toBe(
      `http://shop.example.test:8080${orderApiPaths.paymentReturn.href()}`,
    );
  });
});

describe('a production shop', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createOrdersTestApp({
      NODE_ENV: 'production',
      SANDBOX_ENABLED: 'true',
      PUBLIC_URL: 'https://shop.example.test',
    });
  });
  afterAll(async () => shop.close());

  it.each(['www.shop.example.test', 'old-name.example.test'])(
    'sends a visitor on %s to PUBLIC_URL’s host, path and query kept',
    async (host) => {
      const response = await shop.app.inject({ method: 'GET', url: '/faq?x=1', headers: { host } });
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe('https://shop.example.test/faq?x=1');
    },
  );

  it('redirects before anything else: a catalogue answer and a sign-in alike', async () => {
    const catalogue = await shop.app.inject({
      method: 'GET',
      url: '/api/country/',
      headers: { host: 'www.shop.example.test' },
    });
    expect(catalogue.statusCode).toBe(301);
    const post = await shop.request({
      method: 'POST',
      url: '/api/client/signup',
      headers: { host: 'www.shop.example.test' },
      payload: { cli_email: 'a@example.com', cli_name: 'Maya', cli_mobile: '+961 71 123 456' },
    });
    // 308: the browser repeats the same POST at the right host.
    expect(post.statusCode).toBe(308);
    expect(post.headers.location).toBe('https://shop.example.test/api/client/signup');
  });

  it('serves visitors on its own host', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: '/api/country/',
      headers: { host: 'shop.example.test' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers the load balancer’s readiness probe on any host', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: '10.0.0.5:8080' },
    });
    expect(response.statusCode).not.toBe(301);
  });

  it('answers the gateway’s notifications on any host: MPGS does not follow a redirect', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: orderApiPaths.gatewayNotification.href(),
      headers: { host: '10.0.0.5:8080', 'content-type': 'application/json' },
      payload: {},
    });
    // Refused for its missing secret by the shop itself, not sent elsewhere.
    expect(response.statusCode).not.toBe(308);
    expect(response.statusCode).toBe(401);
  });
});
