/**
 * The profile after the traveller audit (issue 26, points 4, 12 and the profile's half of 6), in
 * English and French at 390x844 and 1280x800, for a traveller with three eSIMs: one never
 * installed, one installed and used for minutes (5% of its data), one installed whose data
 * ran out. Each card leads with its most useful action (QR Code before install, Usage after;
 * Topup second), says its state in words and, before any button, whether a refund can be had
 * or why not. The usage dialog names bundle states in words, forecasts nothing from minutes of
 * data, and offers a top-up where the data ran out, which goes to the order summary with no
 * compatibility step.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { hrefTo, paths } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { buy, francePlan, type Purchase, signUpAndBuy } from '../helpers/purchase';

test.describe.configure({ mode: 'serial' });

const viewports = [
  { name: 'phone', size: { width: 390, height: 844 } },
  { name: 'laptop', size: { width: 1280, height: 800 } },
] as const;

/** Each language's words, as its catalogue has them. */
const languages = {
  en: {
    forThis: 'for eSIM',
    understand: 'I understand, show install',
    qr: 'QR Code',
    usage: 'Usage',
    topup: 'Topup',
    refund: 'Request refund',
    status: 'Status',
    notInstalled: 'Not installed yet',
    installed: 'Installed',
    refundUntil: /^Refundable until .+, as long as it is not installed\.$/,
    noRefundInstalled: 'No refund: this eSIM has been installed on a phone.',
    inUse: 'In use',
    usedUp: 'Data used up',
    yourData: 'Your data',
    topUp: 'Top up this eSIM',
    rawWords: /\b(active|depleted|Released)\b/,
  },
  fr: {
    forThis: 'pour l’eSIM',
    understand: 'J’ai compris, afficher l’installation',
    qr: 'Code QR',
    usage: 'Consommation',
    topup: 'Recharger',
    refund: 'Demander un remboursement',
    status: 'État',
    notInstalled: 'Prêt à installer',
    installed: 'Installé',
    refundUntil: /^Remboursable jusqu’au .+, tant qu’elle n’est pas installée\.$/,
    noRefundInstalled: 'Pas de remboursement : cette eSIM a été installée sur un téléphone.',
    inUse: 'Actif',
    usedUp: 'Épuisé',
    yourData: 'Vos données',
    topUp: 'Recharger cette eSIM',
    rawWords: /\b(active|depleted|Released|Runs out|left)\b/,
  },
} as const;
type Language = keyof typeof languages;

let buyer: Purchase;
/** Never installed. */
let fresh: string;
/** Installed, used for minutes: 5% of its data. */
let minutesIn: string;
/** Installed, its data used up. */
let usedUp: string;

