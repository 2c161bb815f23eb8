import {
  breakdownFromTotal,
  orderApiPaths,
  orderMessages,
  type PaymentConfirmation,
  type Plan,
} from '@tern/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { esims, ledgerEntries, orders, plans } from '../src/db/schema';
import { claimDueJob } from '../src/jobs/engine';
import { refundOrder, retryOrder } from '../src/modules/orders/operator';
import { orderJobKey } from '../src/modules/orders/order-jobs';
import { listOrderEvents } from '../src/modules/orders/repository';
import { startOrderWorker } from '../src/modules/orders/worker';
import { clearFault, setFault } from '../src/sandbox/esimgo/control-client';
import {
  leaveTransactionsUnsettled,
  loseTransactionAnswers,
  resetGatewaySandbox,
  settleTransactions,
} from '../src/sandbox/gateway/control-client';
import { movableClock } from './helpers/movable-clock';
import { INJECTED_ORIGIN, type TestApp } from './helpers/test-app';
import {
  type Buyer,
  bearer,
  buy,
  checkStatus,
  confirm,
  confirmed,
  createOrdersTestApp,
  DECLINING_CARD,
  esimCount,
  gatewayOrderStatus,
  gatewayTransactionIds,
  gatewayTransactions,
  ledgerCount,
  mailTo,
  openedPayment,
  openPayment,
  orderRow,
  payOnHostedPage,
  planIn,
  providerOrderCount,
  qrCodeIn,
  runJobsPastSettling,
  runJobsUntil,
  secondInstance,
  signIn,
} from './orders-kit';

let shop: TestApp;
let plan: Plan;
const time = movableClock();

beforeAll(async () => {
  shop = await createOrdersTestApp({}, { clock: time.clock });
  plan = await planIn(shop, 'FR');
});
afterAll(async () => shop?.close());
afterEach(async () => {
  await clearFault(shop.url);
  await resetGatewaySandbox(shop.url);
  time.setAhead(0);
});

const db = () => shop.database.db;

/** A paid order confirmed while eSIM Go fails every call: its delivery cannot succeed. */
async function confirmedWithProviderDown() {
  const buyer = await signIn(shop);
  const session = await openedPayment(shop, buyer, plan);
  const reference = session.led_payment_gateway_ref;
  const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
  await setFault(shop.url, { mode: 'error500' });
  await confirmed(shop.app, buyer, reference, indicator);
  return { buyer, reference };
}

