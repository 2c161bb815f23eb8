/**
 * The buyer's own refund of an eSIM never installed (issue 16): the shop asks the provider for
 * the install state at that moment, revokes the bundles at the provider (the simulator records
 * it and returns the eSIM), gives the money back at the gateway, marks the order and its invoice
 * line refunded and e-mails a confirmation, exactly once whatever the clicks and instances.
 * Outcomes are counted where they land: the gateway's transactions, the simulator's assignments.
 */
import {
  type EsimRefundEligibility,
  esimRefundEligibilitySchema,
  type LedgerPage,
  type MyEsimList,
  orderMessages,
  type Plan,
  profileApiPaths,
  profileMessages,
  refundApiPaths,
  refundMessages,
} from '@tern/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  esimGoSandboxAssignments,
  esimGoSandboxOrders,
  esimRefunds,
  ledgerEntries,
  orderEvents,
  plans,
} from '../src/db/schema';
import { errorTexts } from '../src/error-texts';
import { EsimGoError } from '../src/integrations/esimgo/client';
import {
  clearFault,
  getBalance,
  getFault,
  resetSimulator,
  setFault,
  setProfileStatus,
  setShapes,
} from '../src/sandbox/esimgo/control-client';
import { esimGoSandboxApiUrl } from '../src/sandbox/esimgo/paths';
import {
  leaveTransactionsUnsettled,
  loseTransactionAnswers,
  resetGatewaySandbox,
  settleTransactions,
  takeGatewayDown,
} from '../src/sandbox/gateway/control-client';
import { invariantViolations } from './helpers/invariants';
import { movableClock } from './helpers/movable-clock';
import type { TestApp } from './helpers/test-app';
import {
  type Buyer,
  bearer,
  buy,
  createOrdersTestApp,
  gatewayOrderStatus,
  gatewayOrderTotals,
  gatewayTransactionIds,
  gatewayTransactions,
  mailTo,
  openPayment,
  orderRow,
  planIn,
  type SecondInstance,
  secondInstance,
  signIn,
} from './orders-kit';

let shop: TestApp;
let plan: Plan;
let other: SecondInstance;
/** The shop's clock: the 14 days of the terms pass at once. */
const time = movableClock();

beforeAll(async () => {
  shop = await createOrdersTestApp({}, { clock: time.clock });
  plan = await planIn(shop, 'FR');
  other = await secondInstance(shop);
});
afterAll(async () => {
  await other?.close();
  await shop?.close();
});

const db = () => shop.database.db;
const DAY_MS = 86_400_000;

afterEach(async () => {
  await resetSimulator(shop.url);
  await resetGatewaySandbox(shop.url);
  time.setAhead(0);
  // Every case leaves the shop settled: what was paid, delivered and given back agrees.
  expect(await invariantViolations(db())).toEqual([]);
});

/** A delivered eSIM of a new traveller. */
async function boughtEsim(name = 'Maya Haddad') {
  const buyer = await signIn(shop, name);
  const { reference, answer } = await buy(shop, buyer, plan);
  if (!answer.iccid) throw new Error('No eSIM was delivered');
  return { buyer, reference, iccid: answer.iccid };
}

function requestRefund(buyer: Buyer, iccid: string, app: FastifyInstance = shop.app) {
  const send = app === shop.app ? shop.request : other.request;
  return send({
    method: 'POST',
    url: refundApiPaths.esimRefund.href(iccid),
    headers: bearer(buyer),
  });
}

/** Voids and refunds the gateway recorded on an order: the money given back, however. */
async function moneyReturns(reference: string): Promise<number> {
  return (
    (await gatewayTransactions(db(), reference, 'REFUND')) +
    (await gatewayTransactions(db(), reference, 'VOID_AUTHORIZATION'))
  );
}

/** The simulator's record: the eSIM's assignments and whether each was revoked. */
async function assignmentsAtProvider(iccid: string) {
  return db()
    .select({ id: esimGoSandboxAssignments.id, revokedAt: esimGoSandboxAssignments.revokedAt })
    .from(esimGoSandboxAssignments)
    .where(eq(esimGoSandboxAssignments.iccid, iccid));
}

/** What the provider answers the shop about the eSIM now: its details, or its refusal. */
async function providerStatusOf(iccid: string): Promise<number | 'found'> {
  try {
    await shop.app.esimGoClient({ retries: 0 }).getEsim(iccid);
    return 'found';
  } catch (error) {
    if (error instanceof EsimGoError && error.status !== undefined) return error.status;
    throw error;
  }
}

