import { createHash, randomBytes } from 'node:crypto';
import { accountApiPaths, accountMessages, codeRefusals } from '@tern/contract';
import { eq } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyRequest,
  InjectOptions,
  LightMyRequestResponse,
} from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { clients, oneTimeCodes, sessions } from '../src/db/schema/index';
import { requireClient } from '../src/modules/auth/require-client';
import { createTestApp, type TestApp, testRedisUrl, withAntiForgery } from './helpers/test-app';

let shop: TestApp;

beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(async () => shop?.close());

const MOBILE = '+961 71 123 456';
let sequence = 0;

/** A fresh traveller per test, each from an address of its own so IP limits stay apart. */
function traveller(name = 'Maya Haddad') {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  return {
    email: `maya.${tag}@example.com`,
    name,
    ip: `10.${sequence % 250}.${Math.floor(sequence / 250)}.${(Date.now() % 250) + 1}`,
  };
}
type Traveller = ReturnType<typeof traveller>;

const post = (url: string, payload: object, options: Partial<InjectOptions> = {}) =>
  shop.request({ method: 'POST', url, payload, ...options });

const signup = (who: Traveller, base = '/api/client') =>
  post(
    `${base}/signup`,
    { cli_email: who.email, cli_name: who.name, cli_mobile: MOBILE },
    { remoteAddress: who.ip },
  );

const validateOtp = (who: Traveller, code: string, base = '/api/client') =>
  post(
    `${base}/validateotp`,
    { cli_email: who.email, cli_name: who.name, cli_mobile: MOBILE, cli_number: code },
    { remoteAddress: who.ip },
  );

const validateToken = (token: string, email: string, base = '/api/client') =>
  post(`${base}/validatetoken`, { cli_token: token, cli_email: email, cli_name: 'anything' });

/** The newest code mailed to an address, read from the dev mailbox as a person would. */
async function latestCode(email: string, app: FastifyInstance = shop.app): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: `/_sandbox/mailbox/messages?to=${encodeURIComponent(email)}`,
  });
  const [newest] = response.json() as { text: string }[];
  const code = newest?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`No code was mailed to ${email}`);
  return code;
}

async function signIn(who: Traveller): Promise<string> {
  await signup(who);
  const response = await validateOtp(who, await latestCode(who.email));
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}

function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

