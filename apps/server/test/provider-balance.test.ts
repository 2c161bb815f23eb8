/**
 * The shop's prepaid balance at eSIM Go (issue 29, "The merchant's balance"): read by a periodic
 * job, reported by the readiness probe, watched against ESIMGO_BALANCE_FLOOR with one e-mail to
 * the operator per crossing, and a purchase it cannot cover refused before the buyer pays.
 */
import { healthApiPath, orderMessages, type Plan } from '@tern/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkBalance } from '../src/modules/orders/provider-balance';
import { resetSimulator, setBalance } from '../src/sandbox/esimgo/control-client';
import type { TestApp } from './helpers/test-app';
import { createOrdersTestApp, mailTo, openPayment, planIn, signIn } from './orders-kit';

let shop: TestApp;
let plan: Plan;

beforeAll(async () => {
  shop = await createOrdersTestApp({ ESIMGO_BALANCE_FLOOR: '500' });
  plan = await planIn(shop, 'FR');
});
afterAll(async () => shop?.close());
afterEach(async () => resetSimulator(shop.url));

const context = () => shop.app.orders.context;
const readBalance = () => checkBalance(context(), context().balanceWatch);
const operatorMails = async () =>
  (await mailTo(shop.app, shop.config.mail.supportAddress)).filter((mail) =>
    /eSIM Go balance low/.test(mail.subject),
  );

describe('the eSIM Go balance', () => {
  it('warns the operator once under the floor, and again only after it was back above', async () => {
    const before = (await operatorMails()).length;
    await setBalance(shop.url, { balance: 420.5 });
    await readBalance();
    await readBalance();
    const mails = await operatorMails();
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.text).toContain('420.50 USD, under the floor of 500.00 USD');

    await setBalance(shop.url, { balance: 900 });
    await readBalance();
    await setBalance(shop.url, { balance: 100 });
    await readBalance();
    expect(await operatorMails()).toHaveLength(before + 2);
  });

  it('is reported by the readiness probe, low under the floor', async () => {
    await setBalance(shop.url, { balance: 120 });
    await readBalance();
    const probe = await shop.app.inject({ method: 'GET', url: healthApiPath.href() });
    expect(probe.statusCode).toBe(200);
    expect(probe.json().esimGoBalance).toMatchObject({
      state: 'low',
      balance: 120,
      currency: 'USD',
    });
  });

  it('refuses a purchase it cannot cover before the buyer pays', async () => {
    const buyer = await signIn(shop);
    await setBalance(shop.url, { balance: 0.5 });
    await readBalance();
    const refused = await openPayment(shop.request, buyer, plan);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(orderMessages.cannotSellNow);

    // Topped up and read again: the same buyer can pay.
    await setBalance(shop.url, { balance: 10_000 });
    await readBalance();
    expect((await openPayment(shop.request, buyer, plan)).statusCode).toBe(200);
  });
});
