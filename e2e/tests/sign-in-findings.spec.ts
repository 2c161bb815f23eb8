/**
 * Issue 26, points 2 and 7, in English and French, on a touch phone (390x844) and a laptop
 * (1280x800). A mobile number typed with its own calling code selects its country and is
 * accepted; the country list is searched by typing, with a phone's keyboard too (text put in
 * without key presses, as a touchscreen keyboard does). A plan chosen before signing in is
 * named on the sign-in page, and a wrong code, which clears local storage as the spec says,
 * no longer loses it: the right code goes on to the order summary. Each test ends with axe.
 */
import type { Locator, Page } from '@playwright/test';
import { hrefTo, orderDescription, type Plan, paths } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { francePlan, franceUrl, readSignInCode, uniqueEmail } from '../helpers/purchase';

const viewports = [
  { name: 'touch phone', size: { width: 390, height: 844 }, touch: true },
  { name: 'laptop', size: { width: 1280, height: 800 }, touch: false },
] as const;

/** The allowance of a plan as the contract's titles take it. */
const allowanceOf = (plan: Plan) => ({
  dataMb: plan.pla_data_amount,
  unlimited: plan.pla_unlimited,
  durationDays: plan.pla_duration,
});

/** '1 Go · 7 jours', as the French plan page titles a plan. */
function frenchTitle(plan: Plan): string {
  const { dataMb, unlimited, durationDays } = allowanceOf(plan);
  const data = unlimited
    ? 'Illimité'
    : dataMb < 1000
      ? `${dataMb} Mo`
      : `${String(dataMb / 1000).replace('.', ',')} Go`;
  return `${data} · ${durationDays} jour${durationDays > 1 ? 's' : ''}`;
}

/** 'eSIM France · 1 Go · 7 jours', as the French order summary names a plan. */
const frenchDescription = (plan: Plan) => `eSIM France · ${frenchTitle(plan)}`;

/** What each language says, word for word as its catalogue has it. */
const languages = [
  {
    code: 'en',
    email: 'Email address',
    name: 'Full name',
    mobile: 'Mobile number',
    countryCode: 'Country code',
    search: 'Search country or code',
    noMatch: 'No country found',
    lebanon: 'Lebanon (+961)',
    unitedKingdom: 'United Kingdom (+44)',
    germany: 'Germany (+49)',
    germanyTyped: 'germ',
    send: 'Send sign-in code',
    invalidMobile: 'Please enter a mobile number',
    codeLabel: '6-digit code',
    verify: 'Verify',
    refused: 'Error validating OTP',
    title: (plan: Plan) => plan.pla_title,
    buyNow: 'Buy Now',
    proceed: 'Proceed',
    buying: (plan: Plan) => `You are buying: ${orderDescription('France', allowanceOf(plan))}`,
    line: (plan: Plan) => orderDescription('France', allowanceOf(plan)),
    summaryCaption: 'Your order',
  },
  {
    code: 'fr',
    email: 'Adresse e-mail',
    name: 'Nom complet',
    mobile: 'Numéro de mobile',
    countryCode: 'Indicatif du pays',
    search: 'Rechercher un pays ou un indicatif',
    noMatch: 'Aucun pays trouvé',
    lebanon: 'Liban (+961)',
    unitedKingdom: 'Royaume-Uni (+44)',
    germany: 'Allemagne (+49)',
    germanyTyped: 'allem',
    send: 'Envoyer le code de connexion',
    invalidMobile: 'Veuillez saisir un numéro de mobile',
    codeLabel: 'Code à 6 chiffres',
    verify: 'Valider',
    refused: 'Échec de la vérification du code',
    title: frenchTitle,
    buyNow: 'Acheter',
    proceed: 'Continuer',
    buying: (plan: Plan) => `Vous achetez\u00a0: ${frenchDescription(plan)}`,
    line: frenchDescription,
    summaryCaption: 'Votre commande',
  },
] as const;

/** The shop opens in `code`, as a traveller who chose it before would find it. */
async function speak(page: Page, code: string) {
  await page.addInitScript((language) => {
    if (!window.localStorage.getItem('lang')) window.localStorage.setItem('lang', language);
  }, code);
}

/** A tap on a touch phone, a click on a laptop. */
async function press(locator: Locator, touch: boolean) {
  if (touch) await locator.tap();
  else await locator.click();
}

/** Text typed into the focused field: a phone's keyboard sends no key presses, only text. */
async function typeText(page: Page, field: Locator, text: string, touch: boolean) {
  await expect(field).toBeFocused();
  if (touch) {
    for (const character of text) await page.keyboard.insertText(character);
  } else {
    await field.pressSequentially(text);
  }
}

/** Buy Now on `plan` on France's page, then Proceed: signed out, the shop asks to sign in. */
async function chooseFranceSignedOut(page: Page, plan: Plan, words: (typeof languages)[number]) {
  await page.goto(franceUrl);
  await page
    .getByRole('article', { name: words.title(plan), exact: true })
    .getByRole('button', { name: words.buyNow })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: words.proceed }).click();
  await expect(page).toHaveURL(new RegExp(`#${paths.signIn}$`));
}

