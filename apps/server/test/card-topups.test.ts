/**
 * Paying again with a saved card (issue 32), through the shop's API and the stand-in gateway:
 * a one-tap top-up (a cardholder-initiated payment with the token, 3-D Secure when the card
 * asks), and the capped automatic top-up (an agreement made at opt-in, each purchase a
 * merchant-initiated payment under it, decided once per bundle within the month's cap, on one
 * instance or two, e-mailed with a single-use stop link; a declined payment turns it off).
 * The stand-in counts every merchant-initiated request it gets: none ever arrives without an
 * agreement.
 */
import {
  type AutoTopup,
  type CardTopupResponse,
  cardTopupApiPaths,
  cardTopupMessages,
  type Plan,
  refundApiPaths,
  type SavedCard,
  savedCardApiPaths,
} from '@tern/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { autoTopupRuns, jobs, orders, savedCards } from '../src/db/schema';
import type { BundleReading } from '../src/modules/alerts/decisions';
import {
  advanceClockMinutes,
  setProfileStatus,
  setUsage,
} from '../src/sandbox/esimgo/control-client';
import {
  declineToken,
  mitRequestCounts,
  resetGatewaySandbox,
  takeGatewayDown,
} from '../src/sandbox/gateway/control-client';
import { gatewaySandboxUrl } from '../src/sandbox/gateway/paths';
import type { TestApp } from './helpers/test-app';
import {
  APPROVING_CARD,
  type Buyer,
  bearer,
  confirmed,
  createOrdersTestApp,
  gatewayTransactions,
  mailTo,
  openedPayment,
  planIn,
  secondInstance,
  signIn,
} from './orders-kit';

const CHALLENGE_CARD = '5123456789012346';

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

const post = (url: string | URL, fields: Record<string, string>) =>
  fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

/** Pays on the hosted page, through the bank's check for the 3-D Secure card. */
async function payHosted(sessionId: string, cardNumber: string): Promise<void> {
  const page = `${gatewaySandboxUrl(shop.url)}/pay/${sessionId}`;
  const card = { action: 'pay', cardNumber, expiry: '12/49', cvc: '123', nameOnCard: 'Ada' };
  let answer = await post(page, card);
  if (cardNumber === CHALLENGE_CARD) {
    const authenticated = await post(`${page}/authenticate`, { transactionStatus: 'Y' });
    answer = await post(new URL(authenticated.headers.get('location') ?? '', shop.url), {});
  }
  expect(answer.status).toBe(303);
}

interface Traveller {
  buyer: Buyer;
  iccid: string;
  card: SavedCard;
}

/** A buyer whose first purchase saved the card, the eSIM installed and its bundle in use. */
async function travellerWithSavedCard(
  cardNumber = APPROVING_CARD,
  { installed = true } = {},
): Promise<Traveller> {
  const buyer = await signIn(shop, 'Nadia Saved');
  const session = await openedPayment(shop, buyer, plan, { pur_save_card: true });
  await payHosted(session.gateway_transaction.sessionid, cardNumber);
  const answer = await confirmed(shop.app, buyer, session.led_payment_gateway_ref);
  expect(answer.status).toBe('fulfilled');
  const iccid = answer.iccid ?? '';
  if (installed) await setProfileStatus(shop.url, iccid, 'Installed');
  // The phone attaches a minute after the order: the bundle is then in use.
  await advanceClockMinutes(shop.url, 2);
  const listed = await shop.app.inject({
    method: 'GET',
    url: savedCardApiPaths.cards.href(),
    headers: bearer(buyer),
  });
  const [card] = listed.json() as SavedCard[];
  if (!card) throw new Error('No card was saved');
  return { buyer, iccid, card };
}

function topup(traveller: Traveller, body: Record<string, unknown> = {}) {
  return shop.request({
    method: 'POST',
    url: cardTopupApiPaths.topup.href(traveller.iccid),
    headers: bearer(traveller.buyer),
    payload: { planName: plan.pla_name, cardId: traveller.card.id, ...body },
  });
}

async function tokenOf(card: SavedCard): Promise<string> {
  const [row] = await db().select().from(savedCards).where(eq(savedCards.id, card.id));
  if (!row) throw new Error('No saved card row');
  return row.gatewayToken;
}

async function merchantOrders(iccid: string) {
  return db()
    .select()
    .from(orders)
    .where(and(eq(orders.targetIccid, iccid), eq(orders.paymentInitiator, 'merchant')));
}

