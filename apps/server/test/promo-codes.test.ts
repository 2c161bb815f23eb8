/**
 * Promo codes (issue 31): an operator creates a code in the console's API; a buyer enters it
 * when opening a payment and the card is asked for the price less the discount, with VAT and
 * stamps on what is charged. A code that does not apply is refused with its reason and nothing
 * is opened at the gateway; a code at its last use given to two accounts at once, or one
 * account's two tabs, goes to one order only.
 */
import {
  type AuditEntry,
  breakdownInCents,
  type CreateSessionResponse,
  type LedgerPage,
  type MoneyFigures,
  type OpsMoney,
  type OpsPromoCode,
  opsApiPaths,
  opsMoneyPaths,
  type Plan,
  profileApiPaths,
  promoCodePaths,
  promoMessages,
  promoQuotePaths,
} from '@tern/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../e2e/helpers/pdf';
import { orders, promoCodes } from '../src/db/schema';
import { movableClock } from './helpers/movable-clock';
import { asOperator, operatorSessions } from './helpers/operator-session';
import type { TestApp } from './helpers/test-app';
import {
  type Buyer,
  bearer,
  buy,
  confirmed,
  createOrdersTestApp,
  DECLINING_CARD,
  gatewayOrderTotals,
  openedPayment,
  openPayment,
  orderRow,
  payOnHostedPage,
  planIn,
  signIn,
} from './orders-kit';

const OPERATOR = 'promo-ops@example.com';
const VIEWER = 'promo-view@example.com';
const clock = movableClock();

let shop: TestApp;
let france: Plan;
let spain: Plan;
let operatorToken: string;
const operatorSession = operatorSessions(() => shop, clock);

beforeAll(async () => {
  shop = await createOrdersTestApp(
    { OPERATOR_EMAILS: `${OPERATOR}:operator, ${VIEWER}:viewer` },
    { clock: clock.clock },
  );
  france = await planIn(shop, 'FR');
  spain = await planIn(shop, 'ES');
  operatorToken = await operatorSession(OPERATOR);
});
afterAll(async () => shop?.close());

const DAY = 24 * 3_600_000;
const iso = (offsetMs: number) => new Date(clock.clock().getTime() + offsetMs).toISOString();

function createCode(body: Record<string, unknown>, token = operatorToken) {
  return shop.request({
    method: 'POST',
    url: promoCodePaths.promoCodes.href(),
    headers: asOperator(token),
    payload: { startsAt: iso(-DAY), endsAt: iso(30 * DAY), maxUses: 100, ...body },
  });
}

