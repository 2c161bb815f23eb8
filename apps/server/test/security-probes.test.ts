/**
 * The attacker's probes, table by table, over every route: forged and path-encoded
 * state-changing calls, another buyer's data, tampered tokens and prices, junk of every
 * kind in every parameter. Each probe asserts the exact answer and counts the stored rows
 * before and after: a refused request stores nothing.
 */
import {
  accountApiPaths,
  codeRefusals,
  errorMessages,
  orderApiPaths,
  orderMessages,
  type Plan,
  profileApiPaths,
} from '@tern/contract';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clients,
  devMailboxMessages,
  esims,
  gatewaySandboxOrders,
  gatewaySandboxSessions,
  jobs,
  ledgerEntries,
  oneTimeCodes,
  orders,
  sessions,
} from '../src/db/schema';
import type { TestApp } from './helpers/test-app';
import {
  type Buyer,
  bearer,
  buy,
  createOrdersTestApp,
  gatewayOrderStatus,
  gatewayTransactions,
  ledgerCount,
  mailTo,
  openedPayment,
  orderRow,
  payOnHostedPage,
  planIn,
  signIn,
} from './orders-kit';

let shop: TestApp;
let plan: Plan;
/** Buyer A owns an eSIM, an invoice and an order; buyer B tries to reach them. */
let owner: Buyer;
let intruder: Buyer;
let ownerIccid: string;
let ownerLedgerId: number;
let ownerReference: string;

beforeAll(async () => {
  shop = await createOrdersTestApp();
  plan = await planIn(shop, 'FR');
  owner = await signIn(shop, 'Owner Buyer');
  intruder = await signIn(shop, 'Intruder Buyer');
  const bought = await buy(shop, owner, plan);
  ownerReference = bought.reference;
  ownerIccid = bought.answer.iccid ?? '';
  const [entry] = await shop.database.db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentGatewayRef, ownerReference));
  ownerLedgerId = entry?.id ?? 0;
}, 60_000);
afterAll(() => shop.close());

// ---- what the shop holds ----

const countedTables = {
  clients,
  oneTimeCodes,
  sessions,
  orders,
  jobs,
  esims,
  ledgerEntries,
  devMailboxMessages,
  gatewaySandboxSessions,
  gatewaySandboxOrders,
} as const;

