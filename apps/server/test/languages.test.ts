/**
 * The buyer's language travels with the sign-in and stays on the account: the code mail, the
 * eSIM-ready mail and the invoice PDF are in Arabic or French for a buyer who reads them, and
 * in English for anyone else (docs/decisions/0019).
 */
import {
  accountApiPaths,
  type Language,
  type Plan,
  type ProfileLedgerEntry,
  profileApiPaths,
} from '@tern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../e2e/helpers/pdf';
import { syncAppCatalogue } from '../src/modules/catalog/sync-runner';
import { createTestApp, type TestApp } from './helpers/test-app';
import { type Buyer, bearer, buy, mailTo, ORDERS_TEST_ENVIRONMENT, planIn } from './orders-kit';

let shop: TestApp;
let plan: Plan;
let sequence = 0;

beforeAll(async () => {
  shop = await createTestApp(ORDERS_TEST_ENVIRONMENT);
  await syncAppCatalogue(shop.app);
  plan = await planIn(shop, 'FR');
}, 180_000);
afterAll(async () => shop?.close());

/** Signs a new traveller in, saying their language in the body or the browser's header. */
async function signInSaying(say: { cli_language?: Language; acceptLanguage?: string }) {
  sequence += 1;
  const email = `reader.${Date.now().toString(36)}${sequence}@example.com`;
  const form = {
    cli_email: email,
    cli_name: 'Rana Haddad',
    cli_mobile: '+961 71 123 456',
    ...(say.cli_language ? { cli_language: say.cli_language } : {}),
  };
  const headers = say.acceptLanguage ? { 'accept-language': say.acceptLanguage } : {};
  const remoteAddress = `10.30.${sequence}.${(Date.now() % 250) + 1}`;
  const signup = await shop.request({
    method: 'POST',
    url: '/api/client/signup',
    payload: form,
    headers,
    remoteAddress,
  });
  expect(signup.statusCode, signup.body).toBe(200);
  const [codeMail] = await mailTo(shop.app, email);
  const code = codeMail?.text.match(/\b\d{6}\b/)?.[0];
  if (!codeMail || !code) throw new Error(`No sign-in code was mailed to ${email}`);
  const signedIn = await shop.request({
    method: 'POST',
    url: '/api/client/validateotp',
    payload: { ...form, cli_number: code },
    headers,
    remoteAddress,
  });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  const buyer: Buyer = { email, name: form.cli_name, token: signedIn.json().token };
  return { buyer, codeMail, profile: signedIn.json().data };
}

