/**
 * Store credit that never expires (issue 31): the buyer's balance and entries, an operator's
 * grant (a viewer refused), credit spent on a purchase with the card paying the rest (the
 * gateway asked for exactly that), two purchases at once spending the same credit (one wins,
 * the other is refused before any payment opens), the credit given back when the order is not
 * paid, and a refund that returns the credit part as credit and only the card part to the card.
 * Counted where it lands: the gateway stand-in's sessions and refunds, the credit ledger.
 */
import {
  type AuditEntry,
  breakdownInCents,
  type CreateSessionResponse,
  type CreditAccount,
  creditApiPaths,
  creditMessages,
  type LedgerPage,
  opsApiPaths,
  opsCreditPaths,
  opsMessages,
  orderMessages,
  type Plan,
  profileApiPaths,
} from '@tern/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../e2e/helpers/pdf';
import { creditEntries, gatewaySandboxSessions, orders } from '../src/db/schema';
import { resetSimulator, setFault } from '../src/sandbox/esimgo/control-client';
import { resetGatewaySandbox } from '../src/sandbox/gateway/control-client';
import { invariantViolations } from './helpers/invariants';
import { movableClock } from './helpers/movable-clock';
import { asOperator, operatorSessions } from './helpers/operator-session';
import type { TestApp } from './helpers/test-app';
import {
  type Buyer,
  bearer,
  confirmed,
  createOrdersTestApp,
  DECLINING_CARD,
  gatewayOrderStatus,
  gatewayOrderTotals,
  mailTo,
  openPayment,
  orderRow,
  payOnHostedPage,
  planIn,
  runJobsPastSettling,
  runJobsUntil,
  type SecondInstance,
  secondInstance,
  signIn,
} from './orders-kit';

const OPERATOR = 'credit.ops@example.com';
const VIEWER = 'credit.viewer@example.com';
const clock = movableClock();

let shop: TestApp;
let other: SecondInstance;
let plan: Plan;
let operatorToken: string;
let viewerToken: string;
const operatorSession = operatorSessions(() => shop, clock);

beforeAll(async () => {
  shop = await createOrdersTestApp(
    { OPERATOR_EMAILS: `${OPERATOR}:operator, ${VIEWER}:viewer` },
    { clock: clock.clock },
  );
  plan = await planIn(shop, 'FR');
  other = await secondInstance(shop);
  operatorToken = await operatorSession(OPERATOR);
  viewerToken = await operatorSession(VIEWER);
});
afterAll(async () => {
  await other?.close();
  await shop?.close();
});
afterEach(async () => {
  await resetSimulator(shop.url);
  await resetGatewaySandbox(shop.url);
  expect(await invariantViolations(db())).toEqual([]);
});

const db = () => shop.database.db;
const cents = (dollars: number) => Math.round(dollars * 100);
const priceCents = () => cents(plan.pla_price);