async function storedRows(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(countedTables)) {
    const [row] = await shop.database.db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

// ---- how a probe is sent ----

let address = 0;
/** Each probe from its own address, so the per-IP limits never answer for the rule tested. */
function nextAddress(): string {
  address += 1;
  return `10.77.${Math.floor(address / 250)}.${(address % 250) + 1}`;
}

let mailbox = 0;
const freshEmail = () => `probe.${Date.now().toString(36)}.${++mailbox}@example.com`;

type Auth = 'owner' | 'intruder' | 'none';
interface Probe {
  name: string;
  method: InjectOptions['method'];
  /** A function: the owner's references exist only once beforeAll has run. */
  url: () => string;
  payload?: () => unknown;
  /** A raw body, sent as is with this content type. */
  raw?: () => { body: string; contentType: string };
  auth?: Auth;
  headers?: Record<string, string> | (() => Record<string, string>);
  /** Send without the anti-forgery cookie and header. */
  forged?: 'missing' | 'mismatched';
  status: number;
  message?: string;
}

function send(probe: Probe): Promise<LightMyRequestResponse> {
  const auth =
    probe.auth === 'owner' ? bearer(owner) : probe.auth === 'intruder' ? bearer(intruder) : {};
  const raw = probe.raw?.();
  const headers = typeof probe.headers === 'function' ? probe.headers() : probe.headers;
  const contentType = raw ? { 'content-type': raw.contentType } : {};
  const options: InjectOptions = {
    method: probe.method,
    url: probe.url(),
    remoteAddress: nextAddress(),
    headers: { ...auth, ...headers, ...contentType },
    payload: raw ? raw.body : (probe.payload?.() as InjectOptions['payload']),
  };
  if (probe.forged === 'missing') return shop.app.inject(options);
  if (probe.forged === 'mismatched') {
    return shop.app.inject({
      ...options,
      cookies: { 'XSRF-TOKEN': 'cookie-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
      headers: {
        ...options.headers,
        'x-xsrf-token': 'header-token-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
      },
    });
  }
  return shop.request(options);
}

async function expectRefusedWithoutTrace(probe: Probe): Promise<LightMyRequestResponse> {
  const before = await storedRows();
  const response = await send(probe);
  expect(response.statusCode, response.body).toBe(probe.status);
  const body = response.json() as { message?: unknown };
  expect(typeof body.message, response.body).toBe('string');
  if (probe.message) expect(body.message).toBe(probe.message);
  expect(await storedRows()).toEqual(before);
  return response;
}

// ---- the routes ----

const signupForm = () => ({
  cli_email: freshEmail(),
  cli_name: 'Probe Person',
  cli_mobile: '+961 71 123 456',
});
const sessionForm = () => ({
  pur_pla_name: plan.pla_name,
  pur_client_name: owner.name,
  pur_client_email: owner.email,
  pur_type: 'Regular',
});

interface BodyRoute {
  name: string;
  path: string;
  auth: Auth;
  valid: () => Record<string, unknown>;
  /** Its text fields, named here: the bodies can only be built once beforeAll has run. */
  texts: string[];
}

/** Every state-changing route, with a body it would accept. */
const bodyRoutes: BodyRoute[] = [
  {
    name: 'sign-up',
    path: accountApiPaths.signup.href(),
    auth: 'none',
    texts: ['cli_email', 'cli_name', 'cli_mobile'],
    valid: signupForm,
  },
  {
    name: 'legacy sign-up',
    path: accountApiPaths.legacySignup.href(),
    auth: 'none',
    texts: ['cli_email', 'cli_name', 'cli_mobile'],
    valid: signupForm,
  },
  {
    name: 'code check',
    path: accountApiPaths.validateOtp.href(),
    auth: 'none',
    texts: ['cli_email', 'cli_name', 'cli_mobile', 'cli_number'],
    valid: () => ({ ...signupForm(), cli_number: '123456' }),
  },
  {
    name: 'legacy code check',
    path: accountApiPaths.legacyValidateOtp.href(),
    auth: 'none',
    texts: ['cli_email', 'cli_name', 'cli_mobile', 'cli_number'],
    valid: () => ({ ...signupForm(), cli_number: '123456' }),
  },
  {
    name: 'token check',
    path: accountApiPaths.validateToken.href(),
    auth: 'none',
    texts: ['cli_token'],
    valid: () => ({ cli_token: owner.token }),
  },
  {
    name: 'legacy token check',
    path: accountApiPaths.legacyValidateToken.href(),
    auth: 'none',
    texts: ['cli_token'],
    valid: () => ({ cli_token: owner.token }),
  },
  {
    name: 'contact',
    path: accountApiPaths.support.href(),
    auth: 'none',
    texts: ['email', 'body'],
    valid: () => ({ email: freshEmail(), body: 'Hello' }),
  },
  {
    name: 'create-session',
    path: orderApiPaths.createSession.href(),
    auth: 'owner',
    texts: ['pur_pla_name', 'pur_client_name', 'pur_client_email'],
    valid: sessionForm,
  },
  {
    name: 'legacy checkout',
    path: orderApiPaths.legacyCheckout.href(),
    auth: 'owner',
    texts: ['pla_name', 'cli_email', 'cli_name'],
    valid: () => ({ pla_name: plan.pla_name, cli_email: owner.email, cli_name: owner.name }),
  },
  {
    name: 'purchase',
    path: orderApiPaths.purchase.href(),
    auth: 'owner',
    texts: ['pla_name', 'pla_description', 'pla_title', 'plc_iso'],
    valid: () => ({ ...plan, pur_type: 'Regular' }),
  },
];

const stateChangingRoutes = [
  ...bodyRoutes.map((route) => ({ name: route.name, path: route.path, payload: route.valid })),
  { name: 'logout', path: accountApiPaths.logout.href(), payload: () => ({}) },
];

/** `/api/...` written `/%61pi/...`: the same route, another spelling. */
const pathEncoded = (path: string) => path.replace(/^\/api\//, '/%61pi/');

const NUL = '\u0000';

describe('anti-forgery on every state-changing route', () => {
  const probes: Probe[] = stateChangingRoutes.flatMap((route) =>
    (['missing', 'mismatched', 'path-encoded'] as const).map((variant) => ({
      name: `${route.name}: token ${variant}`,
      method: 'POST' as const,
      url: () => (variant === 'path-encoded' ? pathEncoded(route.path) : route.path),
      payload: route.payload,
      auth: 'owner' as const,
      forged: variant === 'mismatched' ? ('mismatched' as const) : ('missing' as const),
      status: 403,
      message: errorMessages.invalidAntiForgeryToken,
    })),
  );
  it.each(probes.map((probe) => [probe.name, probe] as const))(
    'refuses %s',
    async (_name, probe) => {
      await expectRefusedWithoutTrace(probe);
    },
  );
});

describe('malformed bodies on every state-changing route', () => {
  const probes: Probe[] = bodyRoutes.flatMap((route) => [
    {
      name: `${route.name}: an unknown field`,
      method: 'POST' as const,
      url: () => route.path,
      payload: () => ({ ...route.valid(), is_admin: true }),
      auth: route.auth,
      status: 400,
    },
    {
      name: `${route.name}: wrong types`,
      method: 'POST' as const,
      url: () => route.path,
      payload: () =>
        Object.fromEntries(Object.keys(route.valid()).map((key) => [key, { $ne: null }])),
      auth: route.auth,
      status: 400,
    },
    {
      name: `${route.name}: __proto__`,
      method: 'POST' as const,
      url: () => route.path,
      raw: () => ({
        body: `{"__proto__":{"isAdmin":true},${JSON.stringify(route.valid()).slice(1)}`,
        contentType: 'application/json',
      }),
      auth: route.auth,
      status: 400,
    },
    {
      name: `${route.name}: a body over 1 MiB`,
      method: 'POST' as const,
      url: () => route.path,
      raw: () => ({
        body: JSON.stringify({ ...route.valid(), padding: 'x'.repeat(1024 * 1024) }),
        contentType: 'application/json',
      }),
      auth: route.auth,
      status: 413,
    },
    {
      name: `${route.name}: broken JSON`,
      method: 'POST' as const,
      url: () => route.path,
      raw: () => ({ body: '{"cli_email":', contentType: 'application/json' }),
      auth: route.auth,
      status: 400,
    },
    {
      name: `${route.name}: a form instead of JSON`,
      method: 'POST' as const,
      url: () => route.path,
      raw: () => ({
        body: 'cli_email=a%40b.co',
        contentType: 'application/x-www-form-urlencoded',
      }),
      auth: route.auth,
      status: 415,
    },
  ]);
  it.each(probes.map((probe) => [probe.name, probe] as const))(
    'refuses %s',
    async (_name, probe) => {
      await expectRefusedWithoutTrace(probe);
    },
  );
});

describe('U+0000 in every text parameter', () => {
  const bodyFieldProbes: Probe[] = bodyRoutes.flatMap((route) =>
    route.texts.map((field) => ({
      name: `${route.name}: ${field}`,
      method: 'POST' as const,
      url: () => route.path,
      payload: () => {
        const body = route.valid();
        return {
          ...body,
          [field]: `${String(body[field]).slice(0, 3)}${NUL}${String(body[field]).slice(3)}`,
        };
      },
      auth: route.auth,
      status: 400,
    })),
  );
  const nul = encodeURIComponent(NUL);
  const urlProbes: Probe[] = [
    ['country plans', () => `/api/plan/country/F${nul}`],
    ['region plans', () => `/api/plan/region/Europe${nul}`],
    ['ledger e-mail', () => profileApiPaths.ledger.href(`${owner.email}${NUL}`)],
    ['ledger search', () => profileApiPaths.ledger.href(owner.email, { search: `FR${NUL}` })],
    ['eSIM details', () => `/api/esim/details/${ownerIccid}${nul}`],
    ['eSIM bundles', () => `/api/esim/details/bundles/${ownerIccid}${nul}`],
    ['top-up plans', () => orderApiPaths.topupPlans.href(ownerIccid, `FR${NUL}`)],
    ['check-status', () => orderApiPaths.checkStatus.href(`${ownerReference}${NUL}`)],
    ['confirmation', () => orderApiPaths.confirmation.href(`${ownerReference}${NUL}`)],
    [
      'confirmation resultIndicator',
      () => `${orderApiPaths.confirmation.href(ownerReference)}?resultIndicator=a${nul}b`,
    ],
    ['payment return', () => `${orderApiPaths.paymentReturn.href()}?resultIndicator=a${nul}b`],
  ].map(([name, url]) => ({
    name: name as string,
    method: 'GET' as const,
    url: url as () => string,
    auth: 'owner' as const,
    status: 400,
  }));
  it.each([...bodyFieldProbes, ...urlProbes].map((probe) => [probe.name, probe] as const))(
    'refuses it in %s',
    async (_name, probe) => {
      await expectRefusedWithoutTrace(probe);
    },
  );
});

describe("another buyer's data", () => {
  const probes: Probe[] = [
    ['ledger', () => profileApiPaths.ledger.href(owner.email), 403],
    ['invoice PDF', () => profileApiPaths.invoicePdf.href(ownerLedgerId), 404],
    ['eSIM details', () => profileApiPaths.esimDetails.href(ownerIccid), 404],
    ['eSIM bundles', () => profileApiPaths.esimBundles.href(ownerIccid), 404],
    ['eSIM QR', () => profileApiPaths.esimQr.href(ownerIccid), 404],
    ['ledger entry QR', () => profileApiPaths.ledgerEntryQr.href(ownerLedgerId), 404],
    ['check-status', () => orderApiPaths.checkStatus.href(ownerReference), 404],
    ['confirmation', () => orderApiPaths.confirmation.href(ownerReference), 404],
    ['top-up plans', () => orderApiPaths.topupPlans.href(ownerIccid, 'FR'), 404],
  ].map(([name, url, status]) => ({
    name: name as string,
    method: 'GET' as const,
    url: url as () => string,
    auth: 'intruder' as const,
    status: status as number,
  }));
  const topUps: Probe[] = [
    {
      name: "a top-up of the owner's eSIM through create-session",
      method: 'POST',
      url: () => orderApiPaths.createSession.href(),
      payload: () => ({
        pur_pla_name: plan.pla_name,
        pur_client_name: intruder.name,
        pur_client_email: intruder.email,
        pur_type: 'Topup',
        pur_client_iccid: ownerIccid,
      }),
      auth: 'intruder',
      status: 404,
    },
    {
      name: "a top-up of the owner's eSIM through purchase",
      method: 'POST',
      url: () => orderApiPaths.purchase.href(),
      payload: () => ({ ...plan, pur_type: 'Topup', pur_client_iccid: ownerIccid }),
      auth: 'intruder',
      status: 404,
    },
    {
      name: "an order in the owner's e-mail",
      method: 'POST',
      url: () => orderApiPaths.createSession.href(),
      payload: () => ({ ...sessionForm(), pur_client_name: intruder.name }),
      auth: 'intruder',
      status: 403,
    },
  ];
  it.each([...probes, ...topUps].map((probe) => [probe.name, probe] as const))(
    'refuses %s',
    async (_name, probe) => {
      await expectRefusedWithoutTrace(probe);
    },
  );
});

describe('tokens', () => {
  const flipped = () => `${owner.token.slice(0, -1)}${owner.token.endsWith('A') ? 'B' : 'A'}`;
  const probes: Probe[] = [
    ['no token', {}],
    ['a tampered token', { authorization: '' }],
    ['a bearer with no token', { authorization: 'Bearer' }],
    ['another scheme', { authorization: 'Basic b3duZXI6cGFzcw==' }],
    ['a script for a token', { authorization: 'Bearer <script>alert(1)</script>' }],
    ['a SQL string for a token', { authorization: "Bearer ' OR '1'='1" }],
  ].map(([name, headers]) => ({
    name: name as string,
    method: 'GET' as const,
    url: () => profileApiPaths.myEsims.href(),
    headers:
      name === 'a tampered token'
        ? () => ({ authorization: `Bearer ${flipped()}` })
        : (headers as Record<string, string>),
    status: 401,
  }));
  it.each(probes.map((probe) => [probe.name, probe] as const))(
    'refuses %s',
    async (_name, probe) => {
      await expectRefusedWithoutTrace(probe);
    },
  );

  it('refuses an expired token', async () => {
    const buyer = await signIn(shop, 'Expired Session');
    await shop.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.clientId, await clientId(buyer.email)));
    await expectRefusedWithoutTrace({
      name: 'expired',
      method: 'GET',
      url: () => profileApiPaths.myEsims.href(),
      headers: bearer(buyer),
      status: 401,
    });
  });

  it('refuses a token after logout', async () => {
    const buyer = await signIn(shop, 'Logged Out');
    const logout = await shop.request({
      method: 'POST',
      url: accountApiPaths.logout.href(),
      headers: bearer(buyer),
    });
    expect(logout.statusCode).toBe(200);
    await expectRefusedWithoutTrace({
      name: 'revoked',
      method: 'GET',
      url: () => profileApiPaths.myEsims.href(),
      headers: bearer(buyer),
      status: 401,
    });
  });
});

async function clientId(email: string): Promise<number> {
  const [row] = await shop.database.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.email, email));
  if (!row) throw new Error(`No client ${email}`);
  return row.id;
}

