/**
 * Referrals (issue 31): a buyer's share link; a friend who signs up through it and whose first
 * order is paid and captured gives both accounts store credit, once. Never to oneself: an
 * alias of the referrer's mailbox, the referrer's card (as the gateway shows it) or the
 * referrer's device gives nothing; and a referrer gets at most N rewards a month, however many
 * friends pay at once.
 */
import { type CreditAccount, creditApiPaths, type Plan, referralApiPaths } from '@tern/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderCards, referrals } from '../src/db/schema';
import type { TestApp } from './helpers/test-app';
import {
  APPROVING_CARD,
  type Buyer,
  bearer,
  confirmed,
  createOrdersTestApp,
  mailTo,
  openedPayment,
  orderRow,
  payOnHostedPage,
  planIn,
} from './orders-kit';

/** Another card the stand-in approves (Visa test number), for a friend's own card. */
const FRIENDS_CARD = '4111111111111111';
const MAX_PER_MONTH = 2;

let shop: TestApp;
let plan: Plan;
let sequence = 0;

beforeAll(async () => {
  shop = await createOrdersTestApp({ REFERRAL_MAX_PER_MONTH: String(MAX_PER_MONTH) });
  plan = await planIn(shop, 'FR');
});
afterAll(async () => shop?.close());

/** Signs up (or in) with the e-mailed code, from a device, through a share code if given. */
async function signUp(
  email: string,
  options: { referral?: string; device?: string } = {},
): Promise<Buyer> {
  sequence += 1;
  const form = {
    cli_email: email,
    cli_name: 'Sami Nassar',
    cli_mobile: '+961 71 123 456',
    ...(options.referral ? { cli_referral: options.referral } : {}),
  };
  const remoteAddress = `10.31.${sequence % 250}.${((sequence * 7) % 250) + 1}`;
  const headers = options.device ? { 'x-tern-device': options.device } : {};
  await shop.request({ method: 'POST', url: '/api/client/signup', payload: form, remoteAddress });
  const mails = await mailTo(shop.app, email);
  const code = mails.at(-1)?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`No code was mailed to ${email}`);
  const response = await shop.request({
    method: 'POST',
    url: '/api/client/validateotp',
    payload: { ...form, cli_number: code },
    headers,
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { email, name: 'Sami Nassar', token: response.json().token as string };
}

function unique(): string {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence}`;
}

async function codeOf(buyer: Buyer): Promise<string> {
  const response = await shop.request({
    method: 'GET',
    url: referralApiPaths.referral.href(),
    headers: bearer(buyer),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().code as string;
}

async function creditOf(buyer: Buyer): Promise<CreditAccount> {
  const response = await shop.request({
    method: 'GET',
    url: creditApiPaths.credit.href(),
    headers: bearer(buyer),
  });
  return response.json() as CreditAccount;
}

/** Opens, pays with `card` and confirms (the confirmation delivers and captures). */
async function buyWith(buyer: Buyer, card: string) {
  const session = await openedPayment(shop, buyer, plan);
  const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid, card);
  const reference = session.led_payment_gateway_ref;
  const answer = await confirmed(shop.app, buyer, reference, indicator);
  expect(answer.status).toBe('fulfilled');
  return reference;
}

async function outcomeFor(friend: Buyer): Promise<string | null | undefined> {
  const id = await shop.app.auth.idOfEmail(friend.email);
  const [row] = await shop.database.db
    .select({ outcome: referrals.outcome })
    .from(referrals)
    .where(eq(referrals.friendClientId, id ?? -1));
  return row?.outcome;
}

describe('a share link', () => {
  it('gives each account one code and a link to the shop’s sign-in, for the signed-in buyer only', async () => {
    const buyer = await signUp(`linker.${unique()}@example.com`);
    const response = await shop.request({
      method: 'GET',
      url: referralApiPaths.referral.href(),
      headers: bearer(buyer),
    });
    const referral = response.json();
    expect(referral.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(referral.link).toMatch(new RegExp(`/\\?ref=${referral.code}#/sign-in$`));
    expect(referral).toMatchObject({ reward: 5, friendReward: 5, rewarded: 0, pending: 0 });
    expect(response.headers['cache-control']).toContain('no-store');
    expect(await codeOf(buyer)).toBe(referral.code);
    const anonymous = await shop.request({ method: 'GET', url: referralApiPaths.referral.href() });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a friend’s first order', () => {
  it('gives both store credit once its payment is captured, and not before', async () => {
    const referrer = await signUp(`referrer.${unique()}@example.com`, {
      device: 'device-referrer-1',
    });
    await buyWith(referrer, APPROVING_CARD);
    const friend = await signUp(`friend.${unique()}@example.com`, {
      referral: (await codeOf(referrer)).toLowerCase(),
      device: 'device-friend-0001',
    });
    // Signed up, nothing bought: the referral waits.
    expect(await outcomeFor(friend)).toBeNull();
    expect((await creditOf(referrer)).balance).toBe(0);

    const reference = await buyWith(friend, FRIENDS_CARD);
    expect((await orderRow(shop.database.db, reference)).capturedAt).not.toBeNull();
    expect(await outcomeFor(friend)).toBe('rewarded');
    for (const account of [referrer, friend]) {
      const credit = await creditOf(account);
      expect(credit.balance).toBe(5);
      expect(credit.entries[0]).toMatchObject({ amount: 5, kind: 'referral' });
    }
    // A second order of the friend's gives nothing more.
    await buyWith(friend, FRIENDS_CARD);
    expect((await creditOf(friend)).balance).toBe(5);
    expect((await creditOf(referrer)).balance).toBe(5);
    const counts = await shop.request({
      method: 'GET',
      url: referralApiPaths.referral.href(),
      headers: bearer(referrer),
    });
    expect(counts.json()).toMatchObject({ rewarded: 1, pending: 0 });
  });

  it('gives nothing to an alias of the referrer’s own mailbox', async () => {
    const name = `self.${unique()}`;
    const referrer = await signUp(`${name}@example.com`);
    const alias = await signUp(`${name}+second@Example.com`, { referral: await codeOf(referrer) });
    await buyWith(alias, FRIENDS_CARD);
    expect(await outcomeFor(alias)).toBe('same-email');
    expect((await creditOf(referrer)).balance).toBe(0);
    expect((await creditOf(alias)).balance).toBe(0);
  });

  it('gives nothing when the friend pays with the referrer’s card', async () => {
    const referrer = await signUp(`cardowner.${unique()}@example.com`);
    const first = await buyWith(referrer, APPROVING_CARD);
    const [card] = await shop.database.db
      .select()
      .from(orderCards)
      .where(eq(orderCards.orderId, (await orderRow(shop.database.db, first)).id));
    // What is kept is a hash of what the gateway showed, never a card number.
    expect(card?.cardHash).toMatch(/^[0-9a-f]{64}$/);
    const friend = await signUp(`samecard.${unique()}@example.com`, {
      referral: await codeOf(referrer),
    });
    await buyWith(friend, APPROVING_CARD);
    expect(await outcomeFor(friend)).toBe('same-card');
    expect((await creditOf(referrer)).balance).toBe(0);
  });

  it('gives nothing when the friend signed up on the referrer’s device', async () => {
    const referrer = await signUp(`deviceowner.${unique()}@example.com`, {
      device: 'shared-device-0001',
    });
    const friend = await signUp(`samedevice.${unique()}@example.com`, {
      referral: await codeOf(referrer),
      device: 'shared-device-0001',
    });
    await buyWith(friend, FRIENDS_CARD);
    expect(await outcomeFor(friend)).toBe('same-device');
    expect((await creditOf(friend)).balance).toBe(0);
  });

  it('ignores an unknown code and one’s own: the sign-up works and nobody is referred', async () => {
    const buyer = await signUp(`nobody.${unique()}@example.com`, { referral: 'ZZZZZZZZ' });
    expect(await outcomeFor(buyer)).toBeUndefined();
  });
});

