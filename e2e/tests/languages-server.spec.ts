/**
 * The server speaks the shop's language (issue 15, docs/decisions/0019), at 390x844 and
 * 1280x800: in Arabic a wrong e-mailed code is refused in the server's Arabic words, under
 * the page's own Arabic line; and a signed-in buyer who switches language changes the
 * language of the next e-mail the account gets. Every test ends with axe on the page.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { accountApiPaths, DEFAULT_BRAND_NAME, hrefTo, paths } from '@tern/contract';
import { expect, test } from '../fixtures';
import { readSignInCode, TEST_MOBILE, uniqueEmail } from '../helpers/purchase';

const viewports = [
  { name: 'phone', size: { width: 390, height: 844 }, phone: true },
  { name: 'laptop', size: { width: 1280, height: 800 }, phone: false },
] as const;

/** The sign-in page's words, as the auth and common catalogues have them. */
const signInWords = {
  ar: {
    menu: 'القائمة',
    email: 'البريد الإلكتروني',
    name: 'الاسم الكامل',
    mobile: 'رقم الهاتف المحمول',
    send: 'أرسل رمز الدخول',
    codeLabel: 'الرمز المكوّن من 6 أرقام',
    verify: 'تحقّق',
    refused: 'تعذّر التحقق من الرمز',
  },
  fr: {
    menu: 'Menu',
    email: 'Adresse e-mail',
    name: 'Nom complet',
    mobile: 'Numéro de mobile',
    send: 'Envoyer le code de connexion',
    codeLabel: 'Code à 6 chiffres',
    verify: 'Valider',
    refused: 'Échec de la vérification du code',
  },
} as const;

/** The server's refusal of a wrong code (apps/server/src/error-texts.ts). */
const wrongCodeInArabic = 'هذا الرمز غير صحيح. راجِع البريد الإلكتروني وحاول مجددًا.';
const wrongCodeInEnglish = 'That code is not correct. Check the e-mail and try again.';

/** The code mail's subject in each language (apps/server/src/integrations/mail). */
const codeSubjects = {
  ar: `رمز الدخول إلى ${DEFAULT_BRAND_NAME}`,
  fr: `Votre code de connexion ${DEFAULT_BRAND_NAME}`,
} as const;

interface Mail {
  subject: string;
  text: string;
}

const html = (page: Page) => page.locator('html');

/** Opens the shop in a language first chosen before this test (a later switch is kept). */
async function startIn(page: Page, language: 'ar' | 'fr') {
  await page.addInitScript((lang) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', lang);
  }, language);
}

async function mailsTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  const response = await request.get(`/_sandbox/mailbox/messages?to=${encodeURIComponent(email)}`);
  return (await response.json()) as Mail[];
}

/** Fills the sign-in form in the language and asks for a code; the code step opens. */
async function askForCode(page: Page, words: (typeof signInWords)['ar' | 'fr'], email: string) {
  await page.goto(`/${hrefTo(paths.signIn)}`);
  await page.getByLabel(words.email).fill(email);
  await page.getByLabel(words.name).fill('Rana Haddad');
  await page.getByLabel(words.mobile).fill(TEST_MOBILE);
  await page.getByRole('button', { name: words.send }).click();
  await expect(page.getByLabel(words.codeLabel)).toBeVisible();
}

for (const viewport of viewports) {
  test.describe(`the server in the shop's language on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test('in Arabic, a wrong code is refused in the server’s Arabic words', async ({
      page,
      request,
    }) => {
      const words = signInWords.ar;
      await startIn(page, 'ar');
      const email = uniqueEmail('server-ar');
      await askForCode(page, words, email);
      await expect(html(page)).toHaveAttribute('lang', 'ar');
      await expect(html(page)).toHaveAttribute('dir', 'rtl');

      // The code mail is Arabic: the sign-up named the page's language.
      const sent = await readSignInCode(request, email);
      expect((await mailsTo(request, email))[0]?.subject).toBe(codeSubjects.ar);

      const refusal = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/client/validateotp') && response.status() === 400,
      );
      await page.getByLabel(words.codeLabel).fill(sent === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: words.verify }).click();
      const answer = await refusal;
      expect(answer.request().headers()['accept-language']).toBe('ar');
      expect(await answer.json()).toEqual({ message: wrongCodeInArabic });

      // The page's own line, then the server's reason, both in Arabic.
      const code = page.getByLabel(words.codeLabel);
      await expect(code).toHaveAccessibleDescription(
        new RegExp(`${words.refused}.*${wrongCodeInArabic}`),
      );
      await expect(page.getByText(wrongCodeInArabic)).toBeVisible();
      await expect(page.getByText(wrongCodeInEnglish)).toHaveCount(0);
      await expect(html(page)).toHaveAttribute('dir', 'rtl');
    });

    test('switching language while signed in changes the language of the next e-mail', async ({
      page,
      request,
    }) => {
      const words = signInWords.fr;
      await startIn(page, 'fr');
      const email = uniqueEmail('server-switch');
      await askForCode(page, words, email);
      await page.getByLabel(words.codeLabel).fill(await readSignInCode(request, email));
      await page.getByRole('button', { name: words.verify }).click();
      await expect(page).toHaveURL(new RegExp(`#${paths.plan}$`));
      expect((await mailsTo(request, email))[0]?.subject).toBe(codeSubjects.fr);

      // Signed in, the buyer picks Arabic: the account takes it in the background, the
      // language alone (name and mobile are not sent, so nothing else is rewritten).
      const saved = page.waitForResponse(
        (response) =>
          response.url().endsWith(accountApiPaths.language.href()) &&
          response.request().method() === 'PUT',
      );
      if (viewport.phone) await page.getByRole('button', { name: words.menu }).click();
      await page.getByRole('combobox', { name: 'Langue' }).selectOption('ar');
      await expect(html(page)).toHaveAttribute('lang', 'ar');
      await expect(html(page)).toHaveAttribute('dir', 'rtl');
      if (viewport.phone) await page.getByRole('button', { name: signInWords.ar.menu }).click();
      const answer = await saved;
      expect(answer.status()).toBe(200);
      expect(answer.request().postDataJSON()).toEqual({ cli_language: 'ar' });
      expect(await answer.json()).toMatchObject({ cli_email: email, cli_language: 'ar' });

      // The next e-mail the account gets is Arabic. Asked for without naming a language (no
      // cli_language, no Accept-Language), the code mail is written in the account's.
      const health = await request.get('/api/health');
      expect(health.ok()).toBe(true);
      const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
      if (!xsrf) throw new Error('The shop did not set the anti-forgery cookie');
      const before = (await mailsTo(request, email)).length;
      const signup = await request.post('/api/client/signup', {
        data: { cli_email: email, cli_name: 'Rana Haddad', cli_mobile: TEST_MOBILE },
        headers: { 'x-xsrf-token': decodeURIComponent(xsrf.value) },
      });
      expect(signup.status(), await signup.text()).toBe(200);
      await expect.poll(async () => (await mailsTo(request, email)).length).toBeGreaterThan(before);
      const subjects = (await mailsTo(request, email)).map((mail) => mail.subject);
      expect(subjects.filter((subject) => subject === codeSubjects.ar)).toHaveLength(1);
      expect(subjects.filter((subject) => subject === codeSubjects.fr)).toHaveLength(1);

      // The page still works in Arabic after the switch.
      await page.reload();
      await expect(html(page)).toHaveAttribute('lang', 'ar');
      expect(await page.evaluate(() => localStorage.getItem('cli_token'))).toBeTruthy();
    });
  });
}
