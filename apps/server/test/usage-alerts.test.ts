/**
 * Usage alerts end to end: the eSIM Go simulator's usage control moves an eSIM's usage, the
 * simulator calls back (signed, through a relay that records each callback so it can be played
 * again), and the shop mails the buyer once at 80% used, once when the data is used up and once
 * before the bundle ends, whatever the number of callbacks, polls or instances. A forged
 * callback is refused and changes nothing; a lost one is made up for by the poll.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { alertApiPaths, type Plan, paths } from '@tern/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageAlerts } from '../src/db/schema';
import { syncAppCatalogue } from '../src/modules/catalog/sync-runner';
import { backdateEsim, getRateLimit, setRateLimit } from '../src/sandbox/esimgo/control-client';
import { ESIMGO_SANDBOX_CONTROL_PATH } from '../src/sandbox/esimgo/paths';
import { DEFAULT_CALLS_PER_SECOND } from '../src/sandbox/esimgo/rate-limit';
import { signCallbackBody } from '../src/sandbox/esimgo/usage-callbacks';
import { movableClock } from './helpers/movable-clock';
import { createTestApp, type TestApp } from './helpers/test-app';
import {
  type Buyer,
  buy,
  type MailboxMessage,
  mailTo,
  ORDERS_TEST_ENVIRONMENT,
  planIn,
  type SecondInstance,
  secondInstance,
  signIn,
} from './orders-kit';

/** A callback as the simulator sent it: the exact bytes and the signature header. */
interface RecordedCallback {
  body: string;
  signature: string;
  iccid: string;
}

/**
 * Stands between the simulator and the shop, as the internet does: records every callback and
 * passes it on, or (dropping) answers 502 without passing it on, a callback lost on the way.
 */
class CallbackRelay {
  readonly recorded: RecordedCallback[] = [];
  dropping = false;
  target = '';
  private readonly server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const callback = recordOf(body, request.headers);
      this.recorded.push(callback);
      if (this.dropping) {
        response.writeHead(502).end();
        return;
      }
      void send(this.target, callback).then(
        (status) => response.writeHead(status).end(),
        () => response.writeHead(502).end(),
      );
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/callback`;
  }

  of(iccid: string): RecordedCallback[] {
    return this.recorded.filter((callback) => callback.iccid === iccid);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function recordOf(body: string, headers: IncomingHttpHeaders): RecordedCallback {
  const signature = headers['x-signature-sha256'];
  return {
    body,
    signature: typeof signature === 'string' ? signature : '',
    iccid: (JSON.parse(body) as { iccid: string }).iccid,
  };
}

/** POSTs a callback to a shop, as eSIM Go does; the shop's answer status. */
async function send(
  callbackUrl: string,
  callback: Pick<RecordedCallback, 'body' | 'signature'>,
): Promise<number> {
  const response = await fetch(callbackUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature-sha256': callback.signature },
    body: callback.body,
  });
  await response.arrayBuffer();
  return response.status;
}

const ALERT_SUBJECTS = /80% of your|data is used up|ends within 24 hours/;

async function alertMails(shop: TestApp, buyer: Buyer): Promise<MailboxMessage[]> {
  return (await mailTo(shop.app, buyer.email)).filter((mail) => ALERT_SUBJECTS.test(mail.subject));
}

async function setUsage(shop: TestApp, iccid: string, usedPercent: number) {
  const response = await fetch(
    `${shop.url}${ESIMGO_SANDBOX_CONTROL_PATH}/esims/${encodeURIComponent(iccid)}/usage`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usedPercent }),
    },
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { bundleState: string; remainingQuantity: number };
}

async function alertRows(shop: TestApp, iccid: string): Promise<number> {
  const [row] = await shop.database.db
    .select({ n: count() })
    .from(usageAlerts)
    .where(eq(usageAlerts.iccid, iccid));
  return row?.n ?? 0;
}

/** Every subject the alert test saw, for the report at the end. */
const seenSubjects: string[] = [];

describe('usage alerts', () => {
  const relay = new CallbackRelay();
  const time = movableClock();
  let shop: TestApp;
  let callbackUrl: string;
  let plan: Plan;

  /** A new buyer's eSIM whose bundle is in use (it starts a minute after the order). */
  async function esimInUse(name: string, bought: Plan = plan) {
    const buyer = await signIn(shop, name);
    const { answer } = await buy(shop, buyer, bought);
    const iccid = answer.iccid ?? '';
    expect(iccid).toMatch(/^\d{18,22}$/);
    await backdateEsim(shop.url, iccid, 1);
    return { buyer, iccid };
  }

  beforeAll(async () => {
    const relayUrl = await relay.start();
    // The poll runs when a test says so; the simulator calls back through the relay.
    shop = await createTestApp(
      {
        ...ORDERS_TEST_ENVIRONMENT,
        ALERTS_POLL_ENABLED: 'false',
        ESIMGO_CALLBACK_URL: relayUrl,
      },
      { clock: time.clock },
    );
    await syncAppCatalogue(shop.app);
    callbackUrl = `${shop.url}${alertApiPaths.esimGoCallback.href()}`;
    relay.target = callbackUrl;
    plan = await planIn(shop, 'FR');
  });

  afterAll(async () => {
    await shop?.close();
    await relay.close();
    console.info(`Usage alert e-mails seen:\n${seenSubjects.map((s) => `- ${s}`).join('\n')}`);
  });

  it('mails once at 80% used, once when used up, whatever the replays', async () => {
    const { buyer, iccid } = await esimInUse('Maya Haddad');

    await setUsage(shop, iccid, 80);
    // The simulator called back at 1%, 50% and 80%; only 80% is worth an e-mail.
    expect(relay.of(iccid)).toHaveLength(3);
    let mails = await alertMails(shop, buyer);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^You have used 80% of your Tern data \(France eSIM · .+\)$/),
    ]);
    const [used80] = mails;
    // One tap to this eSIM's top-up plans, with no token in the link.
    const link = used80?.text.match(/Top up: (\S+)/)?.[1] ?? '';
    expect(link.startsWith(`${shop.config.publicUrl}/#${paths.planDetails}?`)).toBe(true);
    const query = new URLSearchParams(link.split('?')[1]);
    expect(query.get('purchase_type')).toBe('Topup');
    expect(query.get('iccid')).toBe(iccid);
    expect(link).not.toContain(buyer.token);
    expect(used80?.html).toContain('Top up this eSIM');

