/**
 * Signing in, in Arabic and in French (issue 15), at 390x844 and 1280x800: the sign-in page
 * reads in the chosen language (Arabic right to left, the e-mail, mobile and code left to
 * right), the dial-code list names and finds countries in it, a rule broken while typing is
 * told in it, a refused code is told in it, and the whole e-mailed-code sign-in completes.
 * Signed in, the account menu speaks the language; on a laptop it opens inside the screen,
 * to the right of its button's left edge in Arabic (the bar mirrored), under its right edge
 * otherwise. Every test ends with axe on the translated page.
 */
import type { Page } from '@playwright/test';
import { DEFAULT_BRAND_NAME, hrefTo, paths } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { edgesInOneFrame } from '../helpers/layout';
import { readSignInCode, uniqueEmail } from '../helpers/purchase';
import { typeQuickly } from '../helpers/type-ahead';

const viewports = [
  { name: 'phone', size: { width: 390, height: 844 }, phone: true },
  { name: 'laptop', size: { width: 1280, height: 800 }, phone: false },
] as const;

/** What each language says, word for word as its catalogue has it. */
const languages = [
  {
    code: 'ar',
    dir: 'rtl',
    menu: 'القائمة',
    title: 'تسجيل الدخول',
    heading: `سجّل الدخول إلى ${DEFAULT_BRAND_NAME} eSIM`,
    email: 'البريد الإلكتروني',
    name: 'الاسم الكامل',
    mobile: 'رقم الهاتف المحمول',
    countryCode: 'رمز الدولة',
    lebanon: 'لبنان (+961)',
    france: 'فرنسا (+33)',
    franceTyped: ['ف', 'ر', 'ن'],
    lebanonTyped: ['ل', 'ب', 'ن'],
    send: 'أرسل رمز الدخول',
    invalidEmail: 'يُرجى إدخال بريد إلكتروني صالح',
    invalidName: 'يُرجى إدخال اسم صالح',
    codeSent: 'أرسلنا إليك رمز التحقق بالبريد الإلكتروني. أدخله للمتابعة',
    codeHeading: 'أدخل الرمز',
    codeLabel: 'الرمز المكوّن من 6 أرقام',
    invalidCode: 'يُرجى إدخال الرمز المكوّن من 6 أرقام',
    verify: 'تحقّق',
    refused: 'تعذّر التحقق من الرمز',
    accountMenu: /قائمة الحساب/,
    myAccount: 'حسابي',
    logout: 'تسجيل الخروج',
  },
  {
    code: 'fr',
    dir: 'ltr',
    menu: 'Menu',
    title: 'Connexion',
    heading: `Connexion à ${DEFAULT_BRAND_NAME} eSIM`,
    email: 'Adresse e-mail',
    name: 'Nom complet',
    mobile: 'Numéro de mobile',
    countryCode: 'Indicatif du pays',
    lebanon: 'Liban (+961)',
    france: 'France (+33)',
    franceTyped: ['f', 'r', 'a'],
    lebanonTyped: ['l', 'i', 'b'],
    send: 'Envoyer le code de connexion',
    invalidEmail: 'Veuillez saisir une adresse e-mail valide',
    invalidName: 'Veuillez saisir un nom valide',
    codeSent: 'E-mail envoyé\u00a0: saisissez le code reçu',
    codeHeading: 'Saisissez votre code',
    codeLabel: 'Code à 6 chiffres',
    invalidCode: 'Veuillez saisir le code à 6 chiffres',
    verify: 'Valider',
    refused: 'Échec de la vérification du code',
    accountMenu: /menu du compte/,
    myAccount: 'Mon compte',
    logout: 'Déconnexion',
  },
] as const;

const html = (page: Page) => page.locator('html');

/** Picks a language in the header's switcher, or in the phone's menu (then closes it). */
async function chooseLanguage(page: Page, phone: boolean, code: string, menuAfter: string) {
  if (phone) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('combobox', { name: 'Language' }).selectOption(code);
  await expect(html(page)).toHaveAttribute('lang', code);
  if (phone) await page.getByRole('button', { name: menuAfter }).click();
}