describe('sign-in codes', () => {
  async function newCode(email: string) {
    const form = { cli_email: email, cli_name: 'Code Person', cli_mobile: '+961 71 123 456' };
    const response = await shop.request({
      method: 'POST',
      url: accountApiPaths.signup.href(),
      payload: form,
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(200);
    const [mail] = await mailTo(shop.app, email);
    const code = mail?.text.match(/\b\d{6}\b/)?.[0];
    if (!code) throw new Error(`No code mailed to ${email}`);
    return { form, code };
  }
  const tryCode = (form: Record<string, string>, code: string) =>
    shop.request({
      method: 'POST',
      url: accountApiPaths.validateOtp.href(),
      payload: { ...form, cli_number: code },
      remoteAddress: nextAddress(),
    });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('stops a brute force after five tries, the right code included', async () => {
    const { form, code } = await newCode(freshEmail());
    const before = await storedRows();
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) answers.push(await tryCode(form, wrong(code)));
    answers.push(await tryCode(form, code));
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(answers.at(-1)?.json().message).toBe(codeRefusals.tooManyTries);
    expect(await storedRows()).toEqual(before);
  });

  it('refuses a replayed code', async () => {
    const { form, code } = await newCode(freshEmail());
    expect((await tryCode(form, code)).statusCode).toBe(200);
    const before = await storedRows();
    const replay = await tryCode(form, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(codeRefusals.invalid);
    expect(await storedRows()).toEqual(before);
  });

  it('refuses an expired code', async () => {
    const email = freshEmail();
    const { form, code } = await newCode(email);
    await shop.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.clientId, await clientId(email)));
    const before = await storedRows();
    const answer = await tryCode(form, code);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(codeRefusals.expired);
    expect(await storedRows()).toEqual(before);
  });

  it("refuses another e-mail's code", async () => {
    const mine = await newCode(freshEmail());
    const theirs = await newCode(freshEmail());
    if (mine.code === theirs.code) return;
    const before = await storedRows();
    const answer = await tryCode(mine.form, theirs.code);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(codeRefusals.wrong);
    expect(await storedRows()).toEqual(before);
  });

  it('signs in once when the right code arrives several times at once, and says so honestly', async () => {
    const { form, code } = await newCode(freshEmail());
    const before = await storedRows();
    const answers = await Promise.all(Array.from({ length: 8 }, () => tryCode(form, code)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    for (const answer of answers.filter((each) => each.statusCode === 400)) {
      expect(answer.json().message).toBe(codeRefusals.invalid);
    }
    expect(await storedRows()).toEqual({ ...before, sessions: (before.sessions ?? 0) + 1 });
  });
});

describe('prices and payments', () => {
  const probes: Probe[] = [
    {
      name: 'a price in create-session',
      method: 'POST',
      url: () => orderApiPaths.createSession.href(),
      payload: () => ({ ...sessionForm(), pla_price: 0.01 }),
      auth: 'owner',
      status: 400,
    },
    {
      name: 'a currency in create-session',
      method: 'POST',
      url: () => orderApiPaths.createSession.href(),
      payload: () => ({ ...sessionForm(), currency: 'LBP' }),
      auth: 'owner',
      status: 400,
    },
    {
      name: 'an amount in legacy checkout',
      method: 'POST',
      url: () => orderApiPaths.legacyCheckout.href(),
      payload: () => ({
        pla_name: plan.pla_name,
        cli_email: owner.email,
        cli_name: owner.name,
        amount: 1,
      }),
      auth: 'owner',
      status: 400,
    },
    {
      name: 'a negative price in purchase',
      method: 'POST',
      url: () => orderApiPaths.purchase.href(),
      payload: () => ({ ...plan, pla_price: 'free' }),
      auth: 'owner',
      status: 400,
    },
    {
      name: 'a plan that does not exist',
      method: 'POST',
      url: () => orderApiPaths.createSession.href(),
      payload: () => ({ ...sessionForm(), pur_pla_name: "x' OR '1'='1" }),
      auth: 'owner',
      status: 400,
      message: orderMessages.noPlanSelected,
    },
  ];
  it.each(probes.map((probe) => [probe.name, probe] as const))(
    'refuses %s',
    async (_name, probe) => {
      await expectRefusedWithoutTrace(probe);
    },
  );

  it("charges the catalogue's price whatever price the plan object carries", async () => {
    const response = await shop.request({
      method: 'POST',
      url: orderApiPaths.purchase.href(),
      headers: bearer(owner),
      payload: { ...plan, pla_price: 0.01 },
    });
    expect(response.statusCode).toBe(200);
    const order = await orderRow(shop.database.db, response.json().led_payment_gateway_ref);
    expect(order.amountCents).toBe(Math.round(plan.pla_price * 100));
  });

  it('voids an authorisation for another amount and closes the order', async () => {
    const session = await openedPayment(shop, owner, plan);
    const reference = session.led_payment_gateway_ref;
    // The gateway holds the amount it was asked for; the order now expects another.
    await shop.database.db
      .update(orders)
      .set({ amountCents: Math.round(plan.pla_price * 100) + 100 })
      .where(eq(orders.gatewayOrderId, reference));
    const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
    const response = await shop.app.inject({
      method: 'GET',
      url: `${orderApiPaths.confirmation.href(reference)}?resultIndicator=${indicator ?? ''}`,
      headers: bearer(owner),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('payment_failed');
    expect((await orderRow(shop.database.db, reference)).status).toBe('payment_failed');
    expect(await gatewayOrderStatus(shop.database.db, reference)).toMatch(/VOIDED|REFUNDED/);
    expect(await gatewayTransactions(shop.database.db, reference, 'CAPTURE')).toBe(0);
    expect(await ledgerCount(shop.database.db, reference)).toBe(0);
  });

  it('voids it once when the buyer and the gateway’s notification ask at the same moment', async () => {
    const session = await openedPayment(shop, owner, plan);
    const reference = session.led_payment_gateway_ref;
    await shop.database.db
      .update(orders)
      .set({ amountCents: Math.round(plan.pla_price * 100) + 100 })
      .where(eq(orders.gatewayOrderId, reference));
    const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
    const confirm = () =>
      shop.app.inject({
        method: 'GET',
        url: `${orderApiPaths.confirmation.href(reference)}?resultIndicator=${indicator ?? ''}`,
        headers: bearer(owner),
      });
    const answers = await Promise.all([confirm(), confirm(), confirm()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.json().status)).toEqual([
      'payment_failed',
      'payment_failed',
      'payment_failed',
    ]);
    expect(await gatewayTransactions(shop.database.db, reference, 'VOID_AUTHORIZATION')).toBe(1);
  });
});

describe('SQL and script strings are only data', () => {
  const probes: Probe[] = [
    ['a SQL country code', () => `/api/plan/country/${encodeURIComponent("' OR 1=1 --")}`, 400],
    ['a SQL region', () => `/api/plan/region/${encodeURIComponent("Europe' OR '1'='1")}`, 404],
    [
      'a script region',
      () => `/api/plan/region/${encodeURIComponent('<script>alert(1)</script>')}`,
      404,
    ],
    ['a SQL plan id', () => `/api/plan/country/roaming/${encodeURIComponent('1 OR 1=1')}`, 400],
    ['a SQL ICCID', () => profileApiPaths.esimDetails.href("8944' OR '1'='1"), 400],
    [
      'a SQL invoice id',
      () => `/api/ledger/${encodeURIComponent('1;DROP TABLE ledger')}/invoice.pdf`,
      400,
    ],
    ['a SQL order reference', () => orderApiPaths.checkStatus.href("TRN-' OR '1'='1"), 400],
    ['a path traversal', () => '/api/esim/details/..%2F..%2Fetc%2Fpasswd', 400],
  ].map(([name, url, status]) => ({
    name: name as string,
    method: 'GET' as const,
    url: url as () => string,
    auth: 'owner' as const,
    status: status as number,
  }));
  it.each(probes.map((probe) => [probe.name, probe] as const))(
    'refuses %s',
    async (_name, probe) => {
      await expectRefusedWithoutTrace(probe);
    },
  );

  it('searches the ledger for a SQL string as plain text', async () => {
    const before = await storedRows();
    const response = await shop.app.inject({
      method: 'GET',
      url: profileApiPaths.ledger.href(owner.email, { search: "' OR '1'='1" }),
      headers: bearer(owner),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().total).toBe(0);
    expect(await storedRows()).toEqual(before);
  });

  it('keeps a script in a name as text, never markup', async () => {
    const buyer = await signIn(shop, '<img src=x onerror=alert(1)>');
    const response = await shop.request({
      method: 'POST',
      url: accountApiPaths.validateToken.href(),
      payload: { cli_token: buyer.token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().cli_name).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('the framework answers in the shop’s shape', () => {
  const probes: Probe[] = [
    {
      name: 'a malformed URL',
      method: 'GET',
      url: () => '/api/plan/country/%E0%A4%A',
      status: 400,
    },
    {
      name: 'an unknown API path',
      method: 'GET',
      url: () => '/api/nothing-here',
      status: 404,
      message: errorMessages.notFound,
    },
    {
      name: 'an unknown, path-encoded API path',
      method: 'GET',
      url: () => '/%61pi/nothing-here',
      status: 404,
      message: errorMessages.notFound,
    },
    {
      name: 'a method the route does not take',
      method: 'DELETE',
      url: () => accountApiPaths.signup.href(),
      status: 404,
    },
    {
      name: 'a PUT on the ledger',
      method: 'PUT',
      url: () => profileApiPaths.ledger.href('x@example.com'),
      payload: () => ({}),
      status: 404,
    },
  ];
  it.each(probes.map((probe) => [probe.name, probe] as const))(
    'answers %s',
    async (_name, probe) => {
      const response = await expectRefusedWithoutTrace(probe);
      expect(Object.keys(response.json()).sort()).toEqual(['message']);
    },
  );

  it('sends the security headers on every API answer', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.headers['content-security-policy']).toBeDefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(
      response.headers['x-frame-options'] ?? response.headers['content-security-policy'],
    ).toBeDefined();
  });
});