describe('signing up', () => {
  it('tells a new e-mail address that a code was sent, and sends it', async () => {
    const who = traveller();
    const response = await signup(who);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Email sent to validate OTP' });
    expect(await latestCode(who.email)).toMatch(/^\d{6}$/);
  });

  it('says "Verify User" to an address that signed up but never entered a code', async () => {
    const who = traveller();
    await signup(who);
    const again = await signup(who);
    expect(again.json()).toEqual({ message: 'Verify User' });
  });

  it('says "User already registered." to a verified address, and still sends a code', async () => {
    const who = traveller();
    await signIn(who);
    const again = await signup(who);
    expect(again.json()).toEqual({ message: 'User already registered.' });
    const mailbox = await shop.app.inject({
      method: 'GET',
      url: `/_sandbox/mailbox/messages?to=${encodeURIComponent(who.email)}`,
    });
    expect(mailbox.json()).toHaveLength(2);
  });

  it('treats the e-mail address without regard to capitals', async () => {
    const who = traveller();
    await signup(who);
    const shouting = await signup({ ...who, email: who.email.toUpperCase() });
    expect(shouting.json()).toEqual({ message: 'Verify User' });
  });

  it('refuses a form that breaks the rules, with the spec messages per field', async () => {
    const response = await post('/api/client/signup', {
      cli_email: 'not-an-email',
      cli_name: 'Al',
      cli_mobile: '12',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'body.cli_email', message: 'Please enter a valid email' },
        { path: 'body.cli_name', message: 'Please enter a valid name' },
        { path: 'body.cli_mobile', message: 'Please enter a mobile number' },
      ]),
    );
  });

  it('refuses unknown fields', async () => {
    const who = traveller();
    const response = await post('/api/client/signup', {
      cli_email: who.email,
      cli_name: who.name,
      cli_mobile: MOBILE,
      cli_admin: true,
    });
    expect(response.statusCode).toBe(400);
  });

  it('still needs the anti-forgery header', async () => {
    const who = traveller();
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/client/signup',
      payload: { cli_email: who.email, cli_name: who.name, cli_mobile: MOBILE },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('validating a code', () => {
  it('signs in with the right code: a token and the client details', async () => {
    const who = traveller();
    await signup(who);
    const response = await validateOtp(who, await latestCode(who.email));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data).toEqual({
      cli_email: who.email,
      cli_name: who.name,
      cli_mobile: '+96171123456',
      cli_language: 'en',
    });
    expect(typeof body.message).toBe('string');
  });

  it('refuses a wrong code with 400 and says so', async () => {
    const who = traveller();
    await signup(who);
    const response = await validateOtp(who, otherCode(await latestCode(who.email)));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(codeRefusals.wrong);
  });

  it('refuses a sixth try, and then the right code too', async () => {
    const who = traveller();
    await signup(who);
    const code = await latestCode(who.email);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await validateOtp(who, otherCode(code))).statusCode).toBe(400);
    }
    const sixth = await validateOtp(who, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message).toBe(codeRefusals.tooManyTries);
  });

  it('accepts the right code on the fifth try', async () => {
    const who = traveller();
    await signup(who);
    const code = await latestCode(who.email);
    for (let attempt = 1; attempt <= 4; attempt += 1) await validateOtp(who, otherCode(code));
    expect((await validateOtp(who, code)).statusCode).toBe(200);
  });

  it('refuses a code that was already used', async () => {
    const who = traveller();
    await signup(who);
    const code = await latestCode(who.email);
    expect((await validateOtp(who, code)).statusCode).toBe(200);
    const again = await validateOtp(who, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(codeRefusals.invalid);
  });

  it('refuses an older code once a newer one was sent', async () => {
    const who = traveller();
    await signup(who);
    const older = await latestCode(who.email);
    await signup(who);
    const newer = await latestCode(who.email);
    if (older !== newer) expect((await validateOtp(who, older)).statusCode).toBe(400);
    expect((await validateOtp(who, newer)).statusCode).toBe(200);
  });

  it('refuses a code for an address that never signed up', async () => {
    const response = await validateOtp(traveller(), '123456');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(codeRefusals.invalid);
  });

  it('wants exactly six digits', async () => {
    const response = await validateOtp(traveller(), '12345');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'body.cli_number', message: 'Please enter the 6-digit code' },
    ]);
  });

  it('gives an address proven for the first time the name and mobile sent with its code', async () => {
    const who = traveller('Maya H.');
    await signup(who);
    const code = await latestCode(who.email);
    const response = await post(
      '/api/client/validateotp',
      {
        cli_email: who.email,
        cli_name: 'Maya Haddad',
        cli_mobile: '+33 6 12 34 56 78',
        cli_number: code,
      },
      { remoteAddress: who.ip },
    );
    expect(response.json().data).toEqual({
      cli_email: who.email,
      cli_name: 'Maya Haddad',
      cli_mobile: '+33612345678',
      cli_language: 'en',
    });
  });
});

describe('signing in to a known account', () => {
  it('signs a proven account in as it is, whatever name and mobile come with the code', async () => {
    const who = traveller('Maya Haddad');
    await signIn(who);
    const stranger = { ...who, name: 'Jane Roe' };
    await signup(stranger);
    const response = await post(
      '/api/client/validateotp',
      {
        cli_email: who.email,
        cli_name: 'Jane Roe',
        cli_mobile: '+33 6 12 34 56 78',
        cli_number: await latestCode(who.email),
      },
      { remoteAddress: who.ip },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      cli_email: who.email,
      cli_name: 'Maya Haddad',
      cli_mobile: '+96171123456',
      cli_language: 'en',
    });
    const [stored] = await shop.database.db
      .select({ name: clients.name, mobile: clients.mobile })
      .from(clients)
      .where(eq(clients.email, who.email));
    expect(stored).toEqual({ name: 'Maya Haddad', mobile: '+96171123456' });
  });

  it('keeps the details of a proven account when the address is typed in capitals', async () => {
    const who = traveller('Maya Haddad');
    await signIn(who);
    const shouting = { ...who, email: who.email.toUpperCase(), name: 'MAYA' };
    await signup(shouting);
    const response = await validateOtp(shouting, await latestCode(who.email));
    expect(response.json().data.cli_name).toBe('Maya Haddad');
  });
});