/** The bundleRefund orders eSIM Go lists for this bundle: refunds from the inventory. */
async function bundleRefundOrders(bundle: string): Promise<string[]> {
  const rows = await db()
    .select({ reference: esimGoSandboxOrders.reference, lines: esimGoSandboxOrders.lines })
    .from(esimGoSandboxOrders)
    .where(eq(esimGoSandboxOrders.type, 'bundleRefund'));
  return rows.filter((row) => row.lines[0]?.item === bundle).map((row) => row.reference);
}

/** What one use of the bundle cost the shop at eSIM Go (its catalogue price). */
async function inventoryPrice(bundle: string): Promise<number | undefined> {
  const [plan] = await db()
    .select({ cents: plans.providerPriceCents })
    .from(plans)
    .where(eq(plans.name, bundle));
  return plan ? plan.cents / 100 : undefined;
}

function refundMails(buyer: Buyer) {
  return mailTo(shop.app, buyer.email).then((mails) =>
    mails.filter((mail) => /refunded/.test(mail.subject)),
  );
}

async function ledgerOf(buyer: Buyer): Promise<LedgerPage> {
  const response = await shop.app.inject({
    method: 'GET',
    url: profileApiPaths.ledger.href(buyer.email),
    headers: bearer(buyer),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LedgerPage;
}

async function esimsOf(buyer: Buyer): Promise<MyEsimList> {
  const response = await shop.app.inject({
    method: 'GET',
    url: profileApiPaths.myEsims.href(),
    headers: bearer(buyer),
  });
  return response.json() as MyEsimList;
}

describe('an eSIM never installed', () => {
  it('is revoked at the provider, paid back at the gateway, credited and confirmed by e-mail', async () => {
    const { buyer, reference, iccid } = await boughtEsim();

    const response = await requestRefund(buyer, iccid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'refunded' });

    // The provider: the assignment revoked, and the eSIM returned (gone from the account).
    const assignments = await assignmentsAtProvider(iccid);
    expect(assignments).toHaveLength(1);
    expect(assignments.every((row) => row.revokedAt !== null)).toBe(true);
    expect(await providerStatusOf(iccid)).toBe(403);

    // The gateway: one refund (or void), as its view of the order said.
    expect(await moneyReturns(reference)).toBe(1);
    expect(['REFUNDED', 'VOIDED']).toContain(await gatewayOrderStatus(db(), reference));

    // The shop: the order refunded with its event, the invoice line credited, the eSIM marked.
    const order = await orderRow(db(), reference);
    expect(order.status).toBe('refunded');
    const events = await db()
      .select({ event: orderEvents.event, detail: orderEvents.detail })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    expect(events).toContainEqual({ event: 'refunded', detail: expect.stringMatching(/self/) });
    const [line] = (await ledgerOf(buyer)).data;
    expect(line?.led_payment_gateway_ref).toBe(reference);
    expect(Date.parse(line?.led_refunded_at ?? '')).not.toBeNaN();
    const [esim] = (await esimsOf(buyer)).data;
    expect(esim?.iccid).toBe(iccid);
    expect(Date.parse(esim?.refundedAt ?? '')).not.toBeNaN();

    const mails = await refundMails(buyer);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(iccid);
    expect(mails[0]?.text).toContain(reference);
  });

  it('gives the bundle back to the shop’s eSIM Go balance through the inventory, once', async () => {
    const before = await getBalance(shop.url);
    const { buyer, reference, iccid } = await boughtEsim();
    const order = await orderRow(db(), reference);
    const cost = (await inventoryPrice(order.planName)) ?? 0;
    expect((await getBalance(shop.url)).balance).toBeCloseTo(before.balance - cost, 2);
    const earlier = await bundleRefundOrders(order.planName);

    expect((await requestRefund(buyer, iccid)).statusCode).toBe(200);
    // Revoked, the bundle went to the inventory; refunded from there, the balance has it back.
    expect((await getBalance(shop.url)).balance).toBeCloseTo(before.balance, 2);
    const listed = (await bundleRefundOrders(order.planName)).filter(
      (ref) => !earlier.includes(ref),
    );
    expect(listed).toHaveLength(1);
    const [row] = await db().select().from(esimRefunds).where(eq(esimRefunds.iccid, iccid));
    expect(row?.inventoryRefundReference).toBe(listed[0]);
    expect(row?.inventoryRefundCents).toBe(Math.round(cost * 100));
    expect(row?.completedAt).not.toBeNull();
    // The ledger keeps the provider's side beside the buyer's.
    const [entry] = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, order.id));
    expect(entry?.providerRefundCents).toBe(Math.round(cost * 100));
    expect(entry?.refundedAt).not.toBeNull();

    // Asked again: nothing more is refunded anywhere.
    expect((await requestRefund(buyer, iccid)).statusCode).toBe(200);
    expect(await bundleRefundOrders(order.planName)).toHaveLength(earlier.length + 1);
    expect((await getBalance(shop.url)).balance).toBeCloseTo(before.balance, 2);
  });

  it('refunds at eSIM Go once when the answer to the inventory refund was lost', async () => {
    const { buyer, reference, iccid } = await boughtEsim();
    const { planName } = await orderRow(db(), reference);
    const before = await bundleRefundOrders(planName);
    const context = shop.app.refunds.context;
    const realProvider = context.provider;
    // The inventory refund is made and its answer held until this impatient client gives up.
    context.provider = () => shop.app.esimGoClient({ timeoutMs: 300, retries: 0 });
    await setFault(shop.url, { mode: 'lateAnswer', count: 1, route: 'POST /inventory/refund' });
    try {
      expect((await requestRefund(buyer, iccid)).statusCode).toBe(200);
    } finally {
      context.provider = realProvider;
    }
    const [waiting] = await db().select().from(esimRefunds).where(eq(esimRefunds.iccid, iccid));
    expect(waiting?.inventoryRefundStartedAt).not.toBeNull();
    expect(waiting?.completedAt).toBeNull();
    expect(await bundleRefundOrders(planName)).toHaveLength(before.length + 1);

    // The background round finds the refund in the order list instead of refunding again.
    time.advance(60_000);
    await shop.app.refunds.service.runDueJobs();
    const [done] = await db().select().from(esimRefunds).where(eq(esimRefunds.iccid, iccid));
    expect(done?.completedAt).not.toBeNull();
    expect(await bundleRefundOrders(planName)).toHaveLength(before.length + 1);
    expect(done?.inventoryRefundReference).toBe(
      (await bundleRefundOrders(planName)).find((ref) => !before.includes(ref)),
    );
  });

  it('answers a repeated request once done without refunding or mailing again', async () => {
    const { buyer, reference, iccid } = await boughtEsim();
    expect((await requestRefund(buyer, iccid)).statusCode).toBe(200);

    const again = await requestRefund(buyer, iccid);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ status: 'refunded' });
    expect(await moneyReturns(reference)).toBe(1);
    expect(await refundMails(buyer)).toHaveLength(1);
  });

  it('gives back the top-ups bought on it too, in one e-mail', async () => {
    const { buyer, reference, iccid } = await boughtEsim();
    const topup = await buy(shop, buyer, plan, { pur_type: 'Topup', pur_client_iccid: iccid });
    expect(topup.answer.status).toBe('fulfilled');

    const response = await requestRefund(buyer, iccid);
    expect(response.statusCode, response.body).toBe(200);

    for (const ref of [reference, topup.reference]) {
      expect(await moneyReturns(ref)).toBe(1);
      expect((await orderRow(db(), ref)).status).toBe('refunded');
    }
    const assignments = await assignmentsAtProvider(iccid);
    expect(assignments).toHaveLength(2);
    expect(assignments.every((row) => row.revokedAt !== null)).toBe(true);
    expect(await providerStatusOf(iccid)).toBe(403);
    const lines = (await ledgerOf(buyer)).data;
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.led_refunded_at)).toBe(true);
    const mails = await refundMails(buyer);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(reference);
    expect(mails[0]?.text).toContain(topup.reference);
  });

  it('confirms in the buyer’s language, naming the plan and the price as the shop does', async () => {
    const { buyer, reference, iccid } = await boughtEsim('Sami Haddad');
    await db().execute(sql`update clients set language = 'fr' where email = ${buyer.email}`);
    expect((await requestRefund(buyer, iccid)).statusCode).toBe(200);

    const mail = (await mailTo(shop.app, buyer.email)).find((sent) =>
      sent.subject.startsWith(`Votre eSIM Tern ${iccid} a été remboursée`),
    );
    // "Commande T-… (eSIM France · 1 Go · 7 jours). Nous avons remboursé 1,99 $US …": not
    // the English "1 GB · 7 days" without its country, nor "1.99 USD".
    expect(mail?.text).toContain(`Commande ${reference} (eSIM France · `);
    expect(mail?.text).toMatch(/\(eSIM France · [\d,]+ [GM]o · \d+ jours?\)/);
    expect(mail?.text).toContain(`${plan.pla_price.toFixed(2).replace('.', ',')}\u00a0$US`);
    expect(mail?.text).not.toContain('USD');
  });

  it('revokes the bundles whichever way the provider names their order (suffixed or plain)', async () => {
    for (const assignmentReference of ['suffixed', 'plain'] as const) {
      await setShapes(shop.url, { assignmentReference });
      const { buyer, reference, iccid } = await boughtEsim();
      const listed = await shop.app.esimGoClient({ retries: 0 }).getEsimBundles(iccid);
      const named = listed.bundles[0]?.assignments[0]?.assignmentReference ?? '';
      expect(named.endsWith('-0')).toBe(assignmentReference === 'suffixed');

      expect((await requestRefund(buyer, iccid)).statusCode).toBe(200);
      const assignments = await assignmentsAtProvider(iccid);
      expect(assignments.every((row) => row.revokedAt !== null)).toBe(true);
      expect(await moneyReturns(reference)).toBe(1);
    }
  });

  it('refuses a top-up of the refunded eSIM, since it went back to the provider', async () => {
    const { buyer, iccid } = await boughtEsim();
    expect((await requestRefund(buyer, iccid)).statusCode).toBe(200);
    const topup = await openPayment(shop.request, buyer, plan, {
      pur_type: 'Topup',
      pur_client_iccid: iccid,
    });
    expect(topup.statusCode, topup.body).toBe(409);
    expect(topup.json()).toEqual({ message: orderMessages.esimRefunded });
  });

  it('refunds once for ten clicks at the same moment, and answers each of them 200', async () => {
    const { buyer, reference, iccid } = await boughtEsim();

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => requestRefund(buyer, iccid)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(await moneyReturns(reference)).toBe(1);
    expect(await refundMails(buyer)).toHaveLength(1);
  });

  it('refunds once when two instances take the request together', async () => {
    const { buyer, reference, iccid } = await boughtEsim();

    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        requestRefund(buyer, iccid, index % 2 === 0 ? shop.app : other.app),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(await moneyReturns(reference)).toBe(1);
    expect((await assignmentsAtProvider(iccid)).every((row) => row.revokedAt)).toBe(true);
    expect(await refundMails(buyer)).toHaveLength(1);
    expect((await orderRow(db(), reference)).status).toBe('refunded');
  });

  it('answers 502 while the gateway is down, then completes once when asked again', async () => {
    const { buyer, reference, iccid } = await boughtEsim();
    await takeGatewayDown(shop.url);

    const refused = await requestRefund(buyer, iccid);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(refundMessages.gatewayUnavailable);
    // The step before it is recorded: the bundle is revoked, the money not back yet.
    const [row] = await db().select().from(esimRefunds).where(eq(esimRefunds.iccid, iccid));
    expect(row?.providerRevokedAt).not.toBeNull();
    expect(row?.moneyReturnedAt).toBeNull();
    expect(await moneyReturns(reference)).toBe(0);
    expect((await orderRow(db(), reference)).status).toBe('fulfilled');
    expect(await refundMails(buyer)).toHaveLength(0);

    await resetGatewaySandbox(shop.url);
    // The eSIM has left the provider's account meanwhile: the retry carries on regardless.
    const retried = await requestRefund(buyer, iccid);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await moneyReturns(reference)).toBe(1);
    expect((await orderRow(db(), reference)).status).toBe('refunded');
    expect(await refundMails(buyer)).toHaveLength(1);
  });

  it('carries on by itself once the gateway is back, without being asked again', async () => {
    const { buyer, reference, iccid } = await boughtEsim();
    await takeGatewayDown(shop.url);
    expect((await requestRefund(buyer, iccid)).statusCode).toBe(502);
    await resetGatewaySandbox(shop.url);

    // The background round: the job waits out its back-off, then gives the money back and mails.
    time.advance(60_000);
    expect(await shop.app.refunds.service.runDueJobs()).toBeGreaterThanOrEqual(1);
    expect(await moneyReturns(reference)).toBe(1);
    expect((await orderRow(db(), reference)).status).toBe('refunded');
    expect(await refundMails(buyer)).toHaveLength(1);
    const [row] = await db().select().from(esimRefunds).where(eq(esimRefunds.iccid, iccid));
    expect(row?.completedAt).not.toBeNull();

    // The traveller asking afterwards hears it is done; nothing is given back twice.
    const asked = await requestRefund(buyer, iccid);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await moneyReturns(reference)).toBe(1);
  });

  it('refunds once when the answer to the gateway refund was lost', async () => {
    const { buyer, reference, iccid } = await boughtEsim();
    // The refund takes effect at the gateway; its answer never reaches the shop. The shop reads
    // the gateway's order, finds the money back there, and tells the buyer at once.
    await loseTransactionAnswers(shop.url, 1);
    expect((await requestRefund(buyer, iccid)).statusCode).toBe(200);
    expect((await orderRow(db(), reference)).status).toBe('refunded');
    expect(await gatewayTransactionIds(db(), reference, 'REFUND')).toEqual(['refund-1']);

    // Later rounds send no other refund and no second mail.
    time.advance(60_000);
    await shop.app.refunds.service.runDueJobs();
    expect(await gatewayTransactionIds(db(), reference, 'REFUND')).toEqual(['refund-1']);
    expect(await refundMails(buyer)).toHaveLength(1);
  });

  for (const result of ['PENDING', 'UNKNOWN'] as const) {
    it(`refunds once when the refund is answered ${result}, resubmitting it under its own id`, async () => {
      const { buyer, reference, iccid } = await boughtEsim();
      await leaveTransactionsUnsettled(shop.url, { result, operation: 'REFUND' });
      const waiting = await requestRefund(buyer, iccid);
      expect(waiting.statusCode).toBe(502);
      expect((await orderRow(db(), reference)).status).toBe('fulfilled');
      expect(await refundMails(buyer)).toHaveLength(0);

      // The background round while the acquirer has not answered: the same refund again.
      time.advance(60_000);
      await shop.app.refunds.service.runDueJobs();
      expect(await gatewayTransactionIds(db(), reference, 'REFUND')).toEqual(['refund-1']);
      expect((await orderRow(db(), reference)).status).toBe('fulfilled');

      // The acquirer answers: the shop reads the refund as done and gives nothing more.
      await settleTransactions(shop.url);
      time.advance(600_000);
      await shop.app.refunds.service.runDueJobs();
      expect((await orderRow(db(), reference)).status).toBe('refunded');
      expect(await gatewayTransactionIds(db(), reference, 'REFUND')).toEqual(['refund-1']);
      const totals = await gatewayOrderTotals(db(), reference);
      expect(totals?.refunded).toBe(totals?.captured);
      expect(await refundMails(buyer)).toHaveLength(1);
    });
  }

  it('answers 502 while the provider fails the revoke, then completes when asked again', async () => {
    const { buyer, reference, iccid } = await boughtEsim();
    // The install check answers; every read of the bundles, before any revoke, fails.
    const failing = 50;
    await setFault(shop.url, {
      mode: 'error500',
      route: 'GET /esims/:iccid/bundles',
      count: failing,
    });
    const refused = await requestRefund(buyer, iccid);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(refundMessages.providerUnavailable);
    expect((await getFault(shop.url)).remaining).toBeLessThan(failing);
    expect(await moneyReturns(reference)).toBe(0);
    expect((await assignmentsAtProvider(iccid)).every((row) => row.revokedAt === null)).toBe(true);
    await clearFault(shop.url);

    const retried = await requestRefund(buyer, iccid);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await moneyReturns(reference)).toBe(1);
    expect(await providerStatusOf(iccid)).toBe(403);
  });
});

