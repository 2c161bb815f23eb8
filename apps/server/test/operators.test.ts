/**
 * The operator API (issue 30): an operator signs in with an e-mailed code and an authenticator,
 * finds an order by ICCID, reads its history and refunds it, and the buyer's ledger shows the
 * refund; a viewer sees the same order and is refused the action. The probes: no session, a
 * buyer's session, a viewer acting, an ended session, a wrong authenticator code (rate limited):
 * each refused, nothing changed, and each refusal in the audit log.
 */
import {
  type AuditEntry,
  type BackgroundJob,
  type LedgerPage,
  type OpsOrder,
  type OpsOrderDetail,
  opsApiPaths,
  opsCataloguePaths,
  opsCreditPaths,
  opsCustomerPaths,
  opsMessages,
  opsMoneyPaths,
  type Plan,
  profileApiPaths,
  promoCodePaths,
} from '@tern/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esimGoSandboxAssignments, esimGoSandboxOrders, esimRefunds } from '../src/db/schema';
import { totpAt, totpStep } from '../src/modules/operators/totp';
import { clearFault, getBalance, setFault } from '../src/sandbox/esimgo/control-client';
import { movableClock } from './helpers/movable-clock';
import type { TestApp } from './helpers/test-app';
import {
  type Buyer,
  bearer,
  buy,
  createOrdersTestApp,
  gatewayTransactions,
  mailTo,
  orderRow,
  planIn,
  signIn,
} from './orders-kit';

const OPERATOR = 'ops@example.com';
const VIEWER = 'view@example.com';
const clock = movableClock();

let shop: TestApp;
let plan: Plan;
let buyer: Buyer;
let sold: { reference: string; iccid: string };

beforeAll(async () => {
  shop = await createOrdersTestApp(
    { OPERATOR_EMAILS: `${OPERATOR}:operator, ${VIEWER}:viewer`, OPERATOR_SESSION_MINUTES: '30' },
    { clock: clock.clock },
  );
  plan = await planIn(shop, 'FR');
  buyer = await signIn(shop);
  const { reference, answer } = await buy(shop, buyer, plan);
  sold = { reference, iccid: answer.iccid ?? '' };
});
afterAll(async () => shop?.close());

let callerNumber = 0;
/** Each sign-in from its own address, so the per-address limits meet only the test that wants them. */
const nextAddress = () => `10.77.${Math.floor(callerNumber / 250)}.${(callerNumber++ % 250) + 1}`;

async function mailedCode(email: string): Promise<string> {
  // Newest first.
  const mails = await mailTo(shop.app, email);
  const code = mails[0]?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`No code was mailed to ${email}`);
  return code;
}

function verify(body: Record<string, unknown>, remoteAddress = nextAddress()) {
  return shop.request({
    method: 'POST',
    url: opsApiPaths.verify.href(),
    payload: body,
    remoteAddress,
  });
}

const secrets = new Map<string, string>();

/** Signs in as the console would: the code, then enrolment on the first time, then the TOTP. */
async function operatorSession(email: string): Promise<string> {
  const remoteAddress = nextAddress();
  const sent = await shop.request({
    method: 'POST',
    url: opsApiPaths.signIn.href(),
    payload: { email },
    remoteAddress,
  });
  expect(sent.json()).toEqual({ message: opsMessages.codeSent });
  const code = await mailedCode(email);
  if (!secrets.has(email)) {
    const setup = await verify({ email, code }, remoteAddress);
    expect(setup.statusCode, setup.body).toBe(200);
    secrets.set(email, setup.json().totpSetup.secret);
  }
  // A step of its own each time: a code is never accepted twice.
  clock.advance(30_000);
  const totp = totpAt(secrets.get(email) ?? '', totpStep(clock.clock()));
  const signedIn = await verify({ email, code, totp }, remoteAddress);
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return signedIn.json().token as string;
}

const asOperator = (token: string) => ({ authorization: `Bearer ${token}` });

/** The simulator's record of the eSIM's assignments: revoked or still on it. */
async function assignmentsAtProvider(iccid: string) {
  return shop.app.database.db
    .select({ revokedAt: esimGoSandboxAssignments.revokedAt })
    .from(esimGoSandboxAssignments)
    .where(eq(esimGoSandboxAssignments.iccid, iccid));
}