async function control(request: APIRequestContext, iccid: string, what: string, data: object) {
  const response = await request.post(`/_sandbox/esimgo/control/esims/${iccid}/${what}`, {
    data,
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The phone installs the eSIM and has been on the network a few minutes; `usedPercent` used. */
async function installAndUse(request: APIRequestContext, iccid: string, usedPercent: number) {
  await control(request, iccid, 'status', { profileStatus: 'Installed' });
  // Bought six minutes ago: the bundle started five minutes ago (a minute after its order).
  await control(request, iccid, 'backdate', { hours: 0.1 });
  await control(request, iccid, 'usage', { usedPercent });
}

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(300_000);
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  const plan = await francePlan(context.request);
  buyer = await signUpAndBuy(page, context.request, { name: 'Salma Aoun', plan });
  fresh = buyer.iccid;
  minutesIn = (await buy(page, plan)).iccid;
  usedUp = (await buy(page, plan)).iccid;
  await installAndUse(context.request, minutesIn, 5);
  await installAndUse(context.request, usedUp, 100);
  await context.close();
});

/** Opens the profile signed in as the buyer, in `language`, as a reload would find it. */
async function openProfileIn(page: Page, language: Language) {
  await page.addInitScript(
    ({ client, lang }) => {
      window.localStorage.setItem('lang', lang);
      if (window.sessionStorage.getItem('seeded')) return;
      window.sessionStorage.setItem('seeded', 'yes');
      window.localStorage.setItem('cli_token', client.token);
      window.localStorage.setItem('cli_email', client.email);
      window.localStorage.setItem('cli_name', client.name);
      window.localStorage.setItem('cli_mobile', client.mobile);
    },
    { client: buyer, lang: language },
  );
  await page.goto(`/${hrefTo(paths.profile)}`);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(cardOf(page, usedUp)).toBeVisible();
}

const cardOf = (page: Page, iccid: string) => page.getByRole('article').filter({ hasText: iccid });

/** The card's actions in reading order, by their visible names. */
function actionsOf(card: Locator): Locator {
  return card.locator('a, button');
}

const actionName = (say: (typeof languages)[Language], name: string, iccid: string) =>
  `${name} ${say.forThis} ${iccid}`;

async function openUsage(page: Page, say: (typeof languages)[Language], iccid: string) {
  await cardOf(page, iccid)
    .getByRole('button', { name: actionName(say, say.usage, iccid) })
    .click();
  const dialog = page.getByRole('dialog', { name: say.usage });
  await expect(dialog.getByRole('article')).toHaveCount(1);
  return dialog;
}

for (const viewport of viewports) {
  for (const language of ['en', 'fr'] as const) {
    const say = languages[language];

    test.describe(`the profile in ${language} on a ${viewport.name}`, () => {
      test.use({ viewport: viewport.size });

      test('each card leads with its most useful action, states in words, refund told before the button', async ({
        page,
      }) => {
        await openProfileIn(page, language);

        // Not installed: install it first (issue 31: the install section, its once-only warning
        // acknowledged first; then QR Code), Topup next; a refund is on offer.
        const notInstalled = cardOf(page, fresh);
        await expect(notInstalled.locator('dd').nth(2)).toHaveText(say.notInstalled);
        await expect(notInstalled.locator('dt').nth(2)).toHaveText(say.status);
        const freshActions = actionsOf(notInstalled);
        await expect(freshActions.nth(0)).toHaveAccessibleName(say.understand);
        await expect(freshActions.nth(1)).toHaveAccessibleName(actionName(say, say.qr, fresh));
        await expect(freshActions.nth(2)).toHaveAccessibleName(actionName(say, say.topup, fresh));
        const refund = notInstalled.getByRole('button', {
          name: actionName(say, say.refund, fresh),
        });
        await expect(refund).toBeVisible();
        await expect(notInstalled.getByText(say.refundUntil)).toBeVisible();

        // Installed: Usage first, Topup second; no refund button, and the reason instead.
        for (const iccid of [minutesIn, usedUp]) {
          const card = cardOf(page, iccid);
          await expect(card.locator('dd').nth(2)).toHaveText(say.installed);
          const actions = actionsOf(card);
          await expect(actions.nth(0)).toHaveAccessibleName(actionName(say, say.usage, iccid));
          await expect(actions.nth(1)).toHaveAccessibleName(actionName(say, say.topup, iccid));
          await expect(card.getByText(say.noRefundInstalled)).toBeVisible();
          await expect(
            card.getByRole('button', { name: new RegExp(`^${say.refund}`) }),
          ).toHaveCount(0);
        }
        // The main action fits the screen whole.
        await freshActions.nth(0).scrollIntoViewIfNeeded();
        await expect(freshActions.nth(0)).toBeInViewport({ ratio: 1 });
        await expect(page.getByRole('main')).not.toContainText(say.rawWords);
        await expectAccessible(page);
      });

      test('usage: states in words, no forecast from minutes of data, a top-up where data ran out', async ({
        page,
      }) => {
        await openProfileIn(page, language);

        const early = await openUsage(page, say, minutesIn);
        const bundle = early.getByRole('article');
        await expect(bundle).toContainText(say.inUse);
        await expect(bundle.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '95');
        // Five minutes and 5% say nothing of the pace: no run-out date, no days left.
        await expect(bundle.locator('dt')).toHaveCount(2);
        await expect(bundle).not.toContainText(say.yourData);
        await expect(bundle.getByRole('link', { name: new RegExp(`^${say.topUp}`) })).toHaveCount(
          0,
        );
        await expect(early).not.toContainText(say.rawWords);
        await expectAccessible(page);
        await page.keyboard.press('Escape');
        await expect(early).toBeHidden();

        const dry = await openUsage(page, say, usedUp);
        const empty = dry.getByRole('article');
        await expect(empty).toContainText(say.usedUp);
        await expect(empty.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
        const topUp = empty.getByRole('link', { name: actionName(say, say.topUp, usedUp) });
        await topUp.scrollIntoViewIfNeeded();
        await expect(topUp).toBeInViewport({ ratio: 1 });
        await expect(dry).not.toContainText(say.rawWords);
        await expectAccessible(page);
      });
    });
  }

  test.describe(`a top-up on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test('from where the data ran out to the order summary, with no compatibility step', async ({
      page,
    }) => {
      const say = languages.en;
      await openProfileIn(page, 'en');
      const dialog = await openUsage(page, say, usedUp);
      await dialog.getByRole('link', { name: actionName(say, say.topUp, usedUp) }).click();
      await expect(page).toHaveURL(/purchase_type=Topup/);
      await expect(page.getByText(`Top-up for eSIM ${usedUp}`)).toBeVisible();

      await page.getByRole('button', { name: 'Buy Now' }).first().click();
      // The eSIM is on the phone already: no "dial *#06#" check.
      await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByText(`Top-up for eSIM ${usedUp}`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Proceed to Secure Payment' })).toBeVisible();
      await expectAccessible(page);
    });
  });
}