async function runsOf(iccid: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(autoTopupRuns)
    .where(eq(autoTopupRuns.iccid, iccid));
  return row?.n ?? 0;
}

function turnOn(traveller: Traveller, body: Record<string, unknown> = {}) {
  return shop.request({
    method: 'PUT',
    url: cardTopupApiPaths.autoTopup.href(traveller.iccid),
    headers: bearer(traveller.buyer),
    payload: {
      planName: plan.pla_name,
      cardId: traveller.card.id,
      whenPercentLeft: 10,
      maxPerMonth: 2,
      ...body,
    },
  });
}

async function autoTopupOf(traveller: Traveller): Promise<AutoTopup | null> {
  const response = await shop.app.inject({
    method: 'GET',
    url: cardTopupApiPaths.autoTopup.href(traveller.iccid),
    headers: bearer(traveller.buyer),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { autoTopup: AutoTopup | null }).autoTopup;
}

/** The traveller uses 95% of the bundle; the alerts' poll reads it. */
async function runLow(traveller: Traveller): Promise<void> {
  await setUsage(shop.url, traveller.iccid, 95);
  await shop.app.alerts.poll();
}

describe('one-tap top-up with a saved card', () => {
  it('pays with the token as the cardholder, then delivers and captures the top-up', async () => {
    const traveller = await travellerWithSavedCard();
    const response = await topup(traveller);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as CardTopupResponse;
    expect(answer.next).toBe('paid');

    const confirmation = await confirmed(shop.app, traveller.buyer, answer.reference);
    expect(confirmation).toMatchObject({ status: 'fulfilled', iccid: traveller.iccid });
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.gatewayOrderId, answer.reference));
    expect(order).toMatchObject({
      type: 'Topup',
      paymentInitiator: 'cardholder',
      savedCardId: traveller.card.id,
    });
    expect(await gatewayTransactions(db(), answer.reference, 'AUTHORIZATION')).toBe(1);
    expect(await gatewayTransactions(db(), answer.reference, 'CAPTURE')).toBe(1);
  });

  it('sends the 3-D Secure card through the bank’s check first, and pays once it passed', async () => {
    const traveller = await travellerWithSavedCard(CHALLENGE_CARD);
    const response = await topup(traveller);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as CardTopupResponse;
    if (answer.next !== 'authenticate') throw new Error(`expected a challenge, got ${answer.next}`);
    // Nothing is held before the payer passed.
    expect(await gatewayTransactions(db(), answer.reference, 'AUTHORIZATION')).toBe(0);

    const page = await fetch(new URL(new URL(answer.authenticationUrl).pathname, shop.url));
    expect(page.status).toBe(200);
    const redirectHtml = await page.text();
    // The redirect's own script may run, and only it (the stand-in loads it by address).
    const script = /<script src="([^"]+)"/.exec(redirectHtml)?.[1] ?? '';
    expect(script).not.toBe('');
    expect(page.headers.get('content-security-policy')).toContain(
      `script-src ${new URL(script, shop.url).href};`,
    );
    const back = await passChallenge(redirectHtml);
    const returned = await post(new URL(new URL(back.action).pathname, shop.url), back.fields);
    expect(returned.status).toBe(303);
    expect(returned.headers.get('location')).toContain('#/payment_successfull');

    const confirmation = await confirmed(shop.app, traveller.buyer, answer.reference);
    expect(confirmation.status).toBe('fulfilled');
  });

  it('says so when the card is declined, and the order is left failed', async () => {
    const traveller = await travellerWithSavedCard();
    await declineToken(shop.url, await tokenOf(traveller.card));
    const response = await topup(traveller);
    expect(response.statusCode, response.body).toBe(402);
    expect(response.json().message).toBe(cardTopupMessages.declined);
    const [order] = await db()
      .select()
      .from(orders)
      .where(
        and(eq(orders.targetIccid, traveller.iccid), eq(orders.paymentInitiator, 'cardholder')),
      );
    expect(order?.status).toBe('payment_failed');
  });

  it('refuses another account’s card and another account’s eSIM', async () => {
    const traveller = await travellerWithSavedCard();
    const other = await travellerWithSavedCard();
    const foreignCard = await topup(traveller, { cardId: other.card.id });
    expect(foreignCard.statusCode).toBe(404);
    const foreignEsim = await shop.request({
      method: 'POST',
      url: cardTopupApiPaths.topup.href(other.iccid),
      headers: bearer(traveller.buyer),
      payload: { planName: plan.pla_name, cardId: traveller.card.id },
    });
    expect(foreignEsim.statusCode).toBe(404);
    const badBody = await topup(traveller, { cardId: 'x' });
    expect(badBody.statusCode).toBe(400);
  });
});