for (const viewport of viewports) {
  for (const text of languages) {
    test.describe(`signing in in ${text.code} on a ${viewport.name}`, () => {
      test.use({ viewport: viewport.size });

      test('the page, its checks and the e-mailed code, all in the language', async ({
        page,
        request,
      }) => {
        await page.goto('/');
        await chooseLanguage(page, viewport.phone, text.code, text.menu);
        await page.goto(`/${hrefTo(paths.signIn)}`);

        await expect(html(page)).toHaveAttribute('lang', text.code);
        await expect(html(page)).toHaveAttribute('dir', text.dir);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.heading);
        await expect(page).toHaveTitle(`${text.title} | ${DEFAULT_BRAND_NAME}`);

        // A rule broken while typing is told in the language.
        const send = page.getByRole('button', { name: text.send });
        await expect(send).toBeDisabled();
        const email = page.getByLabel(text.email);
        const name = page.getByLabel(text.name);
        const mobile = page.getByLabel(text.mobile);
        await email.fill('rana@');
        await email.press('Tab');
        await expect(email).toHaveAttribute('aria-invalid', 'true');
        await expect(email).toHaveAccessibleDescription(text.invalidEmail);
        await name.fill('Al');
        await name.press('Tab');
        await expect(name).toHaveAccessibleDescription(text.invalidName);
        // Addresses and numbers stay left to right in Arabic.
        await expect(email).toHaveAttribute('dir', 'ltr');
        await expect(mobile).toHaveAttribute('dir', 'ltr');
        await expectAccessible(page);

        // The dial-code list names countries in the language and finds them by those names.
        const country = page.getByRole('combobox', { name: text.countryCode });
        await expect(country).toHaveText(text.lebanon);
        await country.focus();
        await typeQuickly(page, text.franceTyped);
        await expect(country).toHaveAttribute('aria-expanded', 'true');
        await expect(page.getByRole('option', { name: text.france, exact: true })).toHaveAttribute(
          'aria-selected',
          'true',
        );
        await page.keyboard.press('Enter');
        await expect(country).toHaveText(text.france);
        await expect(mobile).toHaveValue('+33 ');
        await page.waitForTimeout(600); // a pause starts a new type-ahead search
        await typeQuickly(page, text.lebanonTyped);
        await page.keyboard.press('Enter');
        await expect(country).toHaveText(text.lebanon);
        await expect(mobile).toHaveValue('+961 ');

        const address = uniqueEmail(`sign-in-${text.code}`);
        await email.fill(address);
        await name.fill('Rana Haddad');
        await mobile.fill('+961 71 123 456');
        await send.click();

        // The code step, in the language; the address shown left to right.
        await expect(page.getByRole('heading', { name: text.codeHeading })).toBeVisible();
        await expect(page.getByRole('status')).toHaveText(text.codeSent);
        await expect(page.getByText(address, { exact: true })).toHaveAttribute('dir', 'ltr');
        const code = page.getByLabel(text.codeLabel);
        await expect(code).toHaveAttribute('dir', 'ltr');
        await code.fill('123');
        await code.press('Tab');
        await expect(code).toHaveAccessibleDescription(`${text.codeSent} ${text.invalidCode}`);

        // A refused code is told in the language; the right one then signs in.
        const sent = await readSignInCode(request, address);
        await code.fill(sent === '000000' ? '111111' : '000000');
        await page.getByRole('button', { name: text.verify }).click();
        await expect(page.getByLabel(text.codeLabel)).toHaveAccessibleDescription(
          new RegExp(`^${text.codeSent} ${text.refused}`),
        );
        await page.getByLabel(text.codeLabel).fill(sent);
        await page.getByRole('button', { name: text.verify }).click();
        await expect(page).toHaveURL(new RegExp(`#${paths.plan}$`));
        expect(await page.evaluate(() => localStorage.getItem('cli_token'))).toBeTruthy();
        await expect(html(page)).toHaveAttribute('lang', text.code);

        if (viewport.phone) {
          await page.getByRole('button', { name: text.menu }).click();
          await expect(page.getByRole('link', { name: text.myAccount })).toBeVisible();
          await expect(page.getByRole('button', { name: text.logout })).toBeVisible();
          return;
        }

        // The account menu, in the language and inside the screen.
        const button = page.getByRole('button', { name: text.accountMenu });
        await expect(button).toContainText('Rana Haddad');
        await button.click();
        const myAccount = page.getByRole('link', { name: text.myAccount, exact: true });
        await expect(myAccount).toBeVisible();
        await expect(page.getByRole('button', { name: text.logout })).toBeVisible();
        const [buttonBox, panelBox] = await edgesInOneFrame(page, [
          button,
          myAccount.locator('xpath=ancestor::div[1]'),
        ]);
        if (!buttonBox || !panelBox) throw new Error('the account menu is not laid out');
        expect(panelBox.left).toBeGreaterThanOrEqual(0);
        expect(panelBox.right).toBeLessThanOrEqual(viewport.size.width);
        if (text.dir === 'rtl') {
          // The bar is mirrored (the button at its left end): the menu hangs from the
          // button's left edge and opens to the right.
          expect(Math.abs(panelBox.left - buttonBox.left)).toBeLessThan(1);
          expect(panelBox.right).toBeGreaterThan(buttonBox.right);
        } else {
          expect(Math.abs(panelBox.right - buttonBox.right)).toBeLessThan(1);
        }
      });
    });
  }
}