describe('buying an eSIM', () => {
  it('tells nobody how long its steps take (no Server-Timing outside the benchmark)', async () => {
    const buyer = await signIn(shop);
    const response = await openPayment(shop.request, buyer, plan);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['server-timing']).toBeUndefined();
  });

  it('opens a payment at the catalogue price and answers the spec shape', async () => {
    const buyer = await signIn(shop);
    const session = await openedPayment(shop, buyer, plan);
    expect(session.gateway_transaction.updateStatus).toBe(true);
    expect(session.gateway_transaction.sessionid).toMatch(/\S+/);
    expect(session.led_payment_gateway_ref).toMatch(/^TRN-[A-Z2-7]{16}$/);
    expect(Object.keys(session).sort()).toEqual([
      'gateway_transaction',
      'led_payment_gateway_ref',
      'pricing',
    ]);
    // Issue 31: what the card pays, split as every price is; no credit asked for, none spent.
    const split = breakdownFromTotal(plan.pla_price);
    expect(session.pricing).toEqual({
      price: plan.pla_price,
      discount: 0,
      credit: 0,
      vat: split.vat,
      stamps: split.stamps,
      total: plan.pla_price,
    });
    // The documented way to the hosted page: the gateway's checkout.min.js, configured with
    // this session id, shows the sandbox's card form for that session.
    const checkout = await shop.request({
      method: 'GET',
      url: orderApiPaths.gatewayCheckout.href(),
    });
    expect(checkout.json()).toEqual({
      checkout_script_url: `${INJECTED_ORIGIN}/_sandbox/gateway/static/checkout/checkout.min.js`,
    });
    const page = await fetch(
      `${shop.url}/_sandbox/gateway/pay/${session.gateway_transaction.sessionid}`,
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Card number');
    // The payer reads the plan in the shop's words, not the provider's bundle description.
    expect(html).toContain(`<dd>France eSIM · ${plan.pla_title}</dd>`);
    expect(html).not.toContain(plan.pla_description);
    const order = await orderRow(db(), session.led_payment_gateway_ref);
    expect(order.status).toBe('awaiting_payment');
    expect(order.amountCents).toBe(Math.round(plan.pla_price * 100));
  });

  it('delivers the eSIM after payment: ledger entry, stored eSIM, capture and e-mail', async () => {
    const buyer = await signIn(shop);
    const providerOrdersBefore = await providerOrderCount(db());
    const { reference, answer } = await buy(shop, buyer, plan);

    expect(answer.status).toBe('fulfilled');
    expect(answer.message).toMatch(/ready/);
    const iccid = answer.iccid ?? '';
    expect(iccid).toMatch(/^89\d{17,18}$/);
    expect(await providerOrderCount(db())).toBe(providerOrdersBefore + 1);
    expect(await esimCount(db(), iccid)).toBe(1);
    expect(await gatewayTransactions(db(), reference, 'CAPTURE')).toBe(1);
    expect(await gatewayOrderStatus(db(), reference)).toBe('CAPTURED');

    const [entry] = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentGatewayRef, reference));
    expect(entry).toMatchObject({
      iccid,
      planName: plan.pla_name,
      planDescription: plan.pla_description,
      enduserPriceCents: Math.round(plan.pla_price * 100),
      currency: 'USD',
      iso: 'FR',
      country: 'France',
    });

    const [esim] = await db().select().from(esims).where(eq(esims.iccid, iccid));
    const lpa = `LPA:1$${esim?.smdpAddress}$${esim?.matchingId}`;
    const mail = (await mailTo(shop.app, buyer.email)).find((m) => /eSIM is ready/.test(m.subject));
    expect(mail?.text).toContain(lpa);
    // The plan in the shop's words, as on the shop's and the gateway's pages.
    expect(mail?.text).toContain(`${plan.plc_name} eSIM · ${plan.pla_title}`);
    expect(mail?.text).not.toContain(plan.pla_description);
    expect(mail?.text).toContain(`SM-DP+ address ${esim?.smdpAddress}`);
    expect(mail?.text).toContain(`activation code ${esim?.matchingId}`);
    expect(mail?.text).toContain(
      `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpa)}`,
    );
    expect(mail?.text).toContain('https://esimsetup.android.com/esim_qrcode_provisioning');
    expect(qrCodeIn(mail?.html ?? '')).toBe(lpa);
  });

  it('answers a repeated confirmation the same way, without doing anything twice', async () => {
    const buyer = await signIn(shop);
    const { reference, answer } = await buy(shop, buyer, plan);
    const providerOrders = await providerOrderCount(db());
    const again = await checkStatus(shop.app, buyer, reference);
    expect(again.json()).toEqual(answer);
    expect(await confirmed(shop.app, buyer, reference)).toEqual(answer);
    expect(await providerOrderCount(db())).toBe(providerOrders);
    expect(await gatewayTransactions(db(), reference, 'CAPTURE')).toBe(1);
    expect(await ledgerCount(db(), reference)).toBe(1);
    const mails = (await mailTo(shop.app, buyer.email)).filter((m) => /ready/.test(m.subject));
    expect(mails).toHaveLength(1);
  });

  it('works through the legacy checkout and purchase calls too, at the catalogue price', async () => {
    const buyer = await signIn(shop);
    const checkout = await shop.request({
      method: 'POST',
      url: orderApiPaths.legacyCheckout.href(),
      headers: bearer(buyer),
      payload: { pla_name: plan.pla_name, cli_email: buyer.email, cli_name: buyer.name },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const purchase = await shop.request({
      method: 'POST',
      url: orderApiPaths.purchase.href(),
      headers: bearer(buyer),
      payload: { ...plan, pla_price: 0.01 },
    });
    expect(purchase.statusCode, purchase.body).toBe(200);
    const order = await orderRow(db(), purchase.json().led_payment_gateway_ref);
    expect(order.amountCents).toBe(Math.round(plan.pla_price * 100));
  });
});

