/**
 * A buyer's steps against one shop with the built-in stand-ins, as the web app takes them:
 * the anti-forgery pair, sign-in with the code the dev mailbox caught, a payment opened, paid
 * on the gateway sandbox's hosted page and confirmed (fulfilment runs inside the confirmation),
 * then the after-sale reads (invoice PDF, QR code). Shared by `bench:purchase` and
 * `bench:api -- --mixed`.
 */
import { accountApiPaths, orderApiPaths, profileApiPaths } from '@tern/contract';
import { payOnHostedPage } from './bench-stats';

export interface Client {
  base: string;
  /** Cookie and header of the anti-forgery check, as the web app sends them. */
  headers: Record<string, string>;
}

export interface Buyer {
  email: string;
  token: string;
}

export interface Purchase {
  reference: string;
  /** The confirmation call's answer (its Server-Timing says how long the server took). */
  confirmation: Response;
}

export async function browserSession(base: string): Promise<Client> {
  const response = await fetch(`${base}/api/health`);
  await response.arrayBuffer();
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

export async function firstPlan(base: string, iso: string): Promise<string> {
  const plans = (await (await fetch(`${base}/api/plan/country/${iso}`)).json()) as {
    pla_name: string;
  }[];
  const name = plans[0]?.pla_name;
  if (!name) throw new Error(`no plan in ${iso}`);
  return name;
}

export async function signIn(client: Client, label: string): Promise<Buyer> {
  const email = `bench.${Date.now().toString(36)}.${label}@example.com`;
  const form = { cli_email: email, cli_name: 'Bench Buyer', cli_mobile: '+961 71 123 456' };
  await post(client, accountApiPaths.signup.href(), form);
  const mails = (await (
    await fetch(`${client.base}/_sandbox/mailbox/messages?to=${encodeURIComponent(email)}`)
  ).json()) as { text: string }[];
  const code = mails[0]?.text.match(/\b\d{6}\b/)?.[0];
  const answer = await post(client, accountApiPaths.validateOtp.href(), {
    ...form,
    cli_number: code,
  });
  return { email, token: ((await answer.json()) as { token: string }).token };
}

/** Opens a payment, pays it on the hosted page and confirms it; throws unless fulfilled. */
export async function purchase(
  client: Client,
  buyer: Buyer,
  plan: string,
  onOpened: (opened: Response) => void = () => {},
): Promise<Purchase> {
  const opened = await post(
    client,
    orderApiPaths.createSession.href(),
    {
      pur_pla_name: plan,
      pur_client_name: 'Bench Buyer',
      pur_client_email: buyer.email,
      pur_type: 'Regular',
    },
    buyer.token,
  );
  onOpened(opened);
  const session = (await opened.json()) as {
    gateway_transaction: { sessionid: string };
    led_payment_gateway_ref: string;
  };
  const paid = await payOnHostedPage(
    client.base,
    session.gateway_transaction.sessionid,
    'Bench Buyer',
  );
  await paid.text();
  const indicator = new URL(paid.headers.get('location') ?? '').searchParams.get('resultIndicator');
  const reference = session.led_payment_gateway_ref;
  const confirmation = await fetch(
    `${client.base}${orderApiPaths.confirmation.href(reference)}?resultIndicator=${indicator}`,
    { headers: { authorization: `Bearer ${buyer.token}` } },
  );
  const answer = (await confirmation.clone().json()) as { status: string };
  if (answer.status !== 'fulfilled') throw new Error(`${reference}: ${answer.status}`);
  return { reference, confirmation };
}

/**
 * What a buyer opens after buying, as the profile does: the ledger, then the newest entry's
 * invoice PDF and its eSIM's QR code. Returns the bytes of the PDF and of the PNG.
 */
export async function afterSale(
  client: Client,
  buyer: Buyer,
): Promise<{ pdfBytes: number; qrBytes: number }> {
  const auth = { authorization: `Bearer ${buyer.token}` };
  const ledger = (await (
    await read(client, profileApiPaths.ledger.href(buyer.email, { limit: 1 }), auth)
  ).json()) as { data: { led_id: number; led_iccid: string }[] };
  const entry = ledger.data[0];
  if (!entry) throw new Error(`no ledger entry for ${buyer.email}`);
  const pdf = await read(client, profileApiPaths.invoicePdf.href(entry.led_id), auth);
  const qr = await read(client, profileApiPaths.esimQr.href(entry.led_iccid), auth);
  return {
    pdfBytes: (await pdf.arrayBuffer()).byteLength,
    qrBytes: (await qr.arrayBuffer()).byteLength,
  };
}

async function read(client: Client, path: string, headers: Record<string, string>) {
  const response = await fetch(`${client.base}${path}`, {
    headers: { cookie: client.headers.cookie ?? '', ...headers },
  });
  if (!response.ok) {
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  }
  return response;
}

async function post(client: Client, path: string, body: unknown, token?: string) {
  const response = await fetch(`${client.base}${path}`, {
    method: 'POST',
    headers: { ...client.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  }
  return response;
}
