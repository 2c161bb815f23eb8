/**
 * The console's money section (issue 30): real purchases and an operator's refund, then the
 * period's sales, refunds and VAT by day and by the country each invoice names, split as the
 * invoices split them; the CSV an accountant opens; the period's audit log as a CSV; the eSIM Go
 * balance against its floor. Viewers may read and export; a buyer's token may not.
 */
import {
  auditCsvHeader,
  breakdownInCents,
  MAX_PERIOD_DAYS,
  moneyCsvHeader,
  type OpsMoney,
  opsApiPaths,
  opsMoneyPaths,
  opsReportMessages,
  type Plan,
} from '@tern/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../src/db/schema';
import { checkBalance } from '../src/modules/orders/provider-balance';
import { setBalance } from '../src/sandbox/esimgo/control-client';
import { movableClock } from './helpers/movable-clock';
import { asOperator, operatorSessions } from './helpers/operator-session';
import type { TestApp } from './helpers/test-app';
import { type Buyer, bearer, buy, createOrdersTestApp, planIn, signIn } from './orders-kit';

const OPERATOR = 'ops@example.com';
const VIEWER = 'view@example.com';
const REASON = 'The traveller cancelled the trip';
const clock = movableClock();

let shop: TestApp;
let france: Plan;
let turkey: Plan;
let buyer: Buyer;
let operatorToken: string;
let viewerToken: string;
let refunded: string;
let today: string;

beforeAll(async () => {
  shop = await createOrdersTestApp(
    { OPERATOR_EMAILS: `${OPERATOR}:operator, ${VIEWER}:viewer`, ESIMGO_BALANCE_FLOOR: '500' },
    { clock: clock.clock },
  );
  france = await planIn(shop, 'FR');
  turkey = await planIn(shop, 'TR');
  buyer = await signIn(shop);
  const signInOperator = operatorSessions(() => shop, clock);
  operatorToken = await signInOperator(OPERATOR);
  viewerToken = await signInOperator(VIEWER);

  refunded = (await buy(shop, buyer, france)).reference;
  await buy(shop, buyer, france);
  await buy(shop, buyer, turkey);
  const refund = await shop.request({
    method: 'POST',
    url: opsApiPaths.refund.href(refunded),
    headers: asOperator(operatorToken),
    payload: { reason: REASON },
  });
  expect(refund.json()).toMatchObject({ state: 'refunded' });

  await setBalance(shop.url, { balance: 420.5 });
  const context = shop.app.orders.context;
  await checkBalance(context, context.balanceWatch);
  today = clock.clock().toISOString().slice(0, 10);
});
afterAll(async () => shop?.close());

const cents = (price: number) => Math.round(price * 100);
/** The invoice's split of a plan's price (pricing.ts), in cents. */
const split = (plan: Plan) => breakdownInCents(cents(plan.pla_price));

async function money(query = {}, token = viewerToken) {
  const response = await shop.app.inject({
    method: 'GET',
    url: opsMoneyPaths.money.href(query),
    headers: asOperator(token),
  });
  return response;
}

async function moneyOf(query = {}): Promise<OpsMoney> {
  const response = await money(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OpsMoney;
}

/** What the ledger booked for an order: the country its invoice names. */
async function invoiceCountryOf(reference: string) {
  const [entry] = await shop.database.db
    .select({ iso: ledgerEntries.iso, country: ledgerEntries.country })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentGatewayRef, reference));
  if (!entry) throw new Error(`No ledger entry for ${reference}`);
  return entry;
}

