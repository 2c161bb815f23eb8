/**
 * Gifts (issue 31): a plan bought for someone else's e-mail. The eSIM lands in the recipient's
 * account (found by e-mail, or made for them) and they see it when they sign in with the e-mailed
 * code; their install e-mail names the sender and carries the message, escaped, in their
 * language; the buyer keeps the ledger entry, the invoice and the refund, and sees the gift
 * "sent" then "installed". Refused before anything is opened at the gateway: a gift to oneself,
 * a top-up as a gift. Exactly once: a retried or doubled fulfilment makes one account, one eSIM.
 */
import {
  type GiftsSent,
  giftApiPaths,
  giftMessages,
  type Language,
  type LedgerPage,
  type MyEsimList,
  type Plan,
  profileApiPaths,
  refundApiPaths,
} from '@tern/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clients, esims, gatewaySandboxSessions, gifts, ledgerEntries } from '../src/db/schema';
import { errorTexts } from '../src/error-texts';
import { resetSimulator, setProfileStatus } from '../src/sandbox/esimgo/control-client';
import { resetGatewaySandbox } from '../src/sandbox/gateway/control-client';
import { invariantViolations } from './helpers/invariants';
import type { TestApp } from './helpers/test-app';
import {
  type Buyer,
  bearer,
  buy,
  confirmed,
  createOrdersTestApp,
  ledgerCount,
  mailTo,
  openedPayment,
  openPayment,
  orderRow,
  payOnHostedPage,
  planIn,
  type SecondInstance,
  secondInstance,
  signIn,
} from './orders-kit';

let shop: TestApp;
let plan: Plan;
let other: SecondInstance;

beforeAll(async () => {
  shop = await createOrdersTestApp();
  plan = await planIn(shop, 'FR');
  other = await secondInstance(shop);
});
afterAll(async () => {
  await other?.close();
  await shop?.close();
});
afterEach(async () => {
  await resetSimulator(shop.url);
  await resetGatewaySandbox(shop.url);
  expect(await invariantViolations(db())).toEqual([]);
});

const db = () => shop.database.db;
let sequence = 0;

function newAddress(kind: string): string {
  sequence += 1;
  return `${kind}.${Date.now().toString(36)}${sequence}@example.com`;
}