async function created(body: Record<string, unknown>): Promise<OpsPromoCode> {
  const response = await createCode(body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as OpsPromoCode;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** Orders made: a refused code makes none, so nothing can be opened at the gateway. */
async function ordersMade(): Promise<number> {
  const [row] = await shop.database.db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

async function usesOf(code: string): Promise<number> {
  const [row] = await shop.database.db
    .select({ uses: promoCodes.uses })
    .from(promoCodes)
    .where(eq(promoCodes.code, code));
  return row?.uses ?? -1;
}

describe('an operator', () => {
  it('creates a code, lists it and finds the creation in the audit log', async () => {
    const code = await created({ code: 'spring15', percentOff: 15, destinations: ['FR'] });
    expect(code).toMatchObject({
      code: 'SPRING15',
      percentOff: 15,
      amountOff: null,
      uses: 0,
      maxUses: 100,
      destinations: ['FR'],
      createdBy: OPERATOR,
    });
    const viewer = await operatorSession(VIEWER);
    const listed = await shop.request({
      method: 'GET',
      url: promoCodePaths.promoCodes.href(),
      headers: asOperator(viewer),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    expect((listed.json() as OpsPromoCode[]).map((listedCode) => listedCode.code)).toContain(
      'SPRING15',
    );
    const audit = await shop.request({
      method: 'GET',
      url: opsApiPaths.audit.href(),
      headers: asOperator(operatorToken),
    });
    expect(audit.json() as AuditEntry[]).toContainEqual(
      expect.objectContaining({
        operator: OPERATOR,
        action: 'create promo code',
        target: 'promo code SPRING15',
        outcome: 'done: created SPRING15',
      }),
    );
  });

  it('is refused a name taken in any case, both kinds of discount at once, and an end before the start', async () => {
    await created({ code: 'TAKEN', amountOff: 2 });
    const again = await createCode({ code: 'taken', percentOff: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(promoMessages.codeTaken);

    const both = await createCode({ code: 'BOTH', percentOff: 5, amountOff: 2 });
    expect(both.statusCode).toBe(400);
    expect(both.body).toContain('give either percentOff or amountOff, not both');

    const reversed = await createCode({
      code: 'REVERSED',
      percentOff: 5,
      startsAt: iso(DAY),
      endsAt: iso(0),
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('must be after startsAt');

    const badName = await createCode({ code: 'no spaces!', percentOff: 5 });
    expect(badName.statusCode).toBe(400);
  });
});

describe('a buyer with a code', () => {
  let buyer: Buyer;
  beforeAll(async () => {
    buyer = await signIn(shop, 'Nour Saleh');
  });

  it('pays the price less the discount, with VAT and stamps on what the card pays', async () => {
    await created({ code: 'TENOFF', percentOff: 10 });
    const price = cents(france.pla_price);
    const discount = Math.floor((price * 10 + 50) / 100);
    const opened = await openPayment(shop.request, buyer, france, { pur_promo_code: 'tenoff' });
    expect(opened.statusCode, opened.body).toBe(200);
    const session = opened.json() as CreateSessionResponse;
    const total = price - discount;
    const parts = breakdownInCents(total);
    expect(session.pricing).toEqual({
      price: price / 100,
      discount: discount / 100,
      credit: 0,
      vat: parts.vat / 100,
      stamps: parts.stamps / 100,
      total: total / 100,
    });
    const reference = session.led_payment_gateway_ref;
    const [order] = await shop.database.db
      .select({ amountCents: orders.amountCents })
      .from(orders)
      .where(eq(orders.gatewayOrderId, reference));
    expect(order?.amountCents).toBe(total);
    // The gateway is asked for the discounted total, and that is what is authorised.
    const answer = await payAndConfirm(buyer, session);
    expect(answer.status, JSON.stringify(answer)).toBe('fulfilled');
    expect((await gatewayOrderTotals(shop.database.db, reference))?.authorized).toBe(total);
    expect(await usesOf('TENOFF')).toBe(1);
  });

  it('is refused a code that does not apply, with the reason, and nothing is opened at the gateway', async () => {
    await created({ code: 'LATER', percentOff: 10, startsAt: iso(DAY), endsAt: iso(2 * DAY) });
    await created({ code: 'OVER', percentOff: 10, startsAt: iso(-2 * DAY), endsAt: iso(-DAY) });
    await created({ code: 'SPAINONLY', percentOff: 10, destinations: ['ES'] });
    await created({ code: 'BIGSPEND', amountOff: 1, minPrice: france.pla_price + 1 });
    await created({ code: 'ONCEONLY', amountOff: 1 });
    await buy(shop, buyer, france, { pur_promo_code: 'ONCEONLY' });

    const cases: [string, string][] = [
      ['NOSUCHCODE', promoMessages.unknown],
      ['LATER', promoMessages.notStarted],
      ['OVER', promoMessages.expired],
      ['SPAINONLY', promoMessages.notForDestination],
      ['BIGSPEND', promoMessages.belowMinimum],
      ['ONCEONLY', promoMessages.alreadyUsed],
    ];
    const before = await ordersMade();
    for (const [code, reason] of cases) {
      const refused = await openPayment(shop.request, buyer, france, { pur_promo_code: code });
      expect(refused.statusCode, code).toBe(400);
      expect(refused.json().message, code).toBe(reason);
    }
    expect(await ordersMade()).toBe(before);
    // The same code is fine where it applies.
    const spanish = await openPayment(shop.request, buyer, spain, { pur_promo_code: 'SPAINONLY' });
    expect(spanish.statusCode, spanish.body).toBe(200);
  });

  it('quotes a code before paying: what it takes off, or why not, and only for a signed-in buyer', async () => {
    await created({ code: 'QUOTEME', percentOff: 20 });
    const ask = (code: string, headers: Record<string, string> = bearer(buyer)) =>
      shop.request({
        method: 'POST',
        url: promoQuotePaths.quote.href(),
        headers,
        payload: { pur_pla_name: france.pla_name, pur_promo_code: code },
      });
    const quoted = await ask(' quoteme ');
    expect(quoted.statusCode, quoted.body).toBe(200);
    const price = cents(france.pla_price);
    expect(quoted.json()).toEqual({
      code: 'QUOTEME',
      discount: Math.floor((price * 20 + 50) / 100) / 100,
    });
    expect(quoted.headers['cache-control']).toContain('no-store');
    const unknown = await ask('NOPE-NOPE');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(promoMessages.unknown);
    expect((await ask('QUOTEME', {})).statusCode).toBe(401);
    // A quote takes nothing.
    expect(await usesOf('QUOTEME')).toBe(0);
  });

  it('gives a code at its last use to one of two accounts asking at once', async () => {
    await created({ code: 'LASTONE', amountOff: 1, maxUses: 1 });
    const other = await signIn(shop, 'Karim Aziz');
    const before = await ordersMade();
    const answers = await Promise.all(
      [buyer, other].map((each) =>
        openPayment(shop.request, each, france, { pur_promo_code: 'LASTONE' }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400);
    expect(refused?.json().message).toBe(promoMessages.usedUp);
    expect(await usesOf('LASTONE')).toBe(1);
    expect(await ordersMade()).toBe(before + 1);
  });

  it('gives a code to one of one account’s two tabs at once', async () => {
    await created({ code: 'TWOTABS', amountOff: 1, maxUses: 50 });
    const tabs = await Promise.all(
      [1, 2].map(() => openPayment(shop.request, buyer, france, { pur_promo_code: 'TWOTABS' })),
    );
    expect(tabs.map((tab) => tab.statusCode).sort()).toEqual([200, 400]);
    expect(tabs.find((tab) => tab.statusCode === 400)?.json().message).toBe(
      promoMessages.alreadyUsed,
    );
    expect(await usesOf('TWOTABS')).toBe(1);
  });

  it('cannot set its own price or discount: such fields are refused, and the price is the shop’s', async () => {
    const before = await ordersMade();
    const tampered = await openPayment(shop.request, buyer, france, {
      pricing: { total: 0.5, discount: 100 },
      pur_discount: 100,
      pur_price: 0.5,
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toContain('Unrecognized keys');
    expect(await ordersMade()).toBe(before);
    const plain = await openPayment(shop.request, buyer, france);
    expect(plain.statusCode, plain.body).toBe(200);
    const session = plain.json() as CreateSessionResponse;
    expect(session.pricing.total).toBe(france.pla_price);
    expect(session.pricing.discount).toBe(0);
  });
});

/** Today's totals in the console's money report (the shop's clock). */
async function moneyTotals(): Promise<MoneyFigures> {
  const day = clock.clock().toISOString().slice(0, 10);
  const response = await shop.request({
    method: 'GET',
    url: opsMoneyPaths.money.href({ from: day, to: day }),
    headers: asOperator(operatorToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as OpsMoney).totals;
}

async function payAndConfirm(buyer: Buyer, session: CreateSessionResponse) {
  const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
  return confirmed(shop.app, buyer, session.led_payment_gateway_ref, indicator);
}

describe('a code on an order', () => {
  it('shows on the invoice beside the store credit, VAT and stamps on what the card paid', async () => {
    const buyer = await signIn(shop, 'Lina Farah');
    const account = await shop.app.auth.idOfEmail(buyer.email);
    await shop.app.credit.grant(account ?? 0, 50, 'A goodwill gesture', OPERATOR);
    await created({ code: 'WITHCREDIT', amountOff: 0.5 });
    const before = await moneyTotals();
    const price = cents(france.pla_price);
    const session = await openedPayment(shop, buyer, france, {
      pur_promo_code: 'WITHCREDIT',
      pur_use_credit: true,
    });
    const total = price - 50 - 50;
    const parts = breakdownInCents(total);
    expect(session.pricing).toMatchObject({ discount: 0.5, credit: 0.5, total: total / 100 });
    const answer = await payAndConfirm(buyer, session);
    expect(answer.status).toBe('fulfilled');
    const reference = session.led_payment_gateway_ref;
    expect((await gatewayOrderTotals(shop.database.db, reference))?.captured).toBe(total);

    const page = await shop.app.inject({
      method: 'GET',
      url: profileApiPaths.ledger.href(buyer.email, { limit: 100 }),
      headers: bearer(buyer),
    });
    const [entry] = (page.json() as LedgerPage).data;
    const pdf = await shop.app.inject({
      method: 'GET',
      url: `${profileApiPaths.invoicePdf.href(entry?.led_id ?? 0)}?lang=en`,
      headers: bearer(buyer),
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      `Plan price\n${(price / 100).toFixed(2)}`,
      'Promo code discount\n-0.50',
      'Store credit used\n-0.50',
      `VAT 11%\n${(parts.vat / 100).toFixed(2)}`,
      `Stamps\n${(parts.stamps / 100).toFixed(2)}`,
    ]) {
      expect(text).toContain(expected);
    }
    // The console's order page says what came off beside what the card paid.
    const inConsole = await shop.request({
      method: 'GET',
      url: opsApiPaths.order.href(reference),
      headers: asOperator(operatorToken),
    });
    expect(inConsole.json()).toMatchObject({ amount: total / 100, discount: 0.5, credit: 0.5 });
    // The operator's money report counts the discount and the credit beside the card's sale.
    const after = await moneyTotals();
    expect(after.salesCount - before.salesCount).toBe(1);
    expect(Math.round((after.salesGross - before.salesGross) * 100)).toBe(total);
    expect(Math.round((after.salesDiscount - before.salesDiscount) * 100)).toBe(50);
    expect(Math.round((after.salesCredit - before.salesCredit) * 100)).toBe(50);
  });

  it('gives its use back when nobody pays, and takes it again when a payment lands after all', async () => {
    const buyer = await signIn(shop, 'Omar Haddad');
    await created({ code: 'COMEBACK', amountOff: 1, maxUses: 1 });
    const session = await openedPayment(shop, buyer, france, { pur_promo_code: 'COMEBACK' });
    expect(await usesOf('COMEBACK')).toBe(1);
    await shop.app.orders.reconcile();
    const reference = session.led_payment_gateway_ref;
    expect((await orderRow(shop.database.db, reference)).status).toBe('cancelled');
    expect(await usesOf('COMEBACK')).toBe(0);
    // The code is the account's again: a new order may take it.
    const again = await openPayment(shop.request, buyer, france, { pur_promo_code: 'COMEBACK' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await usesOf('COMEBACK')).toBe(1);
  });

  it('gives its use back when the card is declined, and takes it again when another card pays', async () => {
    const buyer = await signIn(shop, 'Rami Aoun');
    await created({ code: 'SECONDCARD', amountOff: 0.5, maxUses: 5 });
    const session = await openedPayment(shop, buyer, france, { pur_promo_code: 'SECONDCARD' });
    const reference = session.led_payment_gateway_ref;
    await payOnHostedPage(shop, session.gateway_transaction.sessionid, DECLINING_CARD);
    expect((await confirmed(shop.app, buyer, reference)).status).toBe('payment_failed');
    expect(await usesOf('SECONDCARD')).toBe(0);
    const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
    expect((await confirmed(shop.app, buyer, reference, indicator)).status).toBe('fulfilled');
    expect(await usesOf('SECONDCARD')).toBe(1);
    // Held again: the account cannot use it a second time.
    const again = await openPayment(shop.request, buyer, france, { pur_promo_code: 'SECONDCARD' });
    expect(again.json().message).toBe(promoMessages.alreadyUsed);
  });
});
