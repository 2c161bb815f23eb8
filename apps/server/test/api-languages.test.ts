/**
 * The API's error answers in the request's language, over real HTTP: a 404, a refused code
 * (400), a broken field (400) and a missing sign-in (401) in Arabic, French and English, the
 * language chosen from Accept-Language by its q-values, English for a language the shop does
 * not speak, and the success answers the web branches on kept English (docs/decisions/0019).
 */
import {
  accountApiPaths,
  accountMessages,
  catalogApiPaths,
  catalogErrorMessages,
  codeRefusals,
  type ErrorResponse,
  profileApiPaths,
} from '@tern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';
import { mailTo } from './orders-kit';

let shop: TestApp;
/** The anti-forgery cookie's value, as the web echoes it on state-changing calls. */
let xsrf: string;

beforeAll(async () => {
  shop = await createTestApp();
  const health = await fetch(`${shop.url}/api/health`);
  const cookie = health.headers.getSetCookie().find((entry) => entry.startsWith('XSRF-TOKEN='));
  const value = cookie?.split(';')[0]?.slice('XSRF-TOKEN='.length);
  if (!value) throw new Error('The app did not set the anti-forgery cookie');
  xsrf = decodeURIComponent(value);
}, 120_000);
afterAll(async () => shop?.close());

async function call(
  path: string,
  options: { method?: string; body?: unknown; acceptLanguage?: string } = {},
) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.acceptLanguage) headers['accept-language'] = options.acceptLanguage;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['x-xsrf-token'] = xsrf;
    headers.cookie = `XSRF-TOKEN=${encodeURIComponent(xsrf)}`;
  }
  const response = await fetch(`${shop.url}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const body = (await response.json()) as ErrorResponse;
  return { status: response.status, headers: response.headers, body };
}

const unknownCountry = catalogApiPaths.countryPlans.href('ZZ');

describe('an error answer in the request language', () => {
  it('says a 404 in Arabic, French and English', async () => {
    const arabic = await call(unknownCountry, { acceptLanguage: 'ar' });
    expect(arabic.status).toBe(404);
    expect(arabic.body).toEqual({ message: 'لم يُعثر على البلد' });
    expect(arabic.headers.get('vary')).toMatch(/accept-language/i);

    const french = await call(unknownCountry, { acceptLanguage: 'fr-FR,fr;q=0.9' });
    expect(french.status).toBe(404);
    expect(french.body).toEqual({ message: 'Pays introuvable' });

    const english = await call(unknownCountry, { acceptLanguage: 'en-GB' });
    expect(english.body).toEqual({ message: catalogErrorMessages.countryNotFound });
    // No header, or only languages the shop does not speak: English, word for word.
    expect((await call(unknownCountry)).body.message).toBe(catalogErrorMessages.countryNotFound);
    expect((await call(unknownCountry, { acceptLanguage: 'de-DE, es;q=0.8' })).body.message).toBe(
      catalogErrorMessages.countryNotFound,
    );
  });

  it('says the API 404 of an unknown path and the anti-forgery 403 in the language', async () => {
    const unknownPath = await call('/api/no-such-thing', { acceptLanguage: 'ar' });
    expect(unknownPath.status).toBe(404);
    expect(unknownPath.body).toEqual({ message: 'غير موجود' });
    expect((await call('/api/no-such-thing', { acceptLanguage: 'fr' })).body).toEqual({
      message: 'Introuvable',
    });
    // A state-changing call without the echoed token: refused before any route runs.
    const forged = await fetch(`${shop.url}/api/client/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
      body: JSON.stringify({}),
    });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ message: 'Jeton anti-falsification non valide' });
  });

  it('chooses by q-values, not by order', async () => {
    const french = await call(unknownCountry, { acceptLanguage: 'en;q=0.3, ar;q=0.5, fr' });
    expect(french.body.message).toBe('Pays introuvable');
    const arabic = await call(unknownCountry, { acceptLanguage: 'de, fr;q=0.2, ar;q=0.8' });
    expect(arabic.body.message).toBe('لم يُعثر على البلد');
    const english = await call(unknownCountry, { acceptLanguage: 'fr;q=0, en;q=0.9, ar;q=0.1' });
    expect(english.body.message).toBe(catalogErrorMessages.countryNotFound);
  });

  it('says a refused code (400) in the language', async () => {
    const email = `refused.${Date.now().toString(36)}@example.com`;
    const form = { cli_email: email, cli_name: 'Rana Haddad', cli_mobile: '+961 71 123 456' };
    const signup = await call(accountApiPaths.signup.href(), { body: form, acceptLanguage: 'ar' });
    expect(signup.status).toBe(200);
    // The sign-up answer is one of the API's fixed words: English whatever the language.
    expect(signup.body).toEqual({ message: accountMessages.codeSentToNewUser });

    const [mail] = await mailTo(shop.app, email);
    const sent = mail?.text.match(/\b\d{6}\b/)?.[0];
    if (!sent) throw new Error(`No sign-in code was mailed to ${email}`);
    const wrong = sent === '000000' ? '111111' : '000000';
    const refused = (acceptLanguage?: string) =>
      call(accountApiPaths.validateOtp.href(), {
        body: { ...form, cli_number: wrong },
        acceptLanguage,
      });

    const arabic = await refused('ar-LB');
    expect(arabic.status).toBe(400);
    expect(arabic.body).toEqual({
      message: 'هذا الرمز غير صحيح. راجِع البريد الإلكتروني وحاول مجددًا.',
    });
    const french = await refused('fr');
    expect(french.status).toBe(400);
    expect(french.body).toEqual({
      message: 'Ce code n’est pas le bon. Vérifiez l’e-mail et réessayez.',
    });
    const english = await refused();
    expect(english.status).toBe(400);
    expect(english.body).toEqual({ message: codeRefusals.wrong });
  });

  it('says a broken field (400) in the language, with its path', async () => {
    const form = { cli_email: 'rana@', cli_name: 'Rana Haddad', cli_mobile: '+961 71 123 456' };
    const french = await call(accountApiPaths.signup.href(), { body: form, acceptLanguage: 'fr' });
    expect(french.status).toBe(400);
    expect(french.body).toEqual({
      message: 'body.cli_email: Veuillez saisir une adresse e-mail valide',
      errors: [{ path: 'body.cli_email', message: 'Veuillez saisir une adresse e-mail valide' }],
    });
    const english = await call(accountApiPaths.signup.href(), { body: form });
    expect(english.body.errors).toEqual([
      { path: 'body.cli_email', message: accountMessages.invalidEmail },
    ]);
  });

  it('says a missing sign-in (401) in the language', async () => {
    const mine = profileApiPaths.myEsims.href();
    const arabic = await call(mine, { acceptLanguage: 'ar' });
    expect(arabic.status).toBe(401);
    expect(arabic.body).toEqual({ message: 'رمز المصادقة مطلوب.' });
    const french = await call(mine, { acceptLanguage: 'fr' });
    expect(french.body).toEqual({ message: 'Un jeton d’authentification est requis.' });
    expect((await call(mine)).body).toEqual({ message: accountMessages.tokenRequired });
  });
});
