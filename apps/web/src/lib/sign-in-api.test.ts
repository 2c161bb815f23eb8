import { accountApiPaths } from '@tern/contract/account-texts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showLanguage } from './i18n/language-store';
import { session } from './session-store';
import { saveAccountLanguage, signup, validateOtp } from './sign-in-api';

const stored = new Map<string, string>();
let calls: { url: string; init: RequestInit }[] = [];
let answer: () => Response;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
      clear: () => stored.clear(),
    },
  });
  vi.stubGlobal('document', { documentElement: {}, cookie: 'XSRF-TOKEN=xsrf-1' });
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  });
});
afterEach(() => {
  session.signOut();
  stored.clear();
  showLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const form = { cli_email: 'rana@example.com', cli_name: 'Rana Haddad', cli_mobile: '+96171123456' };
const bodyOf = (index = 0) => JSON.parse(String(calls[index]?.init.body));
const headerOf = (name: string, index = 0) => new Headers(calls[index]?.init.headers).get(name);

describe('the sign-in calls', () => {
  it('name the language on screen with sign-up, body and header', async () => {
    showLanguage('ar');
    answer = () => json(200, { message: 'Email sent to validate OTP' });
    await signup(form);
    expect(calls[0]?.url).toBe(accountApiPaths.signup.href());
    expect(bodyOf()).toEqual({ ...form, cli_language: 'ar' });
    expect(headerOf('accept-language')).toBe('ar');
  });

  it('name it with the code too', async () => {
    showLanguage('fr');
    answer = () =>
      json(200, {
        message: 'Signed in successfully.',
        token: 'token-1',
        data: { ...form, cli_language: 'fr' },
      });
    await validateOtp({ ...form, cli_number: '123456' });
    expect(bodyOf()).toEqual({ ...form, cli_number: '123456', cli_language: 'fr' });
  });

  it('keep a language the request names itself', async () => {
    showLanguage('fr');
    answer = () => json(200, { message: 'User already registered.' });
    await signup({ ...form, cli_language: 'en' });
    expect(bodyOf().cli_language).toBe('en');
  });

  it('read a refusal in the words the server sent', async () => {
    showLanguage('fr');
    answer = () =>
      json(400, { message: 'Ce code n’est pas le bon. Vérifiez l’e-mail et réessayez.' });
    await expect(validateOtp({ ...form, cli_number: '000000' })).rejects.toMatchObject({
      status: 400,
      message: 'Ce code n’est pas le bon. Vérifiez l’e-mail et réessayez.',
    });
  });
});

describe("keeping a signed-in account's language", () => {
  const signIn = () =>
    session.signIn({
      token: 'token-1',
      email: form.cli_email,
      name: form.cli_name,
      mobile: form.cli_mobile,
    });

  it('sends nothing when nobody is signed in', async () => {
    answer = () => json(200, {});
    expect(await saveAccountLanguage('ar')).toBe(false);
    expect(calls).toEqual([]);
  });

  it('puts the new language alone, never the name or mobile the session holds', async () => {
    signIn();
    answer = () => json(200, { ...form, cli_language: 'ar' });
    expect(await saveAccountLanguage('ar')).toBe(true);
    expect(calls[0]?.url).toBe(accountApiPaths.language.href());
    expect(calls[0]?.init.method).toBe('PUT');
    expect(bodyOf()).toEqual({ cli_language: 'ar' });
    expect(headerOf('authorization')).toBe('Bearer token-1');
    expect(headerOf('x-xsrf-token')).toBe('xsrf-1');
  });

  it('logs a failure and lets it go, the session untouched', async () => {
    signIn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer = () => json(401, { message: 'Authentication token is required.' });
    expect(await saveAccountLanguage('fr')).toBe(false);
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await saveAccountLanguage('fr')).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(session.get().client?.token).toBe('token-1');
  });

  it('saves the language of a session without a name or mobile (an older build) too', async () => {
    session.signIn({ token: 'token-1', email: form.cli_email, name: '', mobile: '' });
    answer = () => json(200, { ...form, cli_language: 'fr' });
    expect(await saveAccountLanguage('fr')).toBe(true);
    expect(bodyOf()).toEqual({ cli_language: 'fr' });
  });
});