describe('the monthly limit', () => {
  it(`rewards a referrer at most ${MAX_PER_MONTH} times a month, even when friends pay at once`, async () => {
    const referrer = await signUp(`popular.${unique()}@example.com`);
    const code = await codeOf(referrer);
    const friends: Buyer[] = [];
    for (let i = 0; i < MAX_PER_MONTH + 1; i += 1) {
      friends.push(await signUp(`crowd${i}.${unique()}@example.com`, { referral: code }));
    }
    await Promise.all(friends.map((friend) => buyWith(friend, FRIENDS_CARD)));
    const outcomes = await Promise.all(friends.map(outcomeFor));
    expect(outcomes.filter((outcome) => outcome === 'rewarded')).toHaveLength(MAX_PER_MONTH);
    expect(outcomes.filter((outcome) => outcome === 'monthly-limit')).toHaveLength(1);
    expect((await creditOf(referrer)).balance).toBe(5 * MAX_PER_MONTH);
  });

  it('holds when the captures are decided at the very same moment', async () => {
    const referrer = await signUp(`racer.${unique()}@example.com`);
    const code = await codeOf(referrer);
    const captured = [];
    for (let i = 0; i < MAX_PER_MONTH + 2; i += 1) {
      const friend = await signUp(`race${i}.${unique()}@example.com`, { referral: code });
      const session = await openedPayment(shop, friend, plan);
      const order = await orderRow(shop.database.db, session.led_payment_gateway_ref);
      captured.push({ id: order.id, clientId: order.clientId, reference: order.gatewayOrderId });
    }
    // What the fulfilment jobs of several instances would do at once after their captures.
    await Promise.all(captured.map((order) => shop.app.referrals.afterCapture(order)));
    expect((await creditOf(referrer)).balance).toBe(5 * MAX_PER_MONTH);
    const outcomes = await Promise.all(
      captured.map(async (order) => {
        const [row] = await shop.database.db
          .select({ outcome: referrals.outcome })
          .from(referrals)
          .where(eq(referrals.friendClientId, order.clientId));
        return row?.outcome;
      }),
    );
    expect(outcomes.filter((outcome) => outcome === 'monthly-limit')).toHaveLength(2);
  });
});