const putDetails = (
  details: Record<string, unknown>,
  options: { token?: string; ip?: string } = {},
) =>
  shop.request({
    method: 'PUT',
    url: accountApiPaths.details.href(),
    payload: details,
    remoteAddress: options.ip ?? '10.200.0.1',
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });

describe("changing one's own name and mobile", () => {
  it("changes the bearer's account, keeps the mobile in the international form, and later sign-ins see it", async () => {
    const who = traveller('Maya Haddad');
    const token = await signIn(who);
    const response = await putDetails(
      { cli_name: 'Jane Roe', cli_mobile: '+33 6 12 34 56 78' },
      { token, ip: who.ip },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      cli_email: who.email,
      cli_name: 'Jane Roe',
      cli_mobile: '+33612345678',
      cli_language: 'en',
    });
    expect((await validateToken(token, who.email)).json()).toEqual({
      cli_email: who.email,
      cli_name: 'Jane Roe',
    });
    await signup(who);
    const again = await validateOtp(who, await latestCode(who.email));
    expect(again.json().data).toMatchObject({ cli_name: 'Jane Roe', cli_mobile: '+33612345678' });
  });

  it("changes only the caller's own account", async () => {
    const maya = traveller('Maya Haddad');
    const rana = traveller('Rana Khoury');
    const token = await signIn(maya);
    const ranaToken = await signIn(rana);
    await putDetails({ cli_name: 'Jane Roe', cli_mobile: MOBILE }, { token, ip: maya.ip });
    expect((await validateToken(ranaToken, rana.email)).json().cli_name).toBe('Rana Khoury');
  });

  it('refuses a broken name or mobile with the sign-up messages, and changes nothing', async () => {
    const who = traveller('Maya Haddad');
    const token = await signIn(who);
    const response = await putDetails({ cli_name: 'Al', cli_mobile: '12' }, { token, ip: who.ip });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'body.cli_name', message: accountMessages.invalidName },
        { path: 'body.cli_mobile', message: accountMessages.invalidMobile },
      ]),
    );
    expect((await validateToken(token, who.email)).json().cli_name).toBe('Maya Haddad');
  });

  it('refuses to change the e-mail address, or any field but the name and mobile', async () => {
    const who = traveller('Maya Haddad');
    const token = await signIn(who);
    const response = await putDetails(
      { cli_name: 'Jane Roe', cli_mobile: MOBILE, cli_email: 'jane@example.com' },
      { token, ip: who.ip },
    );
    expect(response.statusCode).toBe(400);
    expect((await validateToken(token, who.email)).json()).toEqual({
      cli_email: who.email,
      cli_name: 'Maya Haddad',
    });
  });

  it('wants a live bearer token, with the spec message', async () => {
    const who = traveller();
    const token = await signIn(who);
    const details = { cli_name: 'Jane Roe', cli_mobile: MOBILE };
    const anonymous = await putDetails(details, { ip: who.ip });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(accountMessages.tokenRequired);
    await post('/api/client/logout', {}, { headers: { authorization: `Bearer ${token}` } });
    expect((await putDetails(details, { token, ip: who.ip })).statusCode).toBe(401);
  });

  it('still needs the anti-forgery header', async () => {
    const token = await signIn(traveller());
    const response = await shop.app.inject({
      method: 'PUT',
      url: accountApiPaths.details.href(),
      payload: { cli_name: 'Jane Roe', cli_mobile: MOBILE },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a 21st change from one IP within the hour, with Retry-After', async () => {
    const who = traveller();
    const token = await signIn(who);
    const ip = '198.51.100.21';
    for (let change = 1; change <= 20; change += 1) {
      const response = await putDetails(
        { cli_name: `Maya ${change}`, cli_mobile: MOBILE },
        { token, ip },
      );
      expect(response.statusCode).toBe(200);
    }
    const refused = await putDetails({ cli_name: 'Maya 21', cli_mobile: MOBILE }, { token, ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await validateToken(token, who.email)).json().cli_name).toBe('Maya 20');
  });
});