/** Follows the gateway's redirect html and its challenge page as the payer's browser would. */
async function passChallenge(redirectHtml: string) {
  const action = /<form[^>]*action="([^"]+)"/.exec(redirectHtml)?.[1] ?? '';
  const challenge = await post(new URL(action.replaceAll('&amp;', '&'), shop.url), {});
  expect(challenge.status).toBe(200);
  const page = await challenge.text();
  const complete = /<form[^>]*action="([^"]+)"/.exec(page)?.[1] ?? '';
  const done = await post(new URL(complete.replaceAll('&amp;', '&'), shop.url), {
    transactionStatus: 'Y',
  });
  const back = await done.text();
  return {
    action: (/<form[^>]*action="([^"]+)"/.exec(back)?.[1] ?? '').replaceAll('&amp;', '&'),
    fields: Object.fromEntries(
      [...back.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [
        match[1] ?? '',
        match[2] ?? '',
      ]),
    ),
  };
}

describe('automatic top-up', () => {
  it('makes an agreement at opt-in, then buys once when the bundle runs low, with a receipt and a stop link', async () => {
    const traveller = await travellerWithSavedCard();
    const mitsBefore = await mitRequestCounts(shop.url);
    const on = await turnOn(traveller);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({
      planName: plan.pla_name,
      cardId: traveller.card.id,
      whenPercentLeft: 10,
      maxPerMonth: 2,
      usedThisMonth: 0,
    });

    await runLow(traveller);
    await shop.app.alerts.poll();
    const bought = await merchantOrders(traveller.iccid);
    expect(bought).toHaveLength(1);
    expect(bought[0]?.status).toBe('fulfilled');
    const reference = bought[0]?.gatewayOrderId ?? '';
    expect(await gatewayTransactions(db(), reference, 'AUTHORIZATION')).toBe(1);
    expect(await gatewayTransactions(db(), reference, 'CAPTURE')).toBe(1);
    const mits = await mitRequestCounts(shop.url);
    expect(mits.accepted).toBe(mitsBefore.accepted + 1);
    expect((await autoTopupOf(traveller))?.usedThisMonth).toBe(1);

    const receipts = (await mailTo(shop.app, traveller.buyer.email)).filter((mail) =>
      mail.subject.includes('automatically'),
    );
    expect(receipts).toHaveLength(1);
    // The card as the profile names it, and what was charged for it.
    expect(receipts[0]?.text).toContain('Mastercard •••• 0008');
    const token = /auto-topup-stop\?token=([\w-]+)/.exec(receipts[0]?.text ?? '')?.[1];
    expect(token).toBeDefined();

    // The stop link, without signing in: once.
    const stop = () =>
      shop.request({
        method: 'POST',
        url: cardTopupApiPaths.stopAutoTopup.href(),
        payload: { token },
      });
    expect((await stop()).statusCode).toBe(200);
    expect(await autoTopupOf(traveller)).toBeNull();
    const again = await stop();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(cardTopupMessages.stopLinkUsed);
    const forged = await shop.request({
      method: 'POST',
      url: cardTopupApiPaths.stopAutoTopup.href(),
      payload: { token: `${token}x` },
    });
    expect(forged.statusCode).toBe(400);
  });

  it('holds the month’s cap under concurrent readings on two instances', async () => {
    const traveller = await travellerWithSavedCard();
    expect((await turnOn(traveller, { maxPerMonth: 2 })).statusCode).toBe(200);
    const other = await secondInstance(shop);
    try {
      const readings = Array.from({ length: 4 }, (_, index) => lowReading(traveller, index));
      await Promise.all(
        readings.flatMap((reading) => [
          shop.app.cardTopups.autoTopups.consider(reading),
          other.app.cardTopups.autoTopups.consider(reading),
        ]),
      );
    } finally {
      await other.close();
    }
    expect(await runsOf(traveller.iccid)).toBe(2);
    expect(await merchantOrders(traveller.iccid)).toHaveLength(2);
  });

  it('turns itself off when the automatic payment is declined, and tells the buyer', async () => {
    const traveller = await travellerWithSavedCard();
    expect((await turnOn(traveller)).statusCode).toBe(200);
    await declineToken(shop.url, await tokenOf(traveller.card));
    await runLow(traveller);
    const [order] = await merchantOrders(traveller.iccid);
    expect(order?.status).toBe('payment_failed');
    expect(await autoTopupOf(traveller)).toBeNull();
    const notices = (await mailTo(shop.app, traveller.buyer.email)).filter((mail) =>
      mail.subject.includes('declined'),
    );
    expect(notices).toHaveLength(1);
  });

  it('keeps trying a charge the gateway could not take, past its attempts, then pays once', async () => {
    const traveller = await travellerWithSavedCard();
    expect((await turnOn(traveller)).statusCode).toBe(200);
    await takeGatewayDown(shop.url);
    await runLow(traveller);
    const [order] = await merchantOrders(traveller.iccid);
    const key = `auto-topup-charge:${order?.id}`;
    const jobOf = async () => (await db().select().from(jobs).where(eq(jobs.key, key)))[0];
    // Past the kind's attempts (5 here, a few milliseconds apart), the gateway still down.
    const deadline = Date.now() + 20_000;
    while (((await jobOf())?.attempts ?? 0) <= 6 && Date.now() < deadline) {
      await shop.app.cardTopups.autoTopups.runDueCharges();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const waiting = await jobOf();
    expect(waiting?.attempts).toBeGreaterThan(6);
    expect(waiting?.parkedAt).toBeNull();
    expect((await merchantOrders(traveller.iccid))[0]?.status).toBe('awaiting_payment');

    await resetGatewaySandbox(shop.url);
    let status = '';
    while (status !== 'fulfilled' && Date.now() < deadline + 20_000) {
      await shop.app.cardTopups.autoTopups.runDueCharges();
      status = (await merchantOrders(traveller.iccid))[0]?.status ?? '';
      if (status !== 'fulfilled') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe('fulfilled');
    expect(await gatewayTransactions(db(), order?.gatewayOrderId ?? '', 'AUTHORIZATION')).toBe(1);
  });

  it('never runs for an eSIM not installed', async () => {
    const traveller = await travellerWithSavedCard(APPROVING_CARD, { installed: false });
    expect((await turnOn(traveller)).statusCode).toBe(200);
    await runLow(traveller);
    expect(await merchantOrders(traveller.iccid)).toHaveLength(0);
  });

  it('is refused for an eSIM refunded, with the reason', async () => {
    const traveller = await travellerWithSavedCard(APPROVING_CARD, { installed: false });
    const refund = await shop.request({
      method: 'POST',
      url: refundApiPaths.esimRefund.href(traveller.iccid),
      headers: bearer(traveller.buyer),
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const on = await turnOn(traveller);
    expect(on.statusCode).toBe(409);
    expect(on.json().message).toBe(cardTopupMessages.esimNotEligible);
    expect(await autoTopupOf(traveller)).toBeNull();
  });

  it('stops with the card: removing the card removes its automatic top-up', async () => {
    const traveller = await travellerWithSavedCard();
    expect((await turnOn(traveller)).statusCode).toBe(200);
    const removed = await shop.request({
      method: 'DELETE',
      url: savedCardApiPaths.card.href(traveller.card.id),
      headers: bearer(traveller.buyer),
    });
    expect(removed.statusCode).toBe(200);
    expect(await autoTopupOf(traveller)).toBeNull();
  });

  it('refuses a threshold or a cap out of range, with the reason', async () => {
    const traveller = await travellerWithSavedCard();
    const high = await turnOn(traveller, { whenPercentLeft: 80 });
    expect(high.statusCode).toBe(400);
    expect(high.json().message).toContain(cardTopupMessages.percentRange);
    const many = await turnOn(traveller, { maxPerMonth: 50 });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toContain(cardTopupMessages.maxPerMonthRange);
    expect(await autoTopupOf(traveller)).toBeNull();
  });

  it('never sent a merchant-initiated payment without an agreement', async () => {
    // Every test above included: the stand-in counts what it was sent, the reset keeps it.
    expect((await mitRequestCounts(shop.url)).refusedWithoutAgreement).toBe(0);
  });
});

/** A reading of a bundle in use with 5% left: a new assignment for each `index`. */
function lowReading(traveller: Traveller, index: number): BundleReading {
  return {
    iccid: traveller.iccid,
    bundleName: plan.pla_name,
    assignmentId: `concurrent-${index}`,
    initialBytes: 1_000_000_000,
    remainingBytes: 50_000_000,
    unlimited: false,
    endTime: new Date(Date.now() + 86_400_000 * 7).toISOString(),
    state: 'active',
  };
}