    const usedUp = await setUsage(shop, iccid, 100);
    expect(usedUp).toMatchObject({ bundleState: 'depleted', remainingQuantity: 0 });
    expect(relay.of(iccid)).toHaveLength(4);
    mails = await alertMails(shop, buyer);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      expect.stringMatching(/^You have used 80% of your Tern data/),
      expect.stringMatching(/^Your Tern data is used up \(France eSIM · .+\)$/),
    ]);

    // Each callback played again five times in a row, then five times at once.
    for (const callback of relay.of(iccid)) {
      for (let time = 0; time < 5; time += 1) expect(await send(callbackUrl, callback)).toBe(200);
    }
    const statuses = await Promise.all(
      relay
        .of(iccid)
        .flatMap((callback) => Array.from({ length: 5 }, () => send(callbackUrl, callback))),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
    // The poll reads the same usage: still nothing new.
    await shop.app.alerts.poll();
    mails = await alertMails(shop, buyer);
    expect(mails).toHaveLength(2);
    expect(await alertRows(shop, iccid)).toBe(2);
    seenSubjects.push(...mails.map((mail) => mail.subject));
  });

  it('refuses a forged callback with 401, and records and mails nothing', async () => {
    const { buyer, iccid } = await esimInUse('Karim Nassar');
    relay.dropping = true;
    await setUsage(shop, iccid, 100);
    relay.dropping = false;
    const genuine = relay.of(iccid).at(-1);
    if (!genuine) throw new Error('The simulator sent no callback');

    const forgedBody = genuine.body.replace(/"remainingQuantity":\d+/, '"remainingQuantity":0');
    const forgeries = [
      { body: genuine.body, signature: signCallbackBody(genuine.body, 'not-our-api-key') },
      { body: genuine.body, signature: '' },
      { body: `${genuine.body} `, signature: genuine.signature },
      { body: forgedBody.replace('"alertType"', '"alertType" '), signature: genuine.signature },
    ];
    for (const forged of forgeries) expect(await send(callbackUrl, forged)).toBe(401);
    const answer = await fetch(callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature-sha256': 'abc' },
      body: genuine.body,
    });
    expect(await answer.json()).toEqual({
      message: 'The callback signature is missing or does not match.',
    });
    expect(await alertRows(shop, iccid)).toBe(0);
    expect(await alertMails(shop, buyer)).toEqual([]);

    // The genuine one, hex-signed as the webhooks guide shows, is taken.
    const hex = Buffer.from(genuine.signature, 'base64').toString('hex');
    expect(await send(callbackUrl, { body: genuine.body, signature: hex })).toBe(200);
    expect((await alertMails(shop, buyer)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/data is used up/),
    ]);
  });

  it('answers 400 to a signed callback with an overlong field, and records nothing', async () => {
    const { buyer, iccid } = await esimInUse('Omar Haddad');
    const body = JSON.stringify({
      iccid,
      alertType: 'Utilisation',
      bundle: {
        id: '1',
        name: 'x'.repeat(300_000),
        initialQuantity: 1_000_000_000,
        remainingQuantity: 0,
        startTime: new Date().toISOString(),
        endTime: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    const signature = signCallbackBody(body, shop.config.esimGo.apiKey);
    expect(await send(callbackUrl, { body, signature })).toBe(400);
    expect(await alertRows(shop, iccid)).toBe(0);
    expect(await alertMails(shop, buyer)).toEqual([]);
  });

  it('never sends "80% used" after "used up", when the callbacks arrive out of order', async () => {
    const { buyer, iccid } = await esimInUse('Rami Saab');
    relay.dropping = true;
    await setUsage(shop, iccid, 80);
    await setUsage(shop, iccid, 100);
    relay.dropping = false;
    const [at80, usedUp] = relay.of(iccid).slice(-2);
    if (!at80 || !usedUp) throw new Error('The simulator sent no callbacks');

    expect(await send(callbackUrl, usedUp)).toBe(200);
    expect(await send(callbackUrl, at80)).toBe(200);
    expect((await alertMails(shop, buyer)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/data is used up/),
    ]);
  });

  it('makes up for a lost callback with the poll', async () => {
    const { buyer, iccid } = await esimInUse('Lina Khoury');
    relay.dropping = true;
    await setUsage(shop, iccid, 85);
    expect(relay.of(iccid).length).toBeGreaterThan(0);
    expect(await alertMails(shop, buyer)).toEqual([]);

    await shop.app.alerts.poll();
    relay.dropping = false;
    const mails = await alertMails(shop, buyer);
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/80% of your/)]);
    await shop.app.alerts.poll();
    expect(await alertMails(shop, buyer)).toHaveLength(1);
    seenSubjects.push(...mails.map((mail) => `${mail.subject} (found by the poll)`));
  });

  it('sends an e-mail that failed once the mail is back, a while later, and only once', async () => {
    const { buyer, iccid } = await esimInUse('Nour Saleh');
    // The mailbox (the dev mailer's table) refuses this buyer's mail: the send fails.
    const refuse = sql.raw(
      `alter table dev_mailbox_messages add constraint mail_down check ("to" <> '${buyer.email}') not valid`,
    );
    await shop.database.db.execute(refuse);
    try {
      await setUsage(shop, iccid, 85);
      await shop.app.alerts.poll();
      expect(await alertRows(shop, iccid)).toBe(1);
    } finally {
      await shop.database.db.execute(
        sql`alter table dev_mailbox_messages drop constraint mail_down`,
      );
    }
    expect(await alertMails(shop, buyer)).toEqual([]);

    // Back up, but the retry waits for its back-off on the shop's clock.
    await shop.app.alerts.poll();
    expect(await alertMails(shop, buyer)).toEqual([]);
    time.setAhead(61_000);
    try {
      await shop.app.alerts.poll();
      await shop.app.alerts.poll();
    } finally {
      time.setAhead(0);
    }
    const mails = await alertMails(shop, buyer);
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/80% of your/)]);
  });

  it('mails once, from the poll, when a bundle ends within 24 hours', async () => {
    // Unlimited: used evenly, it never runs dry before it ends, and has no data callbacks.
    const response = await shop.app.inject({ method: 'GET', url: '/api/plan/country/FR' });
    const [unlimited] = (response.json() as Plan[])
      .filter((offer) => offer.pla_unlimited && offer.pla_duration >= 2)
      .sort((a, b) => b.pla_duration - a.pla_duration);
    if (!unlimited) throw new Error('No unlimited plan of 2 days or more on sale in FR');
    const { buyer, iccid } = await esimInUse('Rami Saad', unlimited);

    await shop.app.alerts.poll();
    expect(await alertMails(shop, buyer)).toEqual([]);

    // As if bought long enough ago that it now ends in about 12 hours.
    await backdateEsim(shop.url, iccid, unlimited.pla_duration * 24 - 12);
    await shop.app.alerts.poll();
    await shop.app.alerts.poll();
    const mails = await alertMails(shop, buyer);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Your Tern plan ends within 24 hours \(France eSIM · .+\)$/),
    ]);
    seenSubjects.push(...mails.map((mail) => mail.subject));
  });

  it('writes the alert in the language of the buyer’s account', async () => {
    const { buyer, iccid } = await esimInUse('Sami Haddad');
    // Straight to the account: the buyer chose French at sign-in or in the profile.
    await shop.database.db.execute(
      sql`update clients set language = 'fr' where email = ${buyer.email}`,
    );
    await setUsage(shop, iccid, 80);
    const all = await mailTo(shop.app, buyer.email);
    const french = all.filter((mail) => mail.subject.includes('Vous avez utilisé 80'));
    expect(french).toHaveLength(1);
    expect(french[0]?.text).toContain('Recharger');
    seenSubjects.push(...french.map((mail) => mail.subject));

    // Used up: the plan in French words, and a labelled button instead of the raw address.
    await setUsage(shop, iccid, 100);
    const usedUp = (await mailTo(shop.app, buyer.email)).find((mail) =>
      mail.subject.startsWith('Vos données Tern sont épuisées'),
    );
    expect(usedUp?.subject).toMatch(/\(eSIM France · [\d,]+ [GM]o · \d+ jours?\)$/);
    expect(usedUp?.html).toMatch(/<a href="[^"]+"[^>]*>Recharger cette eSIM<\/a>/);
    const seen = (usedUp?.html ?? '').replace(/<title>.*?<\/title>/s, '').replace(/<[^>]+>/g, ' ');
    expect(seen).not.toMatch(/https?:\/\//);
    seenSubjects.push(usedUp?.subject ?? 'no used-up mail');
  });

  it('reads every eSIM at eSIM Go’s pace, never past its 10 calls a second', async () => {
    // More eSIMs than calls a second, read by several workers at once.
    for (let count = 0; count < 12; count += 1) await esimInUse(`Traveller ${count + 1}`);
    // The simulator counts from zero.
    await setRateLimit(shop.url, DEFAULT_CALLS_PER_SECOND);

    const report = await shop.app.alerts.poll();
    expect(report.esims).toBeGreaterThanOrEqual(12);
    expect(report.unread).toBe(0);
    expect((await getRateLimit(shop.url)).refused).toBe(0);
  });

  describe('on two instances of one database', () => {
    let second: SecondInstance;

    beforeAll(async () => {
      second = await secondInstance(shop);
    });

    afterAll(async () => {
      await second?.close();
    });

    it('mails once each when both receive the same callbacks at once', async () => {
      const { buyer, iccid } = await esimInUse('Nour Aziz');
      relay.dropping = true;
      await setUsage(shop, iccid, 80);
      await setUsage(shop, iccid, 100);
      relay.dropping = false;
      const callbacks = relay.of(iccid);
      expect(callbacks).toHaveLength(4);

      const secondUrl = `${new URL(callbackUrl).origin.replace(
        /:\d+$/,
        `:${(second.app.server.address() as AddressInfo).port}`,
      )}${alertApiPaths.esimGoCallback.href()}`;
      const statuses = await Promise.all(
        callbacks.flatMap((callback) =>
          Array.from({ length: 4 }, (_, index) =>
            send(index % 2 === 0 ? callbackUrl : secondUrl, callback),
          ),
        ),
      );
      expect(new Set(statuses)).toEqual(new Set([200]));
      await Promise.all([shop.app.alerts.poll(), second.app.alerts.poll()]);

      const mails = await alertMails(shop, buyer);
      expect(mails.map((mail) => mail.subject).sort()).toEqual([
        expect.stringMatching(/80% of your/),
        expect.stringMatching(/data is used up/),
      ]);
      expect(await alertRows(shop, iccid)).toBe(2);
      seenSubjects.push(...mails.map((mail) => `${mail.subject} (two instances)`));
    });
  });
});