describe('tokens', () => {
  it('names the client of a valid token', async () => {
    const who = traveller();
    const token = await signIn(who);
    const response = await validateToken(token, who.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ cli_email: who.email, cli_name: who.name });
  });

  it('answers 401 to an unknown token', async () => {
    const response = await validateToken(randomBytes(32).toString('base64url'), 'x@example.com');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Authentication token is required.' });
  });

  it('answers 401 to an empty token, with the spec message', async () => {
    const response = await validateToken('', 'x@example.com');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(accountMessages.tokenRequired);
  });

  it("answers 401 when the token is sent with another account's e-mail", async () => {
    const who = traveller();
    const token = await signIn(who);
    expect((await validateToken(token, 'someone.else@example.com')).statusCode).toBe(401);
  });

  it('gives a new token at each sign-in, and both stay valid', async () => {
    const who = traveller();
    const first = await signIn(who);
    const second = await signIn(who);
    expect(second).not.toBe(first);
    expect((await validateToken(first, who.email)).statusCode).toBe(200);
    expect((await validateToken(second, who.email)).statusCode).toBe(200);
  });

  it('revokes the token at logout', async () => {
    const who = traveller();
    const token = await signIn(who);
    const logout = await post(
      '/api/client/logout',
      {},
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(logout.statusCode).toBe(200);
    expect((await validateToken(token, who.email)).statusCode).toBe(401);
    const again = await post(
      '/api/client/logout',
      {},
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(again.statusCode).toBe(401);
  });

  it('wants a bearer token to log out', async () => {
    const response = await post('/api/client/logout', {});
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Authentication token is required.');
  });
});

describe('requireClient, for routes that act for a client', () => {
  const requestWith = (authorization?: string) =>
    ({ headers: authorization ? { authorization } : {}, server: shop.app }) as FastifyRequest;

  it('gives the client of a bearer token', async () => {
    const who = traveller();
    const token = await signIn(who);
    const client = await requireClient(requestWith(`Bearer ${token}`));
    expect(client).toMatchObject({ email: who.email, name: who.name, mobile: '+96171123456' });
    expect(client.id).toBeGreaterThan(0);
  });

  it.each([undefined, 'Bearer', 'Basic abc', `Bearer ${'x'.repeat(43)}`])(
    'refuses %j with 401 and the spec message',
    async (authorization) => {
      await expect(requireClient(requestWith(authorization))).rejects.toMatchObject({
        statusCode: 401,
        message: 'Authentication token is required.',
      });
    },
  );

  it('refuses a token revoked at logout', async () => {
    const token = await signIn(traveller());
    await post('/api/client/logout', {}, { headers: { authorization: `Bearer ${token}` } });
    await expect(requireClient(requestWith(`Bearer ${token}`))).rejects.toMatchObject({
      statusCode: 401,
    });
  });
});

describe('the legacy /api/user paths', () => {
  it('sign up, validate a code and validate a token the same way', async () => {
    const who = traveller();
    const signupResponse = await signup(who, '/api/user');
    expect(signupResponse.json()).toEqual({ message: 'Email sent to validate OTP' });
    const otp = await validateOtp(who, await latestCode(who.email), '/api/user');
    expect(otp.statusCode).toBe(200);
    const token = otp.json().token as string;
    const check = await validateToken(token, who.email, '/api/user');
    expect(check.json()).toEqual({ cli_email: who.email, cli_name: who.name });
  });
});

describe('storage', () => {
  it('keeps codes and tokens only as hashes', async () => {
    const who = traveller();
    await signup(who);
    const code = await latestCode(who.email);
    const token = (await validateOtp(who, code)).json().token as string;
    const db = shop.database.db;
    const [client] = await db.select().from(clients).where(eq(clients.email, who.email));
    if (!client) throw new Error('the client was not stored');
    const codes = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.clientId, client.id));
    expect(codes).toHaveLength(1);
    for (const row of codes) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(`${row.codeHash}${row.codeSalt}`).not.toContain(code);
    }
    const tokens = await db.select().from(sessions).where(eq(sessions.clientId, client.id));
    expect(tokens.map((row) => row.tokenHash)).toEqual([
      createHash('sha256').update(token).digest('hex'),
    ]);
    expect(JSON.stringify(tokens)).not.toContain(token);
  });
});