/** Signs in with this address through the dev mailbox, as the sign-in page does. */
async function signInAs(email: string, name: string, language?: Language): Promise<Buyer> {
  const form = {
    cli_email: email,
    cli_name: name,
    cli_mobile: '+961 71 123 456',
    ...(language ? { cli_language: language } : {}),
  };
  const remoteAddress = `10.31.${sequence % 250}.${(Date.now() % 250) + 1}`;
  const sent = await shop.request({
    method: 'POST',
    url: '/api/client/signup',
    payload: form,
    remoteAddress,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const codes = (await mailTo(shop.app, email)).filter((mail) => /\b\d{6}\b/.test(mail.text));
  const code = codes[0]?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`No sign-in code was mailed to ${email}`);
  const response = await shop.request({
    method: 'POST',
    url: '/api/client/validateotp',
    payload: { ...form, cli_number: code },
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { email, name, token: response.json().token as string };
}

async function accountsOf(email: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(clients)
    .where(sql`lower(${clients.email}) = ${email.toLowerCase()}`);
  return row?.n ?? 0;
}

async function esimsOf(client: Buyer): Promise<MyEsimList> {
  const response = await shop.app.inject({
    method: 'GET',
    url: profileApiPaths.myEsims.href(),
    headers: bearer(client),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MyEsimList;
}

async function ledgerOf(client: Buyer): Promise<LedgerPage> {
  const response = await shop.app.inject({
    method: 'GET',
    url: profileApiPaths.ledger.href(client.email),
    headers: bearer(client),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LedgerPage;
}

async function giftsSentBy(client: Buyer): Promise<GiftsSent> {
  const response = await shop.app.inject({
    method: 'GET',
    url: giftApiPaths.giftsSent.href(),
    headers: bearer(client),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as GiftsSent;
}

async function gatewaySessions(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(gatewaySandboxSessions);
  return row?.n ?? 0;
}

/** A delivered gift from a new buyer to `recipient`. */
async function gift(recipient: string, message = 'Bon voyage!', buyerName = 'Maya Haddad') {
  const buyer = await signIn(shop, buyerName);
  const { answer, reference } = await buy(shop, buyer, plan, {
    pur_gift_email: recipient,
    pur_gift_message: message,
  });
  expect(answer.status).toBe('fulfilled');
  if (!answer.iccid) throw new Error('No eSIM was delivered');
  return { buyer, reference, iccid: answer.iccid };
}

describe('a gift to a new address', () => {
  it('makes the account, and the recipient who signs in with the code sees the eSIM', async () => {
    const recipient = newAddress('Friend');
    const { buyer, iccid, reference } = await gift(recipient);

    // One account for the address (lower-cased, as sign-up keeps it), not yet proven.
    expect(await accountsOf(recipient)).toBe(1);
    const [row] = await db()
      .select({ verifiedAt: clients.verifiedAt })
      .from(clients)
      .where(eq(clients.email, recipient.toLowerCase()));
    expect(row?.verifiedAt).toBeNull();

    // The eSIM is the recipient's; the buyer has the ledger entry and no eSIM.
    const friend = await signInAs(recipient, 'Sami Karam');
    const theirs = await esimsOf(friend);
    expect(theirs.data.map((esim) => esim.iccid)).toEqual([iccid]);
    expect(theirs.data[0]?.giftFrom).toBe('Maya Haddad');
    expect((await esimsOf(buyer)).data).toEqual([]);

    const buyerLedger = await ledgerOf(buyer);
    expect(buyerLedger.data.map((entry) => entry.led_payment_gateway_ref)).toEqual([reference]);
    expect((await ledgerOf(friend)).data).toEqual([]);
    const [entry] = await db()
      .select({ clientId: ledgerEntries.clientId })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentGatewayRef, reference));
    expect(entry?.clientId).toBe((await orderRow(db(), reference)).clientId);

    // The invoice is the buyer's to download, not the recipient's.
    const ledgerId = buyerLedger.data[0]?.led_id ?? 0;
    const invoice = (who: Buyer) =>
      shop.app.inject({
        method: 'GET',
        url: profileApiPaths.invoicePdf.href(ledgerId),
        headers: bearer(who),
      });
    expect((await invoice(buyer)).statusCode).toBe(200);
    expect((await invoice(friend)).statusCode).toBe(404);

    // The recipient may read the eSIM's install details: it is theirs.
    const details = await shop.app.inject({
      method: 'GET',
      url: profileApiPaths.esimDetails.href(iccid),
      headers: bearer(friend),
    });
    expect(details.statusCode, details.body).toBe(200);
  });
});

describe('the e-mails of a gift', () => {
  it('tell the recipient who sent it, with the message escaped, in their account’s language', async () => {
    const recipient = newAddress('ami');
    await signInAs(recipient, 'Camille Martin', 'fr');
    const message = 'Have fun <b>in</b> Paris & "call" me';
    const { buyer } = await gift(recipient, message, 'Maya Haddad');

    const installMail = (await mailTo(shop.app, recipient)).find((mail) =>
      mail.subject.includes('Maya Haddad'),
    );
    expect(installMail, 'the recipient got the install e-mail').toBeDefined();
    if (!installMail) return;
    expect(installMail.subject).toContain('vous offre une eSIM');
    expect(installMail.html).toContain('lang="fr"');
    expect(installMail.text).toContain(message);
    expect(installMail.html).toContain(
      'Have fun &lt;b&gt;in&lt;/b&gt; Paris &amp; &quot;call&quot; me',
    );
    expect(installMail.html).not.toContain('<b>in</b>');
    // The install details follow: the QR code and the activation string.
    expect(installMail.html).toMatch(/<img [^>]*alt="Code QR de l’eSIM/);
    expect(installMail.text).toContain('LPA:1$');

    // The buyer's confirmation says where the gift went; no install e-mail to the buyer.
    const buyerMails = await mailTo(shop.app, buyer.email);
    const sent = buyerMails.find((mail) => /gift was sent/.test(mail.subject));
    expect(sent?.text).toContain(recipient.toLowerCase());
    expect(buyerMails.some((mail) => /eSIM is ready/.test(mail.subject))).toBe(false);
  });

  it('are in the buyer’s language for a new address', async () => {
    const recipient = newAddress('sadiq');
    const buyer = await signInAs(newAddress('buyer'), 'Rana Haddad', 'ar');
    await buy(shop, buyer, plan, { pur_gift_email: recipient, pur_gift_message: '' });
    const [installMail] = (await mailTo(shop.app, recipient)).filter((mail) =>
      mail.subject.includes('Rana Haddad'),
    );
    expect(installMail?.html).toContain('lang="ar"');
    expect(installMail?.subject).toContain('أرسل إليك');
    const [giftRow] = await db()
      .select({ senderName: gifts.senderName, message: gifts.message })
      .from(gifts)
      .where(eq(gifts.recipientEmail, recipient.toLowerCase()));
    expect(giftRow).toEqual({ senderName: 'Rana Haddad', message: '' });
  });
});

describe('gifts refused before the gateway', () => {
  it('refuses a gift to one’s own address, whatever its case, and opens nothing', async () => {
    const buyer = await signIn(shop);
    const before = await gatewaySessions();
    const response = await openPayment(shop.request, buyer, plan, {
      pur_gift_email: ` ${buyer.email.toUpperCase()} `,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(giftMessages.ownEmail);
    expect(await gatewaySessions()).toBe(before);

    const inFrench = await openPayment(
      shop.request,
      buyer,
      plan,
      { pur_gift_email: buyer.email },
      { 'accept-language': 'fr' },
    );
    expect(inFrench.json().message).toBe(errorTexts.fr.giftMessages.ownEmail);
  });

  it('refuses a top-up as a gift, and opens nothing', async () => {
    const { buyer, iccid } = await ownEsim();
    const before = await gatewaySessions();
    const response = await openPayment(shop.request, buyer, plan, {
      pur_type: 'Topup',
      pur_client_iccid: iccid,
      pur_gift_email: newAddress('someone'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(giftMessages.topupGift);
    expect(await gatewaySessions()).toBe(before);
  });

  it('refuses a bad address and a message over 300 characters with their field errors', async () => {
    const buyer = await signIn(shop);
    const before = await gatewaySessions();
    const badEmail = await openPayment(shop.request, buyer, plan, {
      pur_gift_email: 'not-an-address',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body).toContain(giftMessages.invalidEmail);
    const longMessage = await openPayment(shop.request, buyer, plan, {
      pur_gift_email: newAddress('friend'),
      pur_gift_message: 'x'.repeat(301),
    });
    expect(longMessage.statusCode).toBe(400);
    expect(longMessage.body).toContain(giftMessages.messageTooLong);
    const messageAlone = await openPayment(shop.request, buyer, plan, {
      pur_gift_message: 'For you',
    });
    expect(messageAlone.statusCode).toBe(400);
    expect(messageAlone.json().message).toBe(giftMessages.messageWithoutEmail);
    expect(await gatewaySessions()).toBe(before);
  });

  async function ownEsim() {
    const buyer = await signIn(shop);
    const { answer } = await buy(shop, buyer, plan);
    if (!answer.iccid) throw new Error('No eSIM was delivered');
    return { buyer, iccid: answer.iccid };
  }
});

describe('exactly once', () => {
  it('two instances confirming the same gift at once make one account and one eSIM', async () => {
    const recipient = newAddress('twin');
    const buyer = await signIn(shop);
    const session = await openedPayment(shop, buyer, plan, { pur_gift_email: recipient });
    const indicator = await payOnHostedPage(shop, session.gateway_transaction.sessionid);
    const reference = session.led_payment_gateway_ref;
    const answers = await Promise.all([
      confirmed(shop.app, buyer, reference, indicator),
      confirmed(other.app, buyer, reference, indicator),
    ]);
    const iccid = answers.find((answer) => answer.iccid)?.iccid ?? '';
    expect(await accountsOf(recipient)).toBe(1);
    const [esimRows] = await db().select({ n: count() }).from(esims).where(eq(esims.iccid, iccid));
    expect(esimRows?.n).toBe(1);
    expect(await ledgerCount(db(), reference)).toBe(1);
  });

  it('a retried fulfilment that finds no recipient recorded yet reuses the same account', async () => {
    const recipient = newAddress('retry');
    const { reference } = await gift(recipient);
    const order = await orderRow(db(), reference);
    const recorded = await shop.app.gifts.ofOrder(order.id);
    if (!recorded) throw new Error('The gift was not recorded');
    // As a first attempt that crashed before recording the account would have left it.
    const stale = { ...recorded, recipientClientId: null };
    const again = await Promise.all([
      shop.app.gifts.recipientOf(stale, 'en'),
      other.app.gifts.recipientOf(stale, 'en'),
    ]);
    expect(again).toEqual([recorded.recipientClientId, recorded.recipientClientId]);
    expect(await accountsOf(recipient)).toBe(1);
  });
});

describe('the buyer’s gifts sent', () => {
  it('shows the gift sent, then installed from the provider’s state', async () => {
    const recipient = newAddress('list');
    const { buyer, iccid } = await gift(recipient, 'Enjoy');
    const before = await giftsSentBy(buyer);
    expect(before.data).toHaveLength(1);
    expect(before.data[0]).toMatchObject({
      recipientEmail: recipient.toLowerCase(),
      state: 'sent',
      iccid,
      message: 'Enjoy',
    });
    await setProfileStatus(shop.url, iccid, 'Installed');
    expect((await giftsSentBy(buyer)).data[0]?.state).toBe('installed');
    // Nobody else's list shows it.
    expect((await giftsSentBy(await signIn(shop))).data).toEqual([]);
  });
});

describe('the refund of a gift', () => {
  it('is the buyer’s while it was never installed, and never the recipient’s', async () => {
    const recipient = newAddress('refund');
    const { buyer, iccid } = await gift(recipient);
    const friend = await signInAs(recipient, 'Sami Karam');
    const ask = (who: Buyer) =>
      shop.request({
        method: 'POST',
        url: refundApiPaths.esimRefund.href(iccid),
        headers: bearer(who),
      });

    const byRecipient = await ask(friend);
    expect(byRecipient.statusCode).toBe(404);
    const eligibility = await shop.app.inject({
      method: 'GET',
      url: refundApiPaths.esimRefund.href(iccid),
      headers: bearer(friend),
    });
    expect(eligibility.statusCode).toBe(404);

    const byBuyer = await ask(buyer);
    expect(byBuyer.statusCode, byBuyer.body).toBe(200);
    expect(byBuyer.json()).toEqual({ status: 'refunded' });
    const [entry] = (await ledgerOf(buyer)).data;
    expect(entry?.led_refunded_at).toBeTruthy();
    expect((await giftsSentBy(buyer)).data[0]?.state).toBe('refunded');
    expect((await esimsOf(friend)).data[0]?.refundedAt).toBeTruthy();
  });

  it('is refused once the recipient paid for a top-up on it, which stays on the eSIM', async () => {
    const recipient = newAddress('topup');
    const { buyer, iccid } = await gift(recipient);
    const friend = await signInAs(recipient, 'Sami Karam');
    const topup = await buy(shop, friend, plan, { pur_type: 'Topup', pur_client_iccid: iccid });
    expect(topup.answer.status).toBe('fulfilled');
    // The recipient's own purchase: in their ledger, not the buyer's.
    expect((await ledgerOf(friend)).data.map((entry) => entry.led_iccid)).toEqual([iccid]);

    const response = await shop.request({
      method: 'POST',
      url: refundApiPaths.esimRefund.href(iccid),
      headers: bearer(buyer),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(giftMessages.toppedUpByRecipient);
    const bundles = (await esimsOf(friend)).data[0]?.bundles.map((bundle) => bundle.kind);
    expect(bundles).toEqual(['topup', 'purchase']);
    expect((await esimsOf(friend)).data[0]?.refundedAt).toBeNull();
  });

  it('is refused once the recipient installed it', async () => {
    const { buyer, iccid } = await gift(newAddress('installed'));
    await setProfileStatus(shop.url, iccid, 'Installed');
    const response = await shop.request({
      method: 'POST',
      url: refundApiPaths.esimRefund.href(iccid),
      headers: bearer(buyer),
    });
    expect(response.statusCode).toBe(409);
  });
});