/** The bundleRefund orders eSIM Go lists for this bundle: its refunds from the inventory. */
async function inventoryRefunds(bundle: string): Promise<string[]> {
  const rows = await shop.app.database.db
    .select({ reference: esimGoSandboxOrders.reference, lines: esimGoSandboxOrders.lines })
    .from(esimGoSandboxOrders)
    .where(eq(esimGoSandboxOrders.type, 'bundleRefund'));
  return rows.filter((row) => row.lines[0]?.item === bundle).map((row) => row.reference);
}

/** Voids and refunds the gateway recorded on the order: the money given back, however. */
async function moneyReturns(reference: string): Promise<number> {
  const db = shop.app.database.db;
  return (
    (await gatewayTransactions(db, reference, 'REFUND')) +
    (await gatewayTransactions(db, reference, 'VOID_AUTHORIZATION'))
  );
}

async function auditEntries(token: string): Promise<AuditEntry[]> {
  const response = await shop.app.inject({
    method: 'GET',
    url: opsApiPaths.audit.href(),
    headers: asOperator(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as AuditEntry[];
}

describe('an operator', () => {
  let token: string;

  it('enrols an authenticator at the first sign-in, with recovery codes, and signs in with it', async () => {
    token = await operatorSession(OPERATOR);
    const me = await shop.app.inject({
      method: 'GET',
      url: opsApiPaths.me.href(),
      headers: asOperator(token),
    });
    expect(me.json()).toMatchObject({ email: OPERATOR, role: 'operator' });
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('sees which instance ran each job that runs once across instances', async () => {
    const before = await shop.app.inject({
      method: 'GET',
      url: opsApiPaths.backgroundJobs.href(),
      headers: asOperator(token),
    });
    expect(before.json()).toEqual([]);
    // One background round of this instance: the periodic jobs are scheduled and run.
    await shop.app.orders.runner.runBackgroundRound();
    const after = await shop.app.inject({
      method: 'GET',
      url: opsApiPaths.backgroundJobs.href(),
      headers: asOperator(token),
    });
    const jobs = after.json() as BackgroundJob[];
    expect(jobs.map((job) => job.name)).toEqual(['provider-balance', 'reconcile']);
    for (const job of jobs) {
      expect(job).toMatchObject({
        ranBy: shop.app.orders.context.workerId,
        running: false,
        lastError: null,
      });
      expect(Date.parse(job.nextRunAt)).toBeGreaterThan(clock.clock().getTime());
    }
  });

  it('narrows a search by state and by the days the order was made in', async () => {
    const search = async (query: Parameters<typeof opsApiPaths.orders.href>[0]) => {
      const response = await shop.app.inject({
        method: 'GET',
        url: opsApiPaths.orders.href(query),
        headers: asOperator(token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as OpsOrder[]).map((order) => order.ref);
    };
    const today = clock.clock().toISOString().slice(0, 10);
    const yesterday = new Date(clock.clock().getTime() - 86_400_000).toISOString().slice(0, 10);
    expect(await search({ q: buyer.email, state: 'fulfilled' })).toContain(sold.reference);
    expect(await search({ q: buyer.email, state: 'refunded' })).not.toContain(sold.reference);
    expect(await search({ state: 'fulfilled', from: today, to: today })).toContain(sold.reference);
    expect(await search({ from: yesterday, to: yesterday })).toEqual([]);
    const refused = await shop.app.inject({
      method: 'GET',
      url: `${opsApiPaths.orders.href()}?state=lost&from=2026-02-30`,
      headers: asOperator(token),
    });
    expect(refused.statusCode).toBe(400);
  });

  it('finds the order by its ICCID, reads its history, refunds it, and the buyer sees the refund', async () => {
    const found = await shop.app.inject({
      method: 'GET',
      url: opsApiPaths.orders.href(sold.iccid),
      headers: asOperator(token),
    });
    const orders = found.json() as OpsOrder[];
    expect(orders.map((order) => order.ref)).toEqual([sold.reference]);
    expect(orders[0]).toMatchObject({ state: 'fulfilled', email: buyer.email, iccid: sold.iccid });

    const detail = (
      await shop.app.inject({
        method: 'GET',
        url: opsApiPaths.order.href(sold.reference),
        headers: asOperator(token),
      })
    ).json() as OpsOrderDetail;
    expect(detail.events.map((event) => event.event)).toContain('fulfilled');
    expect(detail).toMatchObject({ busy: false, refundable: true });
    const balanceBefore = (await getBalance(shop.url)).balance;
    const { planName } = await orderRow(shop.app.database.db, sold.reference);
    const inventoryRefundsBefore = await inventoryRefunds(planName);

    const refunded = await shop.request({
      method: 'POST',
      url: opsApiPaths.refund.href(sold.reference),
      headers: asOperator(token),
      payload: { reason: 'The traveller’s phone cannot take an eSIM' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toEqual({ ref: sold.reference, state: 'refunded' });
    // eSIM Go's side too, as the buyer's own refund does: the bundle revoked, then refunded
    // from the inventory, so the shop's balance there has what the bundle cost back.
    const assignments = await assignmentsAtProvider(sold.iccid);
    expect(assignments).toHaveLength(1);
    expect(assignments.every((row) => row.revokedAt !== null)).toBe(true);
    const listed = await inventoryRefunds(planName);
    expect(listed).toHaveLength(inventoryRefundsBefore.length + 1);
    expect((await getBalance(shop.url)).balance).toBeGreaterThan(balanceBefore);
    expect(await moneyReturns(sold.reference)).toBe(1);
    const mails = (await mailTo(shop.app, buyer.email)).filter((mail) =>
      mail.subject.includes(`${sold.reference} was refunded`),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/as agreed with our support team/);

    const ledger = await shop.app.inject({
      method: 'GET',
      url: profileApiPaths.ledger.href(buyer.email),
      headers: bearer(buyer),
    });
    const entry = (ledger.json() as LedgerPage).data.find(
      (row) => row.led_payment_gateway_ref === sold.reference,
    );
    expect(entry?.led_refunded_at).toBeTruthy();

    const audit = await auditEntries(token);
    expect(audit[0]).toMatchObject({
      operator: OPERATOR,
      target: sold.reference,
      outcome: 'done: refunded',
    });
    expect(audit[0]?.action).toContain('The traveller’s phone cannot take an eSIM');
  });

  it('carries on a refund that eSIM Go failed, from where it stopped, without refunding twice', async () => {
    const { reference, answer } = await buy(shop, buyer, plan);
    const iccid = answer.iccid ?? '';
    const { planName } = await orderRow(shop.app.database.db, reference);
    const before = await inventoryRefunds(planName);
    // Every read of the eSIM's bundles fails: nothing can be revoked, so no money goes back yet.
    await setFault(shop.url, { mode: 'error500', route: 'GET /esims/:iccid/bundles', count: 50 });
    try {
      const refund = () =>
        shop.request({
          method: 'POST',
          url: opsApiPaths.refund.href(reference),
          headers: asOperator(token),
          payload: { reason: 'Bought twice by mistake' },
        });
      const waiting = await refund();
      expect(waiting.statusCode, waiting.body).toBe(200);
      expect(waiting.json()).toEqual({ ref: reference, state: 'fulfilled' });
      expect(await moneyReturns(reference)).toBe(0);
      expect((await assignmentsAtProvider(iccid)).every((row) => row.revokedAt === null)).toBe(
        true,
      );
      // The decision is recorded: the refund is owed, whoever carries it on.
      const [row] = await shop.app.database.db
        .select()
        .from(esimRefunds)
        .where(eq(esimRefunds.iccid, iccid));
      expect(row).toMatchObject({ requestedBy: 'operator', providerRevokedAt: null });
    } finally {
      await clearFault(shop.url);
    }

    const retried = await shop.request({
      method: 'POST',
      url: opsApiPaths.retry.href(reference),
      headers: asOperator(token),
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ ref: reference, state: 'refunded' });
    expect((await assignmentsAtProvider(iccid)).every((row) => row.revokedAt !== null)).toBe(true);
    expect(await inventoryRefunds(planName)).toHaveLength(before.length + 1);
    expect(await moneyReturns(reference)).toBe(1);

    // Asked again once done: refused, and nothing more is given back anywhere.
    const again = await shop.request({
      method: 'POST',
      url: opsApiPaths.refund.href(reference),
      headers: asOperator(token),
      payload: { reason: 'Bought twice by mistake' },
    });
    expect(again.statusCode).toBe(409);
    expect(await inventoryRefunds(planName)).toHaveLength(before.length + 1);
    expect(await moneyReturns(reference)).toBe(1);
    const mails = (await mailTo(shop.app, buyer.email)).filter((mail) =>
      mail.subject.includes(`${reference} was refunded`),
    );
    expect(mails).toHaveLength(1);
  });
});

describe('refused, with nothing changed and the refusal audited', () => {
  let operatorToken: string;
  let viewerToken: string;
  let target: string;

  beforeAll(async () => {
    operatorToken = await operatorSession(OPERATOR);
    viewerToken = await operatorSession(VIEWER);
    target = (await buy(shop, buyer, plan)).reference;
  });

  const guarded = () => [
    { method: 'GET' as const, url: opsApiPaths.orders.href() },
    { method: 'GET' as const, url: opsApiPaths.order.href(target) },
    { method: 'GET' as const, url: opsApiPaths.audit.href() },
    { method: 'GET' as const, url: opsApiPaths.me.href() },
    { method: 'POST' as const, url: opsApiPaths.refund.href(target), payload: { reason: 'probe' } },
    { method: 'POST' as const, url: opsApiPaths.retry.href(target), payload: {} },
    { method: 'POST' as const, url: opsApiPaths.resendEsimMail.href(target), payload: {} },
    { method: 'POST' as const, url: opsApiPaths.signOut.href(), payload: {} },
  ];

  async function expectUnchanged(run: () => Promise<void>) {
    const before = await orderRow(shop.app.database.db, target);
    const mailsBefore = (await mailTo(shop.app, buyer.email)).length;
    await run();
    const after = await orderRow(shop.app.database.db, target);
    expect(after.status).toBe(before.status);
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect((await mailTo(shop.app, buyer.email)).length).toBe(mailsBefore);
  }

  it('refuses every operator route without a session, and with a buyer’s token', async () => {
    await expectUnchanged(async () => {
      for (const route of guarded()) {
        for (const headers of [{}, bearer(buyer)]) {
          const response = await shop.request({ ...route, headers });
          expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
          expect(response.json().message).toBe(opsMessages.sessionRequired);
        }
      }
    });
    const refusals = (await auditEntries(operatorToken)).filter(
      (entry) => entry.operator === '(no session)',
    );
    expect(refusals.length).toBeGreaterThanOrEqual(guarded().length * 2);
  });

  it('refuses an operator’s token on the buyers’ routes', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: profileApiPaths.myEsims.href(),
      headers: asOperator(operatorToken),
    });
    expect(response.statusCode).toBe(401);
  });

  it('shows a viewer the order but refuses the actions with 403', async () => {
    const seen = await shop.app.inject({
      method: 'GET',
      url: opsApiPaths.order.href(target),
      headers: asOperator(viewerToken),
    });
    expect(seen.statusCode).toBe(200);
    await expectUnchanged(async () => {
      for (const route of guarded().filter(
        (r) => r.method === 'POST' && !r.url.endsWith('sign-out'),
      )) {
        const response = await shop.request({ ...route, headers: asOperator(viewerToken) });
        expect(response.statusCode, route.url).toBe(403);
        expect(response.json().message).toBe(opsMessages.roleRequired);
      }
    });
    const audit = await auditEntries(operatorToken);
    expect(
      audit.filter(
        (entry) => entry.operator === VIEWER && entry.outcome === 'refused: viewer role',
      ),
    ).toHaveLength(3);
  });

  /**
   * Every route of the console's sections, with inputs its schema takes (validation answers
   * before the guard), and whether a viewer may call it.
   */
  const everyOtherRoute = (clientId = 1) => {
    const day = clock.clock().toISOString().slice(0, 10);
    const markup = { percent: 40, rounding: 'cent' };
    return [
      {
        method: 'POST' as const,
        url: opsApiPaths.markHandled.href(target),
        payload: { note: 'probe' },
        viewer: false,
      },
      { method: 'GET' as const, url: opsApiPaths.backgroundJobs.href(), viewer: true },
      { method: 'GET' as const, url: opsApiPaths.reconciliation.href(day), viewer: true },
      {
        method: 'POST' as const,
        url: opsApiPaths.returnProviderOrder.href('probe'),
        payload: {},
        viewer: false,
      },
      {
        method: 'POST' as const,
        url: opsApiPaths.returnPayment.href('probe'),
        payload: {},
        viewer: false,
      },
      { method: 'GET' as const, url: opsCustomerPaths.customers.href(''), viewer: true },
      { method: 'GET' as const, url: opsCustomerPaths.customer.href(clientId), viewer: true },
      {
        method: 'POST' as const,
        url: opsCustomerPaths.signOutEverywhere.href(clientId),
        payload: {},
        viewer: false,
      },
      {
        method: 'PUT' as const,
        url: opsCustomerPaths.language.href(clientId),
        payload: { language: 'fr' },
        viewer: false,
      },
      {
        method: 'POST' as const,
        url: opsCreditPaths.grant.href(clientId),
        payload: { amount: 1, reason: 'probe' },
        viewer: false,
      },
      { method: 'GET' as const, url: opsCataloguePaths.catalogue.href(), viewer: true },
      { method: 'POST' as const, url: opsCataloguePaths.sync.href(), payload: {}, viewer: false },
      {
        method: 'POST' as const,
        url: opsCataloguePaths.markupPreview.href(),
        payload: markup,
        viewer: true,
      },
      {
        method: 'PUT' as const,
        url: opsCataloguePaths.markup.href(),
        payload: markup,
        viewer: false,
      },
      { method: 'GET' as const, url: opsMoneyPaths.money.href(), viewer: true },
      { method: 'GET' as const, url: opsMoneyPaths.moneyCsv.href(), viewer: true },
      { method: 'GET' as const, url: opsMoneyPaths.auditCsv.href(), viewer: true },
      { method: 'GET' as const, url: opsMoneyPaths.health.href(), viewer: true },
      { method: 'GET' as const, url: promoCodePaths.promoCodes.href(), viewer: true },
      {
        method: 'POST' as const,
        url: promoCodePaths.promoCodes.href(),
        payload: {
          code: 'PROBE10',
          percentOff: 10,
          startsAt: '2026-01-01T00:00:00Z',
          endsAt: '2027-01-01T00:00:00Z',
          maxUses: 5,
        },
        viewer: false,
      },
    ];
  };

  it('names every route of the operator API in one of the probes', () => {
    const probed = [...guarded(), ...everyOtherRoute()].map(
      (route) => route.url.split('?')[0] ?? '',
    );
    const open = [opsApiPaths.signIn.pattern, opsApiPaths.verify.pattern];
    const every = [
      opsApiPaths,
      opsCustomerPaths,
      opsCreditPaths,
      opsCataloguePaths,
      opsMoneyPaths,
      promoCodePaths,
    ]
      .flatMap((paths) => Object.values(paths).map((path) => path.pattern))
      .filter((pattern) => !open.includes(pattern));
    for (const pattern of every) {
      const matcher = new RegExp(
        `^${pattern.replace(/:[a-zA-Z]+/g, '[^/]+').replace('.', '\\.')}$`,
      );
      expect(
        probed.some((url) => matcher.test(url)),
        pattern,
      ).toBe(true);
    }
  });

  it('refuses every route of the console’s sections without a session and with a buyer’s token, and a viewer their changes, nothing changed', async () => {
    const { clientId } = await orderRow(shop.app.database.db, target);
    const account = async () =>
      (
        await shop.app.inject({
          method: 'GET',
          url: opsCustomerPaths.customer.href(clientId),
          headers: asOperator(operatorToken),
        })
      ).json() as { language: string; activeSessions: number };
    const before = await account();
    await expectUnchanged(async () => {
      for (const { viewer, ...route } of everyOtherRoute(clientId)) {
        for (const headers of [{}, bearer(buyer)]) {
          const response = await shop.request({ ...route, headers });
          expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
          expect(response.json().message).toBe(opsMessages.sessionRequired);
        }
        if (viewer) continue;
        const refused = await shop.request({ ...route, headers: asOperator(viewerToken) });
        expect(refused.statusCode, `viewer ${route.method} ${route.url}`).toBe(403);
      }
    });
    // The buyer is still signed in, in the same language, and the markup is as it was.
    const stillIn = await shop.app.inject({
      method: 'GET',
      url: profileApiPaths.myEsims.href(),
      headers: bearer(buyer),
    });
    expect(stillIn.statusCode).toBe(200);
    expect(await account()).toMatchObject({
      language: before.language,
      activeSessions: before.activeSessions,
    });
    const refusedAudit = (await auditEntries(operatorToken)).filter(
      (entry) => entry.operator === VIEWER && entry.outcome === 'refused: viewer role',
    );
    expect(refusedAudit.length).toBeGreaterThanOrEqual(
      everyOtherRoute().filter((route) => !route.viewer).length,
    );
  });

  it('refuses a session that has ended', async () => {
    const token = await operatorSession(OPERATOR);
    clock.advance(31 * 60_000);
    await expectUnchanged(async () => {
      const response = await shop.request({
        method: 'POST',
        url: opsApiPaths.refund.href(target),
        headers: asOperator(token),
        payload: { reason: 'too late' },
      });
      expect(response.statusCode).toBe(401);
    });
    // The others were opened before: sign in again for the audit read.
    operatorToken = await operatorSession(OPERATOR);
  });

  it('refuses a wrong authenticator code, spends the e-mailed code after five tries, and limits the caller', async () => {
    const remoteAddress = nextAddress();
    await shop.request({
      method: 'POST',
      url: opsApiPaths.signIn.href(),
      payload: { email: OPERATOR },
      remoteAddress,
    });
    const code = await mailedCode(OPERATOR);
    const right = totpAt(secrets.get(OPERATOR) ?? '', totpStep(clock.clock()) + 5);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      const refused = await verify({ email: OPERATOR, code, totp: wrong }, remoteAddress);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(opsMessages.signInRefused);
    }
    // The code is spent: even the authenticator's right code no longer opens a session.
    clock.advance(30_000);
    const now = totpAt(secrets.get(OPERATOR) ?? '', totpStep(clock.clock()));
    expect((await verify({ email: OPERATOR, code, totp: now }, remoteAddress)).statusCode).toBe(
      401,
    );
    // And the caller meets the per-address limit before long.
    let limited = false;
    for (let attempt = 0; attempt < 40 && !limited; attempt++) {
      limited =
        (await verify({ email: OPERATOR, code, totp: wrong }, remoteAddress)).statusCode === 429;
    }
    expect(limited).toBe(true);
    const audit = await auditEntries(operatorToken);
    expect(audit.some((entry) => entry.outcome === 'refused: wrong authenticator code')).toBe(true);
    expect(audit.some((entry) => entry.outcome === 'refused: too many tries')).toBe(true);
  });

  it('answers a code request alike for an address that is no operator’s, and mails nothing', async () => {
    const response = await shop.request({
      method: 'POST',
      url: opsApiPaths.signIn.href(),
      payload: { email: buyer.email },
      remoteAddress: nextAddress(),
    });
    expect(response.json()).toEqual({ message: opsMessages.codeSent });
    const mails = await mailTo(shop.app, buyer.email);
    expect(mails.some((mail) => /console/i.test(mail.subject))).toBe(false);
  });

  it('keeps the audit log append-only in the database', async () => {
    const db = shop.app.database.db;
    // Drizzle wraps the database's own error: its cause says why.
    const refusal = (error: unknown) =>
      error instanceof Error ? `${error.message} ${String((error.cause as Error)?.message)}` : '';
    for (const statement of [
      sql`update operator_audit set outcome = 'x'`,
      sql`delete from operator_audit`,
      sql`truncate operator_audit`,
    ]) {
      expect(refusal(await db.execute(statement).catch((error: unknown) => error))).toMatch(
        /append-only/,
      );
    }
  });
});