async function creditOf(buyer: Buyer): Promise<CreditAccount> {
  const response = await shop.app.inject({
    method: 'GET',
    url: creditApiPaths.credit.href(),
    headers: bearer(buyer),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CreditAccount;
}

/** The buyer's account id, as the console names it: from their first order, or a dummy one. */
async function accountIdOf(buyer: Buyer): Promise<number> {
  const id = await shop.app.auth.idOfEmail(buyer.email);
  if (id === undefined) throw new Error(`No account for ${buyer.email}`);
  return id;
}

function grant(id: number, body: Record<string, unknown>, token = operatorToken) {
  return shop.request({
    method: 'POST',
    url: opsCreditPaths.grant.href(id),
    headers: asOperator(token),
    payload: body,
  });
}

async function buyerWithCredit(amount: number, name = 'Nour Saleh'): Promise<Buyer> {
  const buyer = await signIn(shop, name);
  const response = await grant(await accountIdOf(buyer), { amount, reason: 'Sorry for the wait' });
  expect(response.statusCode, response.body).toBe(200);
  return buyer;
}

async function sessionCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(gatewaySandboxSessions);
  return row?.n ?? 0;
}

async function sessionAmountMinor(reference: string): Promise<number | undefined> {
  const [row] = await db()
    .select({ amount: gatewaySandboxSessions.amountMinor })
    .from(gatewaySandboxSessions)
    .where(eq(gatewaySandboxSessions.orderId, reference));
  return row?.amount;
}

async function ordersOf(buyer: Buyer): Promise<number> {
  const id = await accountIdOf(buyer);
  const [row] = await db().select({ n: count() }).from(orders).where(eq(orders.clientId, id));
  return row?.n ?? 0;
}

async function openWithCredit(buyer: Buyer): Promise<CreateSessionResponse> {
  const response = await openPayment(shop.request, buyer, plan, { pur_use_credit: true });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CreateSessionResponse;
}

describe('the buyer’s credit', () => {
  it('starts at nothing, and is the buyer’s own to read', async () => {
    const buyer = await signIn(shop);
    expect(await creditOf(buyer)).toEqual({ balance: 0, currency: 'USD', entries: [] });
    const anonymous = await shop.app.inject({ method: 'GET', url: creditApiPaths.credit.href() });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is granted by an operator with a reason, audited, and shows as an entry', async () => {
    const buyer = await signIn(shop);
    const id = await accountIdOf(buyer);
    const first = await grant(id, { amount: 5, reason: 'Delivery took an hour' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ balance: 5, currency: 'USD' });
    const second = await grant(id, { amount: 2.5, reason: 'Goodwill' });
    expect(second.json()).toMatchObject({ balance: 7.5 });

    const account = await creditOf(buyer);
    expect(account.balance).toBe(7.5);
    expect(account.entries.map(({ amount, reason, kind }) => ({ amount, reason, kind }))).toEqual([
      { amount: 2.5, reason: 'Goodwill', kind: 'grant' },
      { amount: 5, reason: 'Delivery took an hour', kind: 'grant' },
    ]);
    const audit = await shop.app.inject({
      method: 'GET',
      url: opsApiPaths.audit.href(),
      headers: asOperator(operatorToken),
    });
    const entries = audit.json() as AuditEntry[];
    expect(
      entries.some(
        (entry) =>
          entry.operator === OPERATOR &&
          entry.target === `customer ${id}` &&
          entry.action === 'grant store credit (5.00 USD)' &&
          entry.outcome.startsWith('done: balance 5.00 USD'),
      ),
    ).toBe(true);
  });

  it('refuses a viewer’s grant with 403, a buyer’s token with 401, and gives nothing', async () => {
    const buyer = await signIn(shop);
    const id = await accountIdOf(buyer);
    const viewer = await grant(id, { amount: 5, reason: 'Trying' }, viewerToken);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().message).toBe(opsMessages.roleRequired);
    const asBuyer = await grant(id, { amount: 5, reason: 'Trying' }, buyer.token);
    expect(asBuyer.statusCode).toBe(401);
    expect((await creditOf(buyer)).balance).toBe(0);
  });

  it('refuses a grant of no amount, a negative one, fractions of a cent, a fortune or no reason', async () => {
    const buyer = await signIn(shop);
    const id = await accountIdOf(buyer);
    for (const body of [
      { amount: 0, reason: 'Nothing' },
      { amount: -5, reason: 'Taking back' },
      { amount: 1.005, reason: 'Half a cent' },
      { amount: 100_000, reason: 'A fortune' },
      { amount: '5', reason: 'A string' },
      { amount: 5, reason: '' },
      { amount: 5, reason: 'Extra', balance: 500 },
    ]) {
      const response = await grant(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await grant(987_654, { amount: 5, reason: 'Nobody' });
    expect(unknown.statusCode).toBe(404);
    expect((await creditOf(buyer)).balance).toBe(0);
  });
});

describe('a purchase with credit', () => {
  it('takes the credit off the price and asks the gateway for the rest, VAT on what is charged', async () => {
    const buyer = await buyerWithCredit(1);
    const session = await openWithCredit(buyer);
    const total = priceCents() - 100;
    const split = breakdownInCents(total);
    expect(session.pricing).toEqual({
      price: priceCents() / 100,
      discount: 0,
      credit: 1,
      vat: split.vat / 100,
      stamps: split.stamps / 100,
      total: total / 100,
    });
    const reference = session.led_payment_gateway_ref;
    expect(await sessionAmountMinor(reference)).toBe(total);
    const order = await orderRow(db(), reference);
    expect({ amount: order.amountCents, credit: order.creditCents }).toEqual({
      amount: total,
      credit: 100,
    });
    // Reserved the moment the order was made.
    const reserved = await creditOf(buyer);
    expect(reserved.balance).toBe(0);
    expect(reserved.entries[0]).toMatchObject({
      amount: -1,
      kind: 'order-payment',
      order: reference,
    });

    const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
    const answer = await confirmed(shop.app, buyer, reference, indicator);
    expect(answer.status).toBe('fulfilled');
    expect((await gatewayOrderTotals(db(), reference))?.captured).toBe(total);

    // The profile lists what the card paid and the credit used; the invoice shows both.
    const page = await shop.app.inject({
      method: 'GET',
      url: profileApiPaths.ledger.href(buyer.email, { limit: 100 }),
      headers: bearer(buyer),
    });
    const [entry] = (page.json() as LedgerPage).data;
    expect(entry).toMatchObject({ led_enduser_price: total / 100, led_credit_used: 1 });
    const pdf = await shop.app.inject({
      method: 'GET',
      url: `${profileApiPaths.invoicePdf.href(entry?.led_id ?? 0)}?lang=en`,
      headers: bearer(buyer),
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      `Plan price\n${(priceCents() / 100).toFixed(2)}`,
      'Store credit used\n-1.00',
      `VAT 11%\n${(split.vat / 100).toFixed(2)}`,
      `Stamps\n${(split.stamps / 100).toFixed(2)}`,
      `Subtotal\n${(split.subtotal / 100).toFixed(2)}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('leaves the card at least the stamps fee when the credit covers the whole price', async () => {
    const buyer = await buyerWithCredit(500);
    const session = await openWithCredit(buyer);
    expect(session.pricing).toEqual({
      price: priceCents() / 100,
      discount: 0,
      credit: (priceCents() - 22) / 100,
      vat: 0,
      stamps: 0.22,
      total: 0.22,
    });
    expect(await sessionAmountMinor(session.led_payment_gateway_ref)).toBe(22);
    expect((await creditOf(buyer)).balance).toBe((50_000 - priceCents() + 22) / 100);
  });

  it('spends no credit and answers the plain price when the buyer does not ask for it', async () => {
    const buyer = await buyerWithCredit(3);
    const response = await openPayment(shop.request, buyer, plan);
    const session = response.json() as CreateSessionResponse;
    expect(session.pricing).toMatchObject({ credit: 0, total: priceCents() / 100 });
    expect(await sessionAmountMinor(session.led_payment_gateway_ref)).toBe(priceCents());
    expect((await creditOf(buyer)).balance).toBe(3);
  });

  it('lets one of two purchases at once spend the same credit, and refuses the other before any payment opens', async () => {
    const buyer = await buyerWithCredit(1.5);
    const sessionsBefore = await sessionCount();
    const answers = await Promise.all([
      openPayment(shop.request, buyer, plan, { pur_use_credit: true }),
      openPayment(other.request, buyer, plan, { pur_use_credit: true }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json().message).toBe(creditMessages.noCreditLeft);
    expect(await sessionCount()).toBe(sessionsBefore + 1);
    expect(await ordersOf(buyer)).toBe(1);
    const account = await creditOf(buyer);
    expect(account.balance).toBe(0);
    expect(account.entries.filter((entry) => entry.kind === 'order-payment')).toHaveLength(1);
  });

  it('refuses to use credit the buyer does not have, with nothing opened at the gateway', async () => {
    const buyer = await signIn(shop);
    const before = await sessionCount();
    const response = await openPayment(shop.request, buyer, plan, { pur_use_credit: true });
    expect(response.statusCode).toBe(409);
    expect(await sessionCount()).toBe(before);
    expect(await ordersOf(buyer)).toBe(0);
  });

  it('refuses a tampered request: a price, a credit amount, or a credit flag that is not a yes or no', async () => {
    const buyer = await buyerWithCredit(1);
    const before = await sessionCount();
    for (const extra of [
      { pur_use_credit: 'yes' },
      { pur_use_credit: true, pur_credit: 500 },
      { pur_use_credit: true, pur_credit_amount: -5 },
      { pur_use_credit: true, pricing: { total: 0.22 } },
      { pur_price: 0.01 },
      { amount: -10 },
    ]) {
      const response = await openPayment(shop.request, buyer, plan, extra);
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect(await sessionCount()).toBe(before);
    expect((await creditOf(buyer)).balance).toBe(1);
  });
});

describe('credit given back', () => {
  it('returns the credit of an order nobody paid when it is cancelled', async () => {
    const buyer = await buyerWithCredit(1);
    const session = await openWithCredit(buyer);
    expect((await creditOf(buyer)).balance).toBe(0);
    await shop.app.orders.reconcile();
    expect((await orderRow(db(), session.led_payment_gateway_ref)).status).toBe('cancelled');
    const account = await creditOf(buyer);
    expect(account.balance).toBe(1);
    expect(account.entries[0]).toMatchObject({
      amount: 1,
      kind: 'order-unpaid',
      order: session.led_payment_gateway_ref,
    });
    // A second round changes nothing: an order gives its credit back once.
    await shop.app.orders.reconcile();
    expect((await creditOf(buyer)).balance).toBe(1);
  });

  it('returns the credit when the card is declined, and takes it again when another card pays', async () => {
    const buyer = await buyerWithCredit(1);
    const session = await openWithCredit(buyer);
    const reference = session.led_payment_gateway_ref;
    await payOnHostedPage(shop, session.gateway_transaction.sessionid, DECLINING_CARD);
    expect((await confirmed(shop.app, buyer, reference)).status).toBe('payment_failed');
    expect((await creditOf(buyer)).balance).toBe(1);

    const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
    expect((await confirmed(shop.app, buyer, reference, indicator)).status).toBe('fulfilled');
    expect((await creditOf(buyer)).balance).toBe(0);
  });

  it('gives a late payment back when the credit it was to spend went to another order meanwhile', async () => {
    const buyer = await buyerWithCredit(1);
    const first = await openWithCredit(buyer);
    await payOnHostedPage(shop, first.gateway_transaction.sessionid, DECLINING_CARD);
    await confirmed(shop.app, buyer, first.led_payment_gateway_ref);
    // The credit came back and another order spends it.
    await openWithCredit(buyer);
    const indicator = await payOnHostedPage(shop, first.gateway_transaction.sessionid);
    const late = await confirmed(shop.app, buyer, first.led_payment_gateway_ref, indicator);
    expect(late.status).toBe('payment_failed');
    const totals = await gatewayOrderTotals(db(), first.led_payment_gateway_ref);
    // The hold was released (AUTHORIZE mode): nothing of the card stays taken.
    expect((totals?.captured ?? 0) - (totals?.refunded ?? 0)).toBe(0);
    expect((await creditOf(buyer)).balance).toBe(0);
  });

  it('refunds a credit-and-card order: the credit part as credit, only the card part to the card', async () => {
    const buyer = await buyerWithCredit(1);
    const session = await openWithCredit(buyer);
    const reference = session.led_payment_gateway_ref;
    const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
    expect((await confirmed(shop.app, buyer, reference, indicator)).status).toBe('fulfilled');
    const card = priceCents() - 100;

    const refund = await shop.request({
      method: 'POST',
      url: opsApiPaths.refund.href(reference),
      headers: asOperator(operatorToken),
      payload: { reason: 'The trip was cancelled' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await runJobsUntil(shop, reference, (status) => status === 'refunded');
    expect((await orderRow(db(), reference)).status).toBe('refunded');
    expect(await gatewayOrderTotals(db(), reference)).toMatchObject({
      captured: card,
      refunded: card,
    });
    const account = await creditOf(buyer);
    expect(account.balance).toBe(1);
    expect(account.entries[0]).toMatchObject({ amount: 1, kind: 'order-refund', order: reference });
    const rows = await db()
      .select({ n: count() })
      .from(creditEntries)
      .where(eq(creditEntries.orderReference, reference));
    expect(rows[0]?.n).toBe(2);
    // The buyer is told where each part went.
    const mail = (await mailTo(shop.app, buyer.email)).find((m) => m.text.includes(reference));
    expect(mail?.text).toContain('We have refunded 0.99 USD to your card');
    expect(mail?.text).toContain('The 1.00 USD of store credit used on the order is back');
  });

  it('returns the credit as credit and releases the card’s hold when the eSIM cannot be delivered', async () => {
    const buyer = await buyerWithCredit(1);
    const session = await openWithCredit(buyer);
    const reference = session.led_payment_gateway_ref;
    const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
    await setFault(shop.url, { mode: 'error500' });
    await confirmed(shop.app, buyer, reference, indicator);
    expect(await runJobsPastSettling(shop, reference, (s) => s === 'refunded', clock)).toBe(
      'refunded',
    );
    expect(await gatewayOrderStatus(db(), reference)).toBe('VOIDED');
    const account = await creditOf(buyer);
    expect(account.balance).toBe(1);
    expect(account.entries[0]).toMatchObject({ amount: 1, kind: 'order-refund', order: reference });
    const mail = (await mailTo(shop.app, buyer.email)).find((m) =>
      /could not be delivered/.test(m.subject),
    );
    expect(mail?.text).toContain('The 1.00 USD of store credit used on the order is back');
  });

  it('never lets a second purchase open a payment for credit an unpaid order still holds', async () => {
    const buyer = await buyerWithCredit(1);
    await openWithCredit(buyer);
    const again = await openPayment(shop.request, buyer, plan, { pur_use_credit: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).not.toBe(orderMessages.gatewayUnavailable);
  });
});