async function invoiceText(buyer: Buyer, query = ''): Promise<{ text: string; raw: string }> {
  const ledger = await shop.app.inject({
    method: 'GET',
    url: profileApiPaths.ledger.href(buyer.email),
    headers: bearer(buyer),
  });
  const [entry] = ledger.json().data as ProfileLedgerEntry[];
  if (!entry) throw new Error(`${buyer.email} has no invoice`);
  const response = await shop.app.inject({
    method: 'GET',
    url: `${profileApiPaths.invoicePdf.href(entry.led_id)}${query}`,
    headers: bearer(buyer),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { text: pdfText(response.rawPayload), raw: response.rawPayload.toString('latin1') };
}

async function esimMailOf(buyer: Buyer) {
  const { answer } = await buy(shop, buyer, plan);
  const mails = await mailTo(shop.app, buyer.email);
  const mail = mails.find((m) => answer.iccid && m.text.includes(answer.iccid));
  if (!mail) throw new Error(`No eSIM mail for ${buyer.email}`);
  return mail;
}

describe('a buyer who reads Arabic', () => {
  it('gets the code, the eSIM-ready mail and the invoice in Arabic, right to left', async () => {
    const { buyer, codeMail, profile } = await signInSaying({ acceptLanguage: 'ar-LB,ar;q=0.9' });
    expect(profile.cli_language).toBe('ar');
    expect(codeMail.subject).toBe('رمز الدخول إلى Tern');
    expect(codeMail.text).toContain('أدخل هذا الرمز لتسجيل الدخول:');
    expect(codeMail.html).toContain('<html lang="ar" dir="rtl">');

    const esimMail = await esimMailOf(buyer);
    expect(esimMail.subject).toMatch(/^شريحة eSIM من Tern جاهزة \(/);
    expect(esimMail.text).toContain('شريحة eSIM الخاصة بك جاهزة');
    expect(esimMail.text).toContain('مرحبًا Rana Haddad، شكرًا لطلبك');
    expect(esimMail.html).toContain('dir="rtl"');
    expect(esimMail.html).toContain('التثبيت على آيفون');
    expect(esimMail.text).not.toContain('Your eSIM is ready');
    // The plan and the price as the web shows them in Arabic, Western digits held left to right.
    expect(esimMail.text).toMatch(/شريحة eSIM فرنسا · \u2066[\d.]+ [GM]B\u2069 · /);
    expect(esimMail.text).toContain(`\u2066US$ ${plan.pla_price.toFixed(2)}\u2069`);
    expect(esimMail.text).not.toContain('USD');

    const invoice = await invoiceText(buyer);
    expect(invoice.raw).toContain('/Lang (ar)');
    expect(invoice.raw).toMatch(/NotoSansArabic-Bold/);
    expect(invoice.text).toMatch(/\p{Script=Arabic}/u);
    expect(invoice.text).not.toContain('INVOICE');
    expect(invoice.text).not.toContain('Subtotal');
  });
});

describe('a buyer who reads French', () => {
  it('gets the code, the eSIM-ready mail and the invoice in French', async () => {
    const { buyer, codeMail, profile } = await signInSaying({
      cli_language: 'fr',
      acceptLanguage: 'en-US',
    });
    expect(profile.cli_language).toBe('fr');
    expect(codeMail.subject).toBe('Votre code de connexion Tern');
    expect(codeMail.html).toContain('<html lang="fr" dir="ltr">');

    const esimMail = await esimMailOf(buyer);
    expect(esimMail.subject).toMatch(/^Votre eSIM Tern est prête \(/);
    expect(esimMail.text).toContain('Bonjour Rana Haddad, merci pour votre commande');
    expect(esimMail.html).toContain('Installer sur iPhone');
    // The plan and the price in French words and figures, not "France eSIM · 1 GB" nor "USD".
    expect(esimMail.text).toMatch(/eSIM France · [\d,]+ [GM]o · \d+ jours? ?/);
    expect(esimMail.text).toContain(`${plan.pla_price.toFixed(2).replace('.', ',')}\u00a0$US`);
    expect(esimMail.text).not.toContain('USD');

    const invoice = await invoiceText(buyer);
    expect(invoice.raw).toContain('/Lang (fr)');
    expect(invoice.text).toContain('FACTURE');
    expect(invoice.text).toContain('Facturé à');
    expect(invoice.text).toContain('Sous-total');

    // The web may ask for the invoice in the language it shows.
    const english = await invoiceText(buyer, '?lang=en');
    expect(english.text).toContain('INVOICE');
  });
});

describe('a buyer whose language the shop does not speak', () => {
  it('reads the code, the eSIM-ready mail and the invoice in English', async () => {
    const { buyer, codeMail, profile } = await signInSaying({ acceptLanguage: 'de-DE,de;q=0.9' });
    expect(profile.cli_language).toBe('en');
    expect(codeMail.subject).toBe('Your Tern sign-in code');
    expect(codeMail.text).toContain('Enter this code to sign in:');
    expect(codeMail.html).toContain('<html lang="en" dir="ltr">');

    const esimMail = await esimMailOf(buyer);
    expect(esimMail.subject).toMatch(/^Your Tern eSIM is ready \(/);
    const invoice = await invoiceText(buyer);
    expect(invoice.text).toContain('INVOICE');
    expect(invoice.text).toContain('Billed to');
  });

  it('refuses a language it does not know in the body', async () => {
    const response = await shop.request({
      method: 'POST',
      url: '/api/client/signup',
      payload: {
        cli_email: 'lang.unknown@example.com',
        cli_name: 'Rana Haddad',
        cli_mobile: '+961 71 123 456',
        cli_language: 'de',
      },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('changing the language on the profile', () => {
  it('writes later e-mails and invoices in the language chosen', async () => {
    const { buyer } = await signInSaying({});
    const changed = await shop.request({
      method: 'PUT',
      url: '/api/client/details',
      payload: { cli_name: 'Rana Haddad', cli_mobile: '+961 71 123 456', cli_language: 'fr' },
      headers: bearer(buyer),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().cli_language).toBe('fr');
    const esimMail = await esimMailOf(buyer);
    expect(esimMail.subject).toMatch(/^Votre eSIM Tern est prête/);
  });
});

describe('switching language while signed in', () => {
  it('changes the language alone: later e-mails are Arabic, name and mobile stay', async () => {
    const { buyer } = await signInSaying({});
    // The name changed on another device after this browser signed in.
    const renamed = await shop.request({
      method: 'PUT',
      url: '/api/client/details',
      payload: { cli_name: 'Rana H. Khoury', cli_mobile: '+961 71 123 456' },
      headers: bearer(buyer),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const switched = await shop.request({
      method: 'PUT',
      url: accountApiPaths.language.href(),
      payload: { cli_language: 'ar' },
      headers: bearer(buyer),
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({ cli_name: 'Rana H. Khoury', cli_language: 'ar' });
    const esimMail = await esimMailOf(buyer);
    expect(esimMail.subject).toMatch(/[\u0600-\u06FF]/);
  });

  it('refuses a language it does not know, and a caller who is not signed in', async () => {
    const { buyer } = await signInSaying({});
    const unknown = await shop.request({
      method: 'PUT',
      url: accountApiPaths.language.href(),
      payload: { cli_language: 'de' },
      headers: bearer(buyer),
    });
    expect(unknown.statusCode).toBe(400);
    const anonymous = await shop.request({
      method: 'PUT',
      url: accountApiPaths.language.href(),
      payload: { cli_language: 'fr' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