describe('send limits', () => {
  it('refuses a sixth code for one address within the hour, with Retry-After', async () => {
    const who = traveller();
    for (let sent = 1; sent <= 5; sent += 1) {
      // From different addresses: the limit follows the e-mail, not the caller.
      const response = await signup({ ...who, ip: `192.0.2.${sent}` });
      expect(response.statusCode).toBe(200);
    }
    const sixth = await signup({ ...who, ip: '192.0.2.99' });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sixth.json().message).toMatch(/Too many requests/);
  });

  it('refuses a 21st code from one IP within the hour', async () => {
    const ip = '198.51.100.7';
    for (let sent = 1; sent <= 20; sent += 1) {
      expect((await signup({ ...traveller(), ip })).statusCode).toBe(200);
    }
    expect((await signup({ ...traveller(), ip })).statusCode).toBe(429);
  });
});

describe('with the clock moved on', () => {
  let later: FastifyInstance;
  let offsetMs = 0;
  let laterRequest: (options: InjectOptions) => Promise<LightMyRequestResponse>;

  beforeAll(async () => {
    // A second instance of the shop on the same database, whose clock the test controls.
    later = await buildApp(shop.config, {
      database: shop.database,
      logger: false,
      clock: () => new Date(Date.now() + offsetMs),
    });
    laterRequest = await withAntiForgery(later);
  });
  afterAll(async () => later?.close());

  it('refuses a code after its 10 minutes', async () => {
    const who = traveller();
    await signup(who);
    const code = await latestCode(who.email);
    offsetMs = 10 * 60_000 + 1_000;
    const response = await laterRequest({
      method: 'POST',
      url: '/api/client/validateotp',
      payload: { cli_email: who.email, cli_name: who.name, cli_mobile: MOBILE, cli_number: code },
      remoteAddress: who.ip,
    });
    offsetMs = 0;
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(codeRefusals.expired);
  });

  it('accepts a code just inside its 10 minutes', async () => {
    const who = traveller();
    await signup(who);
    const code = await latestCode(who.email);
    offsetMs = 9 * 60_000;
    const response = await laterRequest({
      method: 'POST',
      url: '/api/client/validateotp',
      payload: { cli_email: who.email, cli_name: who.name, cli_mobile: MOBILE, cli_number: code },
      remoteAddress: who.ip,
    });
    offsetMs = 0;
    expect(response.statusCode).toBe(200);
  });

  it('ends a session after 30 days', async () => {
    const who = traveller();
    const token = await signIn(who);
    const payload = { cli_token: token, cli_email: who.email, cli_name: who.name };
    const url = '/api/client/validatetoken';
    offsetMs = 29 * 24 * 3_600_000;
    expect((await laterRequest({ method: 'POST', url, payload })).statusCode).toBe(200);
    offsetMs = 30 * 24 * 3_600_000 + 1_000;
    const expired = await laterRequest({ method: 'POST', url, payload });
    offsetMs = 0;
    expect(expired.statusCode).toBe(401);
  });
});

describe('send limits shared through Redis', () => {
  const instances: FastifyInstance[] = [];
  const prefix = `tern-test:${randomBytes(6).toString('hex')}:`;

  beforeAll(async () => {
    const config = { ...shop.config, redisUrl: testRedisUrl };
    for (let n = 0; n < 2; n += 1) {
      instances.push(
        await buildApp(config, {
          database: shop.database,
          logger: false,
          rateLimitKeyPrefix: prefix,
        }),
      );
    }
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    const redis = new Redis(testRedisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts codes for one address across two instances', async () => {
    const who = traveller();
    const [a, b] = await Promise.all(instances.map(withAntiForgery));
    if (!a || !b) throw new Error('two instances are needed');
    const send = (request: typeof a, ip: string) =>
      request({
        method: 'POST',
        url: '/api/client/signup',
        payload: { cli_email: who.email, cli_name: who.name, cli_mobile: MOBILE },
        remoteAddress: ip,
      });
    const statuses: number[] = [];
    for (let sent = 1; sent <= 5; sent += 1) {
      statuses.push((await send(sent % 2 ? a : b, `203.0.113.${sent}`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const [fromA, fromB] = await Promise.all([send(a, '203.0.113.50'), send(b, '203.0.113.51')]);
    expect([fromA.statusCode, fromB.statusCode]).toEqual([429, 429]);
    // The in-memory limiter of the test's own app never saw those sends.
    expect((await signup({ ...who, ip: '203.0.113.60' })).statusCode).toBe(200);
  });
});