describe('what the shop refuses', () => {
  it('refuses a price sent by the client, naming the unknown field', async () => {
    const buyer = await signIn(shop);
    const response = await openPayment(shop.request, buyer, plan, { pur_price: 0.01 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/pur_price/);
  });

  it('says "No plan selected for purchase." for an unknown or retired plan', async () => {
    const buyer = await signIn(shop);
    const unknown = await openPayment(shop.request, buyer, { ...plan, pla_name: 'NO_SUCH_PLAN' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(orderMessages.noPlanSelected);

    const retiring = await planIn(shop, 'IT');
    await db().update(plans).set({ retiredAt: new Date() }).where(eq(plans.id, retiring.pla_id));
    try {
      const retired = await openPayment(shop.request, buyer, retiring);
      expect(retired.json()).toEqual({ message: orderMessages.noPlanSelected });
    } finally {
      await db().update(plans).set({ retiredAt: null }).where(eq(plans.id, retiring.pla_id));
    }
  });

  it('asks for a sign-in, and for the e-mail address signed in with', async () => {
    const buyer = await signIn(shop);
    const anonymous = await shop.request({
      method: 'POST',
      url: orderApiPaths.createSession.href(),
      payload: {
        pur_pla_name: plan.pla_name,
        pur_client_name: buyer.name,
        pur_client_email: buyer.email,
        pur_type: 'Regular',
      },
    });
    expect(anonymous.statusCode).toBe(401);
    const someoneElse = await openPayment(shop.request, buyer, plan, {
      pur_client_email: 'someone.else@example.com',
    });
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json().message).toBe(orderMessages.emailMismatch);
  });

  it("never shows or confirms another buyer's order", async () => {
    const owner = await signIn(shop);
    const stranger = await signIn(shop, 'Karim Nasser');
    const session = await openedPayment(shop, owner, plan);
    const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
    const reference = session.led_payment_gateway_ref;

    const viaWebhook = await confirm(shop.app, stranger, reference, indicator);
    expect(viaWebhook.statusCode).toBe(404);
    expect((await checkStatus(shop.app, stranger, reference)).statusCode).toBe(404);
    expect((await orderRow(db(), reference)).status).toBe('awaiting_payment');
    expect((await confirmed(shop.app, owner, reference, indicator)).status).toBe('fulfilled');
  });

  it('refuses a resultIndicator that is not the order’s, and never trusts one alone', async () => {
    const buyer = await signIn(shop);
    const session = await openedPayment(shop, buyer, plan);
    const reference = session.led_payment_gateway_ref;
    const wrong = await confirm(shop.app, buyer, reference, 'forged-indicator');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(orderMessages.resultIndicatorMismatch);

    // The right indicator, but nothing paid: the gateway says no, so the order waits.
    const { successIndicator } = await orderRow(db(), reference);
    const unpaid = await confirmed(shop.app, buyer, reference, successIndicator ?? '');
    expect(unpaid.status).toBe('awaiting_payment');
    expect(await gatewayTransactions(db(), reference, 'CAPTURE')).toBe(0);
  });

  it('marks a declined card payment_failed, captures nothing, and delivers no eSIM', async () => {
    const buyer = await signIn(shop);
    const session = await openedPayment(shop, buyer, plan);
    const reference = session.led_payment_gateway_ref;
    const providerOrders = await providerOrderCount(db());
    expect(await payOnHostedPage(shop, session.gateway_transaction.sessionid, DECLINING_CARD)).toBe(
      undefined,
    );
    const answer = await confirmed(shop.app, buyer, reference);
    expect(answer).toEqual({
      status: 'payment_failed',
      message: 'Your payment was not accepted. You have not been charged.',
    });
    expect(await gatewayTransactions(db(), reference, 'CAPTURE')).toBe(0);
    expect(await providerOrderCount(db())).toBe(providerOrders);
    expect(await ledgerCount(db(), reference)).toBe(0);

    // Another card on the same page goes through: the gateway decides, not our last answer.
    const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
    expect((await confirmed(shop.app, buyer, reference, indicator)).status).toBe('fulfilled');
  });
});

describe('when the provider fails', () => {
  it('retries with back-off and delivers once the provider is back', async () => {
    const buyer = await signIn(shop);
    const session = await openedPayment(shop, buyer, plan);
    const reference = session.led_payment_gateway_ref;
    const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
    const providerOrders = await providerOrderCount(db());
    await setFault(shop.url, { mode: 'error500', count: 3 });

    // The confirmation's own attempt fails: paid, the eSIM follows.
    const first = await confirmed(shop.app, buyer, reference, indicator);
    expect(first.status).toBe('fulfilling');
    const status = await runJobsPastSettling(shop, reference, (s) => s === 'fulfilled', time);
    expect(status).toBe('fulfilled');
    expect(await providerOrderCount(db())).toBe(providerOrders + 1);
    expect(await gatewayTransactions(db(), reference, 'CAPTURE')).toBe(1);
    expect((await confirmed(shop.app, buyer, reference)).iccid).toMatch(/^89/);
  });

  it('gives the money back and tells the buyer when the provider stays down', async () => {
    const { buyer, reference } = await confirmedWithProviderDown();
    const status = await runJobsPastSettling(shop, reference, (s) => s === 'refunded', time);
    expect(status).toBe('refunded');
    expect(await gatewayOrderStatus(db(), reference)).toBe('VOIDED');
    expect(await gatewayTransactions(db(), reference, 'VOID_AUTHORIZATION')).toBe(1);
    expect(await gatewayTransactions(db(), reference, 'CAPTURE')).toBe(0);
    expect(await ledgerCount(db(), reference)).toBe(0);
    const answer = (await checkStatus(shop.app, buyer, reference)).json() as PaymentConfirmation;
    expect(answer.status).toBe('refunded');
    const mail = (await mailTo(shop.app, buyer.email)).find((m) =>
      /could not be delivered/.test(m.subject),
    );
    expect(mail?.text).toMatch(/You have not been charged/);
  });

  it('releases the hold once when the void’s answer was lost, reading CANCELLED as voided', async () => {
    const { reference } = await confirmedWithProviderDown();
    // The void takes effect and its answer is lost; the next attempt reads the order, which
    // the gateway (and its stand-in by default) shows as CANCELLED.
    await loseTransactionAnswers(shop.url, 1);

    expect(await runJobsPastSettling(shop, reference, (s) => s === 'refunded', time)).toBe(
      'refunded',
    );
    expect(await gatewayTransactions(db(), reference, 'VOID_AUTHORIZATION')).toBe(1);
    const events = await listOrderEvents(db(), (await orderRow(db(), reference)).id);
    expect(events.find((entry) => entry.event === 'refunded')?.detail).toBe('voided');
  });

  it('releases the hold once when the void is answered PENDING, resubmitting it under its own id', async () => {
    const { reference } = await confirmedWithProviderDown();
    await leaveTransactionsUnsettled(shop.url, { operation: 'VOID' });

    // Delivery fails for good; the void's attempts while the acquirer has not answered (each
    // round passes the wait for its outcome) send the same void again.
    const refunded = (s: string) => s === 'refunded';
    expect(await runJobsPastSettling(shop, reference, refunded, time, { rounds: 12 })).not.toBe(
      'refunded',
    );
    expect(await gatewayTransactionIds(db(), reference, 'VOID_AUTHORIZATION')).toEqual(['void-1']);

    await settleTransactions(shop.url);
    expect(await runJobsPastSettling(shop, reference, refunded, time)).toBe('refunded');
    expect(await gatewayTransactionIds(db(), reference, 'VOID_AUTHORIZATION')).toEqual(['void-1']);
    expect(await gatewayOrderStatus(db(), reference)).toBe('VOIDED');
  });

  it('finishes an order whose e-mail failed after the eSIM was bought, buying nothing twice', async () => {
    const buyer = await signIn(shop);
    const context = shop.app.orders.context;
    const mailer = context.mailer;
    context.mailer = {
      send: async () => {
        throw new Error('SMTP is down');
      },
      close: async () => {},
    };
    let reference: string;
    try {
      const session = await openedPayment(shop, buyer, plan);
      reference = session.led_payment_gateway_ref;
      const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
      expect((await confirmed(shop.app, buyer, reference, indicator)).status).toBe('fulfilling');
    } finally {
      context.mailer = mailer;
    }
    const providerOrders = await providerOrderCount(db());
    expect(await runJobsUntil(shop, reference, (s) => s === 'fulfilled')).toBe('fulfilled');
    expect(await providerOrderCount(db())).toBe(providerOrders);
    expect(await gatewayTransactions(db(), reference, 'CAPTURE')).toBe(1);
    expect(await ledgerCount(db(), reference)).toBe(1);
  });

  it('lets another worker finish a job whose worker died mid-way, once its lease runs out', async () => {
    const buyer = await signIn(shop);
    const session = await openedPayment(shop, buyer, plan);
    const reference = session.led_payment_gateway_ref;
    await payOnHostedPage(shop, session.gateway_transaction.sessionid);
    // The reconciler marks it paid (the browser never came back) without running the job.
    await shop.app.orders.reconcile();
    const order = await orderRow(db(), reference);
    expect(order.status).toBe('paid');

    const now = time.clock();
    const dead = await claimDueJob(db(), {
      now,
      leaseUntil: new Date(now.getTime() + 60_000),
      workerId: 'crashed-worker',
      kinds: ['fulfil', 'refund'],
      key: orderJobKey(order.id),
    });
    expect(dead).toBeDefined();
    await shop.app.orders.runner.runJobsForOrder(order.id);
    expect((await orderRow(db(), reference)).status).toBe('paid');

    // The dead worker's lease runs out on the shop's clock, not by waiting for it.
    time.setAhead(60_000);
    expect(await runJobsUntil(shop, reference, (s) => s === 'fulfilled')).toBe('fulfilled');
  });
});

describe('topping up', () => {
  let buyer: Buyer;
  let iccid: string;

  beforeAll(async () => {
    buyer = await signIn(shop);
    iccid = (await buy(shop, buyer, plan)).answer.iccid ?? '';
  });

  it('lists the plans that can top up one of the buyer’s eSIMs', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: orderApiPaths.topupPlans.href(iccid, 'FR'),
      headers: bearer(buyer),
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as Plan[]).map((p) => p.pla_name)).toContain(plan.pla_name);
    const stranger = await signIn(shop, 'Karim Nasser');
    const refused = await shop.app.inject({
      method: 'GET',
      url: orderApiPaths.topupPlans.href(iccid, 'FR'),
      headers: bearer(stranger),
    });
    expect(refused.statusCode).toBe(404);
  });

  it('adds a bundle to the same eSIM', async () => {
    const { answer, reference } = await buy(shop, buyer, plan, {
      pur_type: 'Topup',
      pur_client_iccid: iccid,
    });
    expect(answer).toMatchObject({ status: 'fulfilled', iccid });
    expect(await esimCount(db(), iccid)).toBe(1);
    expect(await ledgerCount(db(), reference)).toBe(1);
    const { bundles } = await shop.app.esimGoClient().getEsimBundles(iccid);
    const assignments = bundles.flatMap((bundle) => bundle.assignments);
    expect(assignments).toHaveLength(2);
    const mail = (await mailTo(shop.app, buyer.email)).find((m) => /top-up/.test(m.subject));
    expect(mail?.text).toContain(iccid);
  });

  it('refuses to top up an eSIM that is not the buyer’s', async () => {
    const stranger = await signIn(shop, 'Karim Nasser');
    const response = await openPayment(shop.request, stranger, plan, {
      pur_type: 'Topup',
      pur_client_iccid: iccid,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(orderMessages.esimNotFound);
  });
});

describe('the reconciler', () => {
  it('cancels an order whose buyer never paid, and fulfils one whose buyer never came back', async () => {
    const buyer = await signIn(shop);
    const abandoned = await openedPayment(shop, buyer, plan);
    const paidButLost = await openedPayment(shop, buyer, plan);
    await payOnHostedPage(shop, paidButLost.gateway_transaction.sessionid);

    const report = await shop.app.orders.reconcile();
    expect(report.cancelled).toBeGreaterThanOrEqual(1);
    expect(report.paid).toBeGreaterThanOrEqual(1);
    expect((await orderRow(db(), abandoned.led_payment_gateway_ref)).status).toBe('cancelled');
    const lost = paidButLost.led_payment_gateway_ref;
    expect(await runJobsUntil(shop, lost, (s) => s === 'fulfilled')).toBe('fulfilled');
    const answer = await confirmed(shop.app, buyer, abandoned.led_payment_gateway_ref);
    expect(answer.status).toBe('cancelled');
  });

  it('gives no payment page for an order it cancelled while that page was opening', async () => {
    const buyer = await signIn(shop);
    const { context } = shop.app.orders;
    const gateway = context.gateway;
    // The reconciler runs while the gateway opens the session (abandon after 0 minutes here).
    context.gateway = () => {
      const client = gateway();
      return {
        ...client,
        initiateCheckout: async (request) => {
          const report = await shop.app.orders.reconcile();
          expect(report.cancelled).toBeGreaterThanOrEqual(1);
          return client.initiateCheckout(request);
        },
      };
    };
    try {
      const response = await openPayment(shop.request, buyer, plan);
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe(orderMessages.gatewayUnavailable);
    } finally {
      context.gateway = gateway;
    }
  });
});

describe('the background worker', () => {
  it('delivers a paid order by itself, and stops when asked', async () => {
    const buyer = await signIn(shop);
    const session = await openedPayment(shop, buyer, plan);
    const reference = session.led_payment_gateway_ref;
    await payOnHostedPage(shop, session.gateway_transaction.sessionid);
    const { context, runner } = shop.app.orders;
    const fast = { ...context, settings: { ...context.settings, workerIntervalMs: 20 } };
    const worker = startOrderWorker(fast, runner);
    try {
      const deadline = Date.now() + 10_000;
      let status = (await orderRow(db(), reference)).status;
      while (status !== 'fulfilled' && Date.now() < deadline) {
        // Polls: the worker's own timer is what is under test, so it runs in real time.
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = (await orderRow(db(), reference)).status;
      }
      // Paid by the reconciler (nobody confirmed), then fulfilled by the job, all unattended.
      expect(status).toBe('fulfilled');
    } finally {
      await worker.stop();
    }
  });
});

describe('operators and other gateway settings', () => {
  it('lets an operator refund a delivered order, and tells the buyer', async () => {
    const buyer = await signIn(shop);
    const { reference } = await buy(shop, buyer, plan);
    const { context, runner } = shop.app.orders;
    expect(await refundOrder(context, runner, shop.app.refunds.service, reference)).toBe(
      'refunded',
    );
    expect(await gatewayOrderStatus(db(), reference)).toBe('REFUNDED');
    expect(await gatewayTransactions(db(), reference, 'REFUND')).toBe(1);
    await expect(refundOrder(context, runner, shop.app.refunds.service, reference)).rejects.toThrow(
      /already given back/,
    );
    expect(await gatewayTransactions(db(), reference, 'REFUND')).toBe(1);
    const mail = (await mailTo(shop.app, buyer.email)).find((m) => /was refunded/.test(m.subject));
    expect(mail?.text).toMatch(/refunded \d+\.\d\d USD to your card/);
  });

  it('retries a refund the gateway could not take, and never delivers instead', async () => {
    const buyer = await signIn(shop);
    const { reference } = await buy(shop, buyer, plan);
    const offline = await secondInstance(shop, {
      gateway: { ...shop.config.gateway, url: 'http://127.0.0.1:9' },
    });
    try {
      const { context, runner } = offline.app.orders;
      const refunds = offline.app.refunds.service;
      expect(await refundOrder(context, runner, refunds, reference)).toBe('fulfilled');
    } finally {
      await offline.close();
    }
    const providerOrders = await providerOrderCount(db());
    const { context, runner } = shop.app.orders;
    expect(await retryOrder(context, runner, shop.app.refunds.service, reference)).toBe('refunded');
    expect(await gatewayTransactions(db(), reference, 'REFUND')).toBe(1);
    expect(await providerOrderCount(db())).toBe(providerOrders);
  });

  it('in PURCHASE mode, captures nothing more and refunds when delivery fails', async () => {
    const purchaseShop = await secondInstance(shop, {
      gateway: { ...shop.config.gateway, operation: 'PURCHASE' },
    });
    try {
      const app = purchaseShop.app;
      const buyer = await signIn(shop);
      const sold = await openPayment(purchaseShop.request, buyer, plan);
      expect(sold.statusCode, sold.body).toBe(200);
      const reference = sold.json().led_payment_gateway_ref as string;
      const indicator = await payOnHostedPage(shop, sold.json().gateway_transaction.sessionid);
      expect((await confirmed(app, buyer, reference, indicator)).status).toBe('fulfilled');
      expect(await gatewayOrderStatus(db(), reference)).toBe('CAPTURED');
      expect(await gatewayTransactions(db(), reference, 'CAPTURE')).toBe(0);

      // And one the provider cannot deliver: the money taken is refunded.
      const failing = await openPayment(purchaseShop.request, buyer, plan);
      const failed = failing.json().led_payment_gateway_ref as string;
      await payOnHostedPage(shop, failing.json().gateway_transaction.sessionid);
      await setFault(shop.url, { mode: 'error500' });
      await confirmed(app, buyer, failed);
      const refunded = (status: string) => status === 'refunded';
      await runJobsPastSettling(shop, failed, refunded, time, { runner: app.orders.runner });
      expect((await orderRow(db(), failed)).status).toBe('refunded');
      expect(await gatewayOrderStatus(db(), failed)).toBe('REFUNDED');
    } finally {
      await purchaseShop.close();
    }
  });

  it('answers 502 when the gateway cannot be reached, leaving the order created', async () => {
    const offline = await secondInstance(shop, {
      gateway: { ...shop.config.gateway, url: 'http://127.0.0.1:9' },
    });
    try {
      const buyer = await signIn(shop);
      const response = await openPayment(offline.request, buyer, plan);
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe(orderMessages.gatewayUnavailable);
      const [latest] = await db()
        .select({ status: orders.status })
        .from(orders)
        .orderBy(desc(orders.id))
        .limit(1);
      expect(latest?.status).toBe('created');
      // The buyer simply tries again, here through an instance that reaches the gateway.
      expect((await openPayment(shop.request, buyer, plan)).statusCode).toBe(200);
    } finally {
      await offline.close();
    }
  });
});