for (const viewport of viewports) {
  for (const words of languages) {
    test.describe(`signing in, in ${words.code} on a ${viewport.name}`, () => {
      test.use({
        viewport: viewport.size,
        hasTouch: viewport.touch,
        isMobile: viewport.touch,
      });

      test('+44 7700 900123 typed in the mobile field selects the United Kingdom and enables Send', async ({
        page,
      }) => {
        await speak(page, words.code);
        await page.goto(`/${hrefTo(paths.signIn)}`);
        const country = page.getByRole('combobox', { name: words.countryCode });
        const mobile = page.getByLabel(words.mobile);
        const send = page.getByRole('button', { name: words.send });
        await expect(country).toHaveText(words.lebanon);
        await page.getByLabel(words.email).fill(uniqueEmail('plus-number'));
        await page.getByLabel(words.name).fill('Oliver Bennett');

        await press(mobile, viewport.touch);
        await mobile.clear();
        await typeText(page, mobile, '+44 7700 900123', viewport.touch);
        await expect(country).toHaveText(words.unitedKingdom);
        await expect(mobile).toHaveValue('+44 7700 900123');
        await mobile.blur();
        await expect(mobile).not.toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByText(words.invalidMobile)).toHaveCount(0);
        await expect(send).toBeEnabled();
        await expectAccessible(page);
      });

      test('typing in the country search keeps the matching countries, and one is chosen from them', async ({
        page,
      }) => {
        test.slow(); // axe checks the options while the list is open
        await speak(page, words.code);
        await page.goto(`/${hrefTo(paths.signIn)}`);
        const country = page.getByRole('combobox', { name: words.countryCode });
        const mobile = page.getByLabel(words.mobile);
        const list = page.getByRole('listbox', { name: words.countryCode });

        await press(country, viewport.touch);
        await expect(list).toBeVisible();
        await expect(list).toHaveCSS('max-height', '200px');
        const search = page.getByRole('combobox', { name: words.search });
        await expect(search).toBeVisible();
        await expect(search).toHaveAttribute('placeholder', words.search);
        await expect(search).toHaveAttribute(
          'aria-controls',
          (await list.getAttribute('id')) ?? '',
        );

        await typeText(page, search, words.germanyTyped, viewport.touch);
        await expect(list.getByRole('option')).toHaveText([words.germany]);
        await expectAccessible(page);

        // Nothing matches: the list says so; a calling code finds its country.
        await search.fill('zzzz');
        await expect(list.getByRole('option')).toHaveCount(0);
        await expect(page.getByText(words.noMatch)).toBeVisible();
        await search.fill('+44');
        await expect(list.getByRole('option')).toHaveText([words.unitedKingdom]);

        await search.fill('');
        await typeText(page, search, words.germanyTyped, viewport.touch);
        await press(list.getByRole('option', { name: words.germany }), viewport.touch);
        await expect(list).toBeHidden();
        await expect(country).toHaveText(words.germany);
        await expect(country).toBeFocused();
        await expect(mobile).toHaveValue('+49 ');

        // The keyboard's type-ahead on the list itself still works.
        await country.press('l');
        await expect(list).toBeVisible();
        await expect(list.getByRole('option', { selected: true })).toHaveText(
          new RegExp(`^${words.lebanon.slice(0, 1)}`),
        );
        await page.keyboard.press('Escape');
        await expect(list).toBeHidden();
        await expect(country).toHaveText(words.germany);
      });

      test('the sign-in page names the plan chosen before it, in the language', async ({
        page,
        request,
      }) => {
        await speak(page, words.code);
        const plan = await francePlan(request);
        await chooseFranceSignedOut(page, plan, words);
        await expect(page.getByText(words.buying(plan), { exact: true })).toBeVisible();
        await expectAccessible(page);
      });

      test('after a wrong code, which clears local storage, the right code goes on to the order summary', async ({
        page,
        request,
      }) => {
        test.setTimeout(120_000);
        await speak(page, words.code);
        const plan = await francePlan(request);
        await chooseFranceSignedOut(page, plan, words);

        const email = uniqueEmail('wrong-then-right');
        await page.getByLabel(words.email).fill(email);
        await page.getByLabel(words.name).fill('Karim Nassar');
        await page.getByLabel(words.mobile).fill('+961 71 123 456');
        await page.getByRole('button', { name: words.send }).click();
        const code = await readSignInCode(request, email);
        const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
        const codeField = page.getByLabel(words.codeLabel);
        await codeField.fill(wrong);
        await page.getByRole('button', { name: words.verify }).click();
        await expect(codeField).toHaveAccessibleDescription(new RegExp(words.refused));
        // Spec sections 4 and 8: local storage is cleared, the plan's copy too (the
        // language, the browser's, stays).
        expect(
          await page.evaluate(() =>
            Object.keys(window.localStorage).filter((key) => key !== 'lang'),
          ),
        ).toEqual([]);

        await codeField.fill(code);
        await page.getByRole('button', { name: words.verify }).click();
        await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
        const summary = page.getByRole('table', { name: words.summaryCaption });
        await expect(summary.getByRole('rowheader').first()).toHaveText(words.line(plan));
        await expectAccessible(page);
      });
    });
  }
}