describe('the money of a period', () => {
  it('counts the sales, the refund and their VAT as the invoices and credit note split them', async () => {
    const report = await moneyOf();
    const fr = split(france);
    const tr = split(turkey);
    expect(report.currency).toBe('USD');
    expect(report.totals).toEqual({
      salesCount: 3,
      salesGross: (2 * fr.total + tr.total) / 100,
      salesNet: (2 * fr.subtotal + tr.subtotal) / 100,
      salesVat: (2 * fr.vat + tr.vat) / 100,
      salesStamps: (2 * fr.stamps + tr.stamps) / 100,
      // Paid in full by card: no promo code, no store credit.
      salesDiscount: 0,
      salesCredit: 0,
      refundsCount: 1,
      refundsAmount: fr.total / 100,
      refundsNet: fr.subtotal / 100,
      refundsVat: fr.vat / 100,
      refundsStamps: fr.stamps / 100,
      vatDue: (fr.vat + tr.vat) / 100,
    });
  });

  it('splits them by the country each invoice names', async () => {
    const report = await moneyOf();
    const invoiced = await invoiceCountryOf(refunded);
    expect(invoiced.iso).toBe('FR');
    const inFrance = report.byCountry.find((line) => line.iso === 'FR');
    expect(inFrance).toMatchObject({
      country: invoiced.country,
      salesCount: 2,
      salesGross: (2 * split(france).total) / 100,
      refundsCount: 1,
      refundsAmount: split(france).total / 100,
    });
    expect(report.byCountry.find((line) => line.iso === 'TR')).toMatchObject({
      salesCount: 1,
      refundsCount: 0,
      vatDue: split(turkey).vat / 100,
    });
    expect(report.rows.map((row) => [row.day, row.iso])).toEqual([
      [today, 'FR'],
      [today, 'TR'],
    ]);
  });

  it('lists every day of the last 30 by default, the quiet ones at zero', async () => {
    const report = await moneyOf();
    expect(report.to).toBe(today);
    expect(report.byDay).toHaveLength(30);
    expect(report.byDay.at(-1)).toMatchObject({ day: today, salesCount: 3, refundsCount: 1 });
    expect(
      report.byDay.slice(0, -1).every((day) => day.salesCount === 0 && day.salesGross === 0),
    ).toBe(true);
    expect(report.byDay[0]?.day).toBe(report.from);
  });

  it('leaves out what happened outside the period', async () => {
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const report = await moneyOf({ from: yesterday, to: yesterday });
    expect(report.rows).toEqual([]);
    expect(report.totals.salesCount).toBe(0);
    expect(report.byDay).toHaveLength(1);
  });

  it('shows the eSIM Go balance against its floor, to be kept by no cache', async () => {
    expect((await money()).headers['cache-control']).toBe('no-store');
    const report = await moneyOf();
    expect(report.providerBalance).toMatchObject({ balance: 420.5, currency: 'USD', low: true });
    expect(report.providerBalanceFloor).toBe(500);
  });

  it('refuses a period that ends before it starts, or longer than a year', async () => {
    const reversed = await money({ from: today, to: '2020-01-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe(opsReportMessages.periodReversed);

    const start = Date.parse(`${today}T00:00:00Z`);
    const dayBefore = (days: number) =>
      new Date(start - days * 86_400_000).toISOString().slice(0, 10);
    const tooLong = await money({ from: dayBefore(MAX_PERIOD_DAYS), to: today });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(opsReportMessages.periodTooLong);
    expect((await money({ from: dayBefore(MAX_PERIOD_DAYS - 1), to: today })).statusCode).toBe(200);

    expect((await money({ from: '2026-02-30' })).statusCode).toBe(400);
  });

  it("refuses a buyer's token and no token at all", async () => {
    expect((await money({}, buyer.token)).statusCode).toBe(401);
    const anonymous = await shop.app.inject({ method: 'GET', url: opsMoneyPaths.money.href() });
    expect(anonymous.statusCode).toBe(401);
    const asBuyer = await shop.app.inject({
      method: 'GET',
      url: opsMoneyPaths.moneyCsv.href(),
      headers: bearer(buyer),
    });
    expect(asBuyer.statusCode).toBe(401);
  });
});

describe('the exports', () => {
  async function download(url: string) {
    const response = await shop.app.inject({
      method: 'GET',
      url,
      headers: asOperator(viewerToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }

  it('give the accountant a CSV of the money, a line per day and country', async () => {
    const response = await download(opsMoneyPaths.moneyCsv.href({ from: today, to: today }));
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="money-${today}-to-${today}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));

    const lines = response.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '"Day","Country code","Country","Currency","Sales","Gross sales","Net sales","VAT on sales","Stamps on sales","Promo discounts","Store credit spent","Refunds","Refunded","Net refunded","VAT refunded","Stamps refunded","VAT due"',
    );
    expect(lines[0]).toBe(moneyCsvHeader.map((name) => `"${name}"`).join(','));
    const fr = split(france);
    const decimal = (amount: number) => (amount / 100).toFixed(2);
    const { country } = await invoiceCountryOf(refunded);
    expect(lines[1]).toBe(
      [
        `"${today}"`,
        '"FR"',
        `"${country}"`,
        '"USD"',
        2,
        decimal(2 * fr.total),
        decimal(2 * fr.subtotal),
        decimal(2 * fr.vat),
        decimal(2 * fr.stamps),
        decimal(0),
        decimal(0),
        1,
        decimal(fr.total),
        decimal(fr.subtotal),
        decimal(fr.vat),
        decimal(fr.stamps),
        decimal(fr.vat),
      ].join(','),
    );
    expect(lines[2]).toMatch(new RegExp(`^"${today}","TR",`));
    // Two lines and the line end after the last.
    expect(lines.slice(3)).toEqual(['']);
  });

  it("hold the period's audit log, the operator's refund and the export itself among it", async () => {
    const response = await download(opsMoneyPaths.auditCsv.href({ from: today, to: today }));
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="audit-${today}-to-${today}.csv"`,
    );
    const lines = response.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(auditCsvHeader.map((name) => `"${name}"`).join(','));
    expect(lines[0]).toBe('"At (UTC)","Operator","Action","Target","Outcome","From address"');
    const refundLine = lines.find((line) => line.includes(`"refund (${REASON})"`));
    expect(refundLine).toMatch(
      new RegExp(
        `^"${today} \\d\\d:\\d\\d:\\d\\d","${OPERATOR}","refund \\(${REASON}\\)","${refunded}","done: refunded","[^"]+"$`,
      ),
    );
    // The money export above is in the log too, and who took it.
    expect(lines.some((line) => line.includes(`"${VIEWER}","export money"`))).toBe(true);
    // Nothing of another period: an empty day has the header alone.
    const empty = await download(
      opsMoneyPaths.auditCsv.href({ from: '2020-01-01', to: '2020-01-01' }),
    );
    expect(empty.rawPayload.toString('utf8').slice(1).split('\r\n')).toEqual([lines[0], '']);
  });
});