describe('refused', () => {
  it('answers 409 for an installed eSIM, and changes nothing', async () => {
    const { buyer, reference, iccid } = await boughtEsim();
    await setProfileStatus(shop.url, iccid, 'Installed');

    const response = await requestRefund(buyer, iccid);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(refundMessages.installed);
    expect(await moneyReturns(reference)).toBe(0);
    expect((await assignmentsAtProvider(iccid)).every((row) => row.revokedAt === null)).toBe(true);
    expect(await providerStatusOf(iccid)).toBe('found');
    expect((await orderRow(db(), reference)).status).toBe('fulfilled');
    expect(await db().select().from(esimRefunds).where(eq(esimRefunds.iccid, iccid))).toEqual([]);
  });

  it('words the 409 in the language the request asks for', async () => {
    const { buyer, iccid } = await boughtEsim();
    await setProfileStatus(shop.url, iccid, 'Installed');
    const response = await shop.request({
      method: 'POST',
      url: refundApiPaths.esimRefund.href(iccid),
      headers: { ...bearer(buyer), 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(errorTexts.fr.refundMessages.installed);
  });

  it('answers 409 for an eSIM installed once and removed since (Released again)', async () => {
    const { buyer, reference, iccid } = await boughtEsim();
    await setProfileStatus(shop.url, iccid, 'Installed');
    await setProfileStatus(shop.url, iccid, 'Released');

    const response = await requestRefund(buyer, iccid);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(refundMessages.installed);
    expect(await moneyReturns(reference)).toBe(0);
  });

  it('answers 409 once the 14 days have passed, and refunds on the last day', async () => {
    const late = await boughtEsim();
    time.setAhead(14 * DAY_MS + 60_000);
    const response = await requestRefund(late.buyer, late.iccid);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(refundMessages.windowPassed);
    expect(await moneyReturns(late.reference)).toBe(0);
    expect(await providerStatusOf(late.iccid)).toBe('found');

    time.setAhead(0);
    const inTime = await boughtEsim();
    time.setAhead(13 * DAY_MS);
    const accepted = await requestRefund(inTime.buyer, inTime.iccid);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await moneyReturns(inTime.reference)).toBe(1);
  });

  it('answers 404 for another buyer’s eSIM, as for one that does not exist', async () => {
    const { reference, iccid } = await boughtEsim();
    const stranger = await signIn(shop, 'Karim Nasser');

    const response = await requestRefund(stranger, iccid);
    expect(response.statusCode).toBe(404);
    expect(await moneyReturns(reference)).toBe(0);
    expect(await providerStatusOf(iccid)).toBe('found');
  });

  it('asks for the bearer token', async () => {
    const { iccid } = await boughtEsim();
    const response = await shop.request({
      method: 'POST',
      url: refundApiPaths.esimRefund.href(iccid),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('eligibility, told before the button (issue 26)', () => {
  function eligibilityOf(buyer: Buyer | undefined, iccid: string) {
    return shop.request({
      method: 'GET',
      url: refundApiPaths.esimRefund.href(iccid),
      headers: buyer ? bearer(buyer) : {},
    });
  }

  async function eligibility(buyer: Buyer, iccid: string): Promise<EsimRefundEligibility> {
    const response = await eligibilityOf(buyer, iccid);
    expect(response.statusCode, response.body).toBe(200);
    return esimRefundEligibilitySchema.parse(response.json());
  }

  it('says an eSIM never installed can be refunded, until when, and changes nothing', async () => {
    const before = Date.now();
    const { buyer, reference, iccid } = await boughtEsim();
    const answer = await eligibility(buyer, iccid);
    expect(answer).toMatchObject({ refundable: true, reason: null });
    const until = Date.parse(answer.refundableUntil);
    expect(until).toBeGreaterThanOrEqual(before + 14 * DAY_MS - 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 14 * DAY_MS);
    // Asking is not requesting: nothing recorded, revoked or given back.
    expect(await db().select().from(esimRefunds).where(eq(esimRefunds.iccid, iccid))).toEqual([]);
    expect((await assignmentsAtProvider(iccid)).every((row) => row.revokedAt === null)).toBe(true);
    expect(await moneyReturns(reference)).toBe(0);
    expect((await orderRow(db(), reference)).status).toBe('fulfilled');
  });

  it('says why not for an installed eSIM, one installed and removed, and one past 14 days', async () => {
    const installed = await boughtEsim();
    await setProfileStatus(shop.url, installed.iccid, 'Installed');
    expect(await eligibility(installed.buyer, installed.iccid)).toMatchObject({
      refundable: false,
      reason: 'installed',
    });
    await setProfileStatus(shop.url, installed.iccid, 'Released');
    expect((await eligibility(installed.buyer, installed.iccid)).reason).toBe('installed');

    const late = await boughtEsim();
    time.setAhead(14 * DAY_MS + 60_000);
    expect(await eligibility(late.buyer, late.iccid)).toMatchObject({
      refundable: false,
      reason: 'window-passed',
    });
  });

  it('agrees with the refund: refundable before it, already refunded after it', async () => {
    const { buyer, iccid } = await boughtEsim();
    expect((await eligibility(buyer, iccid)).refundable).toBe(true);
    const refunded = await requestRefund(buyer, iccid);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await eligibility(buyer, iccid)).toMatchObject({
      refundable: false,
      reason: 'already-refunded',
    });
  });

  it('answers 502 when the provider cannot tell the install state', async () => {
    const { buyer, iccid } = await boughtEsim();
    await setFault(shop.url, { mode: 'error500', route: 'GET /esims/:iccid' });
    const response = await eligibilityOf(buyer, iccid);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(profileMessages.providerUnavailable);
  });

  it('answers 404 for another buyer’s eSIM and 401 without the bearer token', async () => {
    const { iccid } = await boughtEsim();
    const stranger = await signIn(shop, 'Karim Nasser');
    expect((await eligibilityOf(stranger, iccid)).statusCode).toBe(404);
    expect((await eligibilityOf(undefined, iccid)).statusCode).toBe(401);
  });
});

describe('the simulator’s revoke, as eSIM Go documents it', () => {
  const provider = () => shop.app.esimGoClient({ retries: 0 });

  async function onlyAssignment(iccid: string) {
    const { bundles } = await provider().getEsimBundles(iccid);
    const [bundle] = bundles;
    const [assignment] = bundle?.assignments ?? [];
    if (!bundle || !assignment) throw new Error(`No bundle on ${iccid}`);
    return { name: bundle.name, assignmentId: assignment.id };
  }

  /** DELETE by bundle name, as the shop does not call it but eSIM Go offers it. */
  function revokeByName(iccid: string, name: string, type = 'transaction') {
    return fetch(
      `${esimGoSandboxApiUrl(shop.url)}/esims/${iccid}/bundles/${encodeURIComponent(name)}?type=${type}`,
      { method: 'DELETE', headers: { 'X-API-Key': shop.config.esimGo.apiKey } },
    );
  }

  it('checks a revoke with type=validate and changes nothing', async () => {
    const { iccid } = await boughtEsim();
    const bundle = await onlyAssignment(iccid);

    const checked = await provider().revokeBundle(iccid, { ...bundle, type: 'validate' });
    expect(checked.status).toMatch(/returns process/);
    expect(await onlyAssignment(iccid)).toEqual(bundle);
    expect(await providerStatusOf(iccid)).toBe('found');
  });

  it('revokes by name, refuses a second revoke with 403, and returns the eSIM left bare', async () => {
    const { iccid } = await boughtEsim();
    const { name } = await onlyAssignment(iccid);

    const first = await revokeByName(iccid, name);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'Successfully Revoked Bundle' });
    // Returned: the account no longer holds it; eSIM Go answers 403 "not accessible", its revoke
    // included, where an ICCID it never knew gets 400.
    expect(await providerStatusOf(iccid)).toBe(403);
    const again = await revokeByName(iccid, name);
    expect(again.status).toBe(403);
    expect(await providerStatusOf('8944000000000000000')).toBe(400);
    expect((await assignmentsAtProvider(iccid))[0]?.revokedAt).not.toBeNull();
  });

  it('keeps an installed eSIM on the account when its last bundle is revoked', async () => {
    const { iccid } = await boughtEsim();
    await setProfileStatus(shop.url, iccid, 'Installed');
    const bundle = await onlyAssignment(iccid);

    await provider().revokeBundle(iccid, bundle);
    expect(await providerStatusOf(iccid)).toBe('found');
    // Revoked bundles are neither listed nor used.
    expect((await provider().getEsimBundles(iccid)).bundles).toEqual([]);
  });

  it('refuses a revoke without the API key', async () => {
    const { iccid } = await boughtEsim();
    const { name } = await onlyAssignment(iccid);
    const response = await fetch(
      `${esimGoSandboxApiUrl(shop.url)}/esims/${iccid}/bundles/${name}`,
      {
        method: 'DELETE',
      },
    );
    expect(response.status).toBe(403);
    expect(await providerStatusOf(iccid)).toBe('found');
  });
});
