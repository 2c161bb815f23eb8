/**
 * The customers in the operator API (issue 30): an operator finds a buyer's account by a part
 * of its address and sees what the shop holds of it (orders, eSIMs, refunds, usage alerts,
 * live sessions); with the operator role they end every session of the account (the buyer's
 * old token is refused from then on) and change its language, each audited with the account
 * touched. A viewer sees the same and changes nothing; a buyer's token opens none of it.
 */
import {
  type AuditEntry,
  type OpsCustomer,
  type OpsCustomerDetail,
  opsApiPaths,
  opsConsoleMessages,
  opsCustomerPaths,
  opsMessages,
  type Plan,
  profileApiPaths,
} from '@tern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageAlerts } from '../src/db/schema';
import { movableClock } from './helpers/movable-clock';
import { asOperator, operatorSessions } from './helpers/operator-session';
import type { TestApp } from './helpers/test-app';
import {
  type Buyer,
  bearer,
  buy,
  createOrdersTestApp,
  mailTo,
  orderRow,
  planIn,
  signIn,
} from './orders-kit';

const OPERATOR = 'ops@example.com';
const VIEWER = 'view@example.com';
const clock = movableClock();

let shop: TestApp;
let france: Plan;
let buyer: Buyer;
let buyerId: number;
let bought: string;
let refunded: string;
let operatorToken: string;
let viewerToken: string;
const operatorSession = operatorSessions(() => shop, clock);

beforeAll(async () => {
  shop = await createOrdersTestApp(
    { OPERATOR_EMAILS: `${OPERATOR}:operator, ${VIEWER}:viewer` },
    { clock: clock.clock },
  );
  france = await planIn(shop, 'FR');
  buyer = await signIn(shop, 'Rana Khoury');
  bought = (await buy(shop, buyer, france)).reference;
  refunded = (await buy(shop, buyer, france)).reference;
  buyerId = (await orderRow(shop.database.db, bought)).clientId;
  operatorToken = await operatorSession(OPERATOR);
  viewerToken = await operatorSession(VIEWER);
  const refund = await shop.request({
    method: 'POST',
    url: opsApiPaths.refund.href(refunded),
    headers: asOperator(operatorToken),
    payload: { reason: 'The traveller cancelled the trip' },
  });
  expect(refund.statusCode, refund.body).toBe(200);
});
afterAll(async () => shop?.close());

const read = (url: string, token = viewerToken) =>
  shop.request({ method: 'GET', url, headers: asOperator(token) });

async function details(id = buyerId): Promise<OpsCustomerDetail> {
  const response = await read(opsCustomerPaths.customer.href(id));
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json();
}

async function auditEntries(): Promise<AuditEntry[]> {
  return (await read(opsApiPaths.audit.href())).json();
}

