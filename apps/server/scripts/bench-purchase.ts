/**
 * `npm run bench:purchase`: 20 purchases through the real HTTP path on a fresh in-memory
 * PGlite with the built-in sandboxes: sign in, open a payment, pay on the hosted page,
 * confirm. Prints the median server time of create-session and of the confirmation call (from
 * the Server-Timing header the orders routes send), and of fulfilment itself (paid to
 * fulfilled, from the order's own timestamps; it runs inside the confirmation call).
 */
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { orders } from '../src/db/schema';
import { syncAppCatalogue } from '../src/modules/catalog/sync-runner';
import { machineLoad, median } from './bench-stats';

const PURCHASES = 20;
// Sign-in codes are limited per address and per caller; a few buyers make 20 purchases.
const BUYERS = 4;

interface Timings {
  createSession: number[];
  confirmation: number[];
  fulfilment: number[];
}

async function main(): Promise<void> {
  const config = { ...loadConfig({ LOG_LEVEL: 'warn' }), webDistDir: undefined };
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  const app = await buildApp(config, { database, logger: false, orderWorker: false });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const report = await syncAppCatalogue(app);
    const client = await browserSession(base);
    const plan = await firstPlan(base, 'FR');
    const buyers = [];
    for (let index = 0; index < BUYERS; index += 1) buyers.push(await signIn(client, index));
    const timings: Timings = { createSession: [], confirmation: [], fulfilment: [] };
    for (let index = 0; index < PURCHASES; index += 1) {
      const buyer = buyers[index % BUYERS];
      if (!buyer) throw new Error('no buyer');
      await purchase(client, buyer, plan, timings, async (reference) => {
        const [row] = await database.db
          .select({ paidAt: orders.paidAt, fulfilledAt: orders.fulfilledAt })
          .from(orders)
          .where(eq(orders.gatewayOrderId, reference));
        if (!row?.paidAt || !row.fulfilledAt) throw new Error(`${reference} was not fulfilled`);
        return row.fulfilledAt.getTime() - row.paidAt.getTime();
      });
    }
    console.log(`${PURCHASES} purchases of ${plan} on PGlite (catalogue: ${report.plans} plans)`);
    console.log(`create-session  median ${median(timings.createSession).toFixed(1)} ms (server)`);
    console.log(
      `confirmation    median ${median(timings.confirmation).toFixed(1)} ms (server, incl. fulfilment)`,
    );
    console.log(
      `fulfilment      median ${median(timings.fulfilment).toFixed(1)} ms (paid -> fulfilled)`,
    );
    console.log(machineLoad());
  } finally {
    await app.close();
    await database.close();
  }
}

interface Client {
  base: string;
  /** Cookie and header of the anti-forgery check, as the web app sends them. */
  headers: Record<string, string>;
}

async function browserSession(base: string): Promise<Client> {
  const response = await fetch(`${base}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!xsrf) throw new Error('no anti-forgery cookie');
  return {
    base,
    headers: {
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
      'content-type': 'application/json',
    },
  };
}

async function firstPlan(base: string, iso: string): Promise<string> {
  const plans = (await (await fetch(`${base}/api/plan/country/${iso}`)).json()) as {
    pla_name: string;
  }[];
  const name = plans[0]?.pla_name;
  if (!name) throw new Error(`no plan in ${iso}`);
  return name;
}

interface Buyer {
  email: string;
  token: string;
}

async function signIn(client: Client, index: number): Promise<Buyer> {
  const email = `bench.${Date.now().toString(36)}.${index}@example.com`;
  const form = { cli_email: email, cli_name: 'Bench Buyer', cli_mobile: '+961 71 123 456' };
  await post(client, '/api/client/signup', form);
  const mails = (await (
    await fetch(`${client.base}/_sandbox/mailbox/messages?to=${encodeURIComponent(email)}`)
  ).json()) as { text: string }[];
  const code = mails[0]?.text.match(/\b\d{6}\b/)?.[0];
  const answer = await post(client, '/api/client/validateotp', { ...form, cli_number: code });
  return { email, token: ((await answer.json()) as { token: string }).token };
}

async function purchase(
  client: Client,
  buyer: Buyer,
  plan: string,
  timings: Timings,
  fulfilmentMs: (reference: string) => Promise<number>,
): Promise<void> {
  const opened = await post(
    client,
    '/api/payment/create-session',
    {
      pur_pla_name: plan,
      pur_client_name: 'Bench Buyer',
      pur_client_email: buyer.email,
      pur_type: 'Regular',
    },
    buyer.token,
  );
  timings.createSession.push(serverMs(opened));
  const session = (await opened.json()) as {
    gateway_transaction: { sessionid: string };
    led_payment_gateway_ref: string;
  };
  const paid = await fetch(
    `${client.base}/_sandbox/gateway/pay/${session.gateway_transaction.sessionid}`,
    {
      method: 'POST',
      body: new URLSearchParams({
        action: 'pay',
        cardNumber: '5123450000000008',
        expiry: '12/49',
        cvc: '123',
        nameOnCard: 'Bench Buyer',
      }),
      redirect: 'manual',
    },
  );
  await paid.text();
  const indicator = new URL(paid.headers.get('location') ?? '').searchParams.get('resultIndicator');
  const reference = session.led_payment_gateway_ref;
  const confirmation = await fetch(
    `${client.base}/payment/webhook_netcommerce/${reference}?resultIndicator=${indicator}`,
    { headers: { authorization: `Bearer ${buyer.token}` } },
  );
  const answer = (await confirmation.json()) as { status: string };
  if (answer.status !== 'fulfilled') throw new Error(`${reference}: ${answer.status}`);
  timings.confirmation.push(serverMs(confirmation));
  timings.fulfilment.push(await fulfilmentMs(reference));
}

async function post(client: Client, path: string, body: unknown, token?: string) {
  const response = await fetch(`${client.base}${path}`, {
    method: 'POST',
    headers: { ...client.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

function serverMs(response: Response): number {
  const duration = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
  if (duration === undefined) throw new Error('no Server-Timing header');
  return Number(duration);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