/** The same buyer signing in once more, on another device: a second live session. */
async function signInAgain(who: Buyer): Promise<string> {
  const form = { cli_email: who.email, cli_name: who.name, cli_mobile: '+961 71 123 456' };
  const remoteAddress = '10.81.0.9';
  await shop.request({ method: 'POST', url: '/api/client/signup', payload: form, remoteAddress });
  const code = (await mailTo(shop.app, who.email))[0]?.text.match(/\b\d{6}\b/)?.[0];
  const response = await shop.request({
    method: 'POST',
    url: '/api/client/validateotp',
    payload: { ...form, cli_number: code },
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

describe('finding an account', () => {
  it('lists the accounts whose address holds the text, any case, with their orders', async () => {
    const part = buyer.email.slice(0, buyer.email.indexOf('@')).toUpperCase();
    const response = await read(opsCustomerPaths.customers.href(part));
    expect(response.statusCode, response.body).toBe(200);
    const found = response.json() as OpsCustomer[];
    expect(found).toEqual([
      {
        id: buyerId,
        email: buyer.email,
        name: 'Rana Khoury',
        language: 'en',
        createdAt: expect.any(String),
        orders: 2,
      },
    ]);
  });

  it('takes a % or _ in the text as itself, not as a wildcard', async () => {
    const response = await read(opsCustomerPaths.customers.href('%'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('lists at most 50 accounts, the newest first, when given no text', async () => {
    const response = await read(opsCustomerPaths.customers.href());
    const listed = response.json() as OpsCustomer[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThanOrEqual(50);
    expect(listed.map((account) => account.id)).toContain(buyerId);
  });
});

describe("an account's page", () => {
  it('shows its orders, eSIMs, refunds and live sessions', async () => {
    const shown = await details();
    const [first, second] = [
      await orderRow(shop.database.db, bought),
      await orderRow(shop.database.db, refunded),
    ];
    expect(shown).toMatchObject({
      id: buyerId,
      email: buyer.email,
      name: 'Rana Khoury',
      language: 'en',
      activeSessions: 1,
    });
    expect(shown.orders).toEqual([
      expect.objectContaining({ ref: refunded, status: 'refunded', currency: 'USD' }),
      expect.objectContaining({ ref: bought, status: 'fulfilled', total: france.pla_price }),
    ]);
    expect(shown.esims).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ iccid: first.iccid, plans: [france.pla_name], state: 'in-use' }),
        expect.objectContaining({
          iccid: second.iccid,
          plans: [france.pla_name],
          state: 'refunded',
        }),
      ]),
    );
    expect(shown.refunds).toEqual([
      expect.objectContaining({
        ref: refunded,
        iccid: second.iccid,
        kind: 'operator-or-shop',
        amount: france.pla_price,
        completedAt: expect.any(String),
      }),
    ]);
  });

  it('shows the usage alerts the shop decided for its eSIMs', async () => {
    const { iccid } = await orderRow(shop.database.db, bought);
    await shop.database.db.insert(usageAlerts).values({
      iccid: iccid ?? '',
      clientId: buyerId,
      kind: 'used_80',
      bundleKey: `${france.pla_name}#7`,
      claimedAt: clock.clock(),
    });
    expect((await details()).alerts).toEqual([
      {
        iccid,
        kind: 'used_80',
        bundle: france.pla_name,
        decidedAt: expect.any(String),
        mailedAt: null,
      },
    ]);
  });

  it('answers 404 with a clear message for an account that does not exist', async () => {
    const response = await read(opsCustomerPaths.customer.href(987_654));
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(opsConsoleMessages.customerNotFound);
  });

  it('answers 400 for an id that is not one', async () => {
    const response = await read(opsCustomerPaths.customer.href('abc'));
    expect(response.statusCode).toBe(400);
  });

  it("refuses a buyer's token and a missing one", async () => {
    for (const url of [
      opsCustomerPaths.customers.href(),
      opsCustomerPaths.customer.href(buyerId),
    ]) {
      const asBuyer = await shop.request({ method: 'GET', url, headers: bearer(buyer) });
      expect(asBuyer.statusCode).toBe(401);
      expect((await shop.request({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('signing an account out everywhere', () => {
  const signOut = (token: string, id = buyerId) =>
    shop.request({
      method: 'POST',
      url: opsCustomerPaths.signOutEverywhere.href(id),
      headers: asOperator(token),
    });
  const profileWith = (token: string) =>
    shop.request({
      method: 'GET',
      url: profileApiPaths.myEsims.href(),
      headers: { authorization: `Bearer ${token}` },
    });

  it('is refused to a viewer, audited, and the buyer stays signed in', async () => {
    const response = await signOut(viewerToken);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(opsMessages.roleRequired);
    expect((await profileWith(buyer.token)).statusCode).toBe(200);
    expect(await auditEntries()).toContainEqual(
      expect.objectContaining({
        operator: VIEWER,
        action: 'sign customer out everywhere',
        outcome: 'refused: viewer role',
      }),
    );
  });

  it("ends every session of the account: the buyer's old tokens are refused", async () => {
    const second = await signInAgain(buyer);
    const someoneElse = await signIn(shop);
    expect((await details()).activeSessions).toBe(2);

    const response = await signOut(operatorToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: buyerId, sessionsEnded: 2 });

    for (const token of [buyer.token, second]) {
      expect((await profileWith(token)).statusCode).toBe(401);
    }
    // Another buyer's session is not this account's.
    expect((await profileWith(someoneElse.token)).statusCode).toBe(200);
    expect((await details()).activeSessions).toBe(0);
    expect(await auditEntries()).toContainEqual(
      expect.objectContaining({
        operator: OPERATOR,
        action: 'sign customer out everywhere',
        target: `customer ${buyerId}`,
        outcome: 'done: 2 sessions ended',
      }),
    );
    // The buyer signs in again as ever.
    buyer = { ...buyer, token: await signInAgain(buyer) };
    expect((await profileWith(buyer.token)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown account, audited', async () => {
    const response = await signOut(operatorToken, 987_654);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(opsConsoleMessages.customerNotFound);
    expect(await auditEntries()).toContainEqual(
      expect.objectContaining({
        target: 'customer 987654',
        outcome: `refused: ${opsConsoleMessages.customerNotFound}`,
      }),
    );
  });
});

describe("changing an account's language", () => {
  const setLanguage = (token: string, language: string, id = buyerId) =>
    shop.request({
      method: 'PUT',
      url: opsCustomerPaths.language.href(id),
      headers: asOperator(token),
      payload: { language },
    });

  it('is refused to a viewer, and nothing changes', async () => {
    const response = await setLanguage(viewerToken, 'ar');
    expect(response.statusCode).toBe(403);
    expect((await details()).language).toBe('en');
  });

  it("sets the language the account's e-mails and invoices use, audited", async () => {
    const response = await setLanguage(operatorToken, 'fr');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: buyerId, language: 'fr' });
    expect((await details()).language).toBe('fr');
    expect(await auditEntries()).toContainEqual(
      expect.objectContaining({
        operator: OPERATOR,
        action: 'change customer language (fr)',
        target: `customer ${buyerId}`,
        outcome: 'done: language fr',
      }),
    );
  });

  it('refuses a language the shop does not speak, and an unknown account', async () => {
    const unknownLanguage = await setLanguage(operatorToken, 'de');
    expect(unknownLanguage.statusCode).toBe(400);
    const unknownAccount = await setLanguage(operatorToken, 'ar', 987_654);
    expect(unknownAccount.statusCode).toBe(404);
    expect(unknownAccount.json().message).toBe(opsConsoleMessages.customerNotFound);
    expect((await details()).language).toBe('fr');
  });
});
