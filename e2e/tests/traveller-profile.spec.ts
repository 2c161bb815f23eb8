/**
 * The profile tells the truth and fits a phone (issue 14, points 2, 4 and 7): a traveller who
 * bought a big plan two days ago and has since topped it up sees, on a desktop, on a phone and
 * on a 320 px screen, every bundle on the eSIM card (the top-up first), the expiry date in
 * their own locale and time zone with an estimate that never passes it, invoices as cards
 * with a reachable PDF button, and no page or dialog that scrolls sideways.
 */
import type { Locator, Page } from '@playwright/test';
import {
  type EsimBundlesView,
  hrefTo,
  type MyEsimList,
  type Plan,
  paths,
  planTitle,
  profileApiPaths,
} from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import {
  APPROVED_CARD,
  type Buyer,
  francePlan,
  getJson,
  openHostedPage,
  type Purchase,
  payWithCard,
  signUpAndBuy,
} from '../helpers/purchase';

test.describe.configure({ mode: 'serial' });

const HOUR_MS = 3_600_000;
/** How long the traveller has been using the eSIM when the tests look at it. */
const DAYS_ON_THE_ROAD = 2;

let buyer: Purchase;
let topUpPlan: Plan;

const titleOf = (plan: Plan) =>
  planTitle({
    dataMb: plan.pla_data_amount,
    unlimited: plan.pla_unlimited,
    durationDays: plan.pla_duration,
  });

/** France's biggest data plan in the group its page shows first: one a traveller cannot use up. */
async function bigFrancePlan(page: Page): Promise<Plan> {
  const cheapest = await francePlan(page.request);
  const plans = await getJson<Plan[]>(page.request, '/api/plan/country/FR');
  const sameGroup = plans.filter(
    (plan) => plan.plg_name === cheapest.plg_name && !plan.pla_unlimited,
  );
  // Most data a day of validity: the simulated traveller uses it most slowly.
  const [biggest] = sameGroup.sort(
    (a, b) => b.pla_data_amount / b.pla_duration - a.pla_data_amount / a.pla_duration,
  );
  if (!biggest) throw new Error('France has no fixed plans');
  return biggest;
}

/** The card of a plan on the page, by its shop title or its description, whichever it shows. */
function planCard(page: Page, plan: Plan): Locator {
  const either = new RegExp(`${escapeRegExp(titleOf(plan))}|${escapeRegExp(plan.pla_description)}`);
  return page.getByRole('article').filter({ hasText: either });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Tops the eSIM up the traveller's way: its card's Topup link, a plan, the hosted page. */
async function topUp(page: Page, iccid: string, plan: Plan): Promise<void> {
  await page.goto(`/${hrefTo(paths.profile)}`);
  await esimCard(page, iccid)
    .getByRole('link', { name: /^Topup/ })
    .click();
  await expect(page.getByText(`Top-up for eSIM ${iccid}`)).toBeVisible();
  // No compatibility step: the eSIM is on the phone already (issue 26).
  await planCard(page, plan).first().getByRole('button', { name: 'Buy Now' }).click();
  await openHostedPage(page);
  await payWithCard(page, APPROVED_CARD);
  await expect(page).toHaveURL(new RegExp(`#${paths.profile}$`), { timeout: 60_000 });
}

async function asBuyer<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, {
    headers: { authorization: `Bearer ${buyer.token}` },
  });
  expect(response.ok(), `${path} answers`).toBe(true);
  return (await response.json()) as T;
}

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  const plan = await bigFrancePlan(page);
  buyer = await signUpAndBuy(page, context.request, { name: 'Nour Saad', plan });
  topUpPlan = await francePlan(context.request);
  await topUp(page, buyer.iccid, topUpPlan);
  await expect
    .poll(
      async () => {
        const { data } = await asBuyer<MyEsimList>(page, profileApiPaths.myEsims.href());
        return data.find((esim) => esim.iccid === buyer.iccid)?.bundles.length;
      },
      { timeout: 60_000 },
    )
    .toBe(2);
  // Two days on the road: the first bundle started then and has been used since; the
  // simulator moves this eSIM's bundles back, not the clock that every other eSIM shares.
  const backdated = await context.request.post(
    `/_sandbox/esimgo/control/esims/${buyer.iccid}/backdate`,
    { data: { hours: DAYS_ON_THE_ROAD * 24 } },
  );
  expect(backdated.ok(), await backdated.text()).toBe(true);
  await context.close();
});

async function signInAs(page: Page, client: Buyer) {
  await page.addInitScript((seed) => {
    if (window.sessionStorage.getItem('seeded')) return;
    window.sessionStorage.setItem('seeded', 'yes');
    window.localStorage.setItem('cli_token', seed.token);
    window.localStorage.setItem('cli_email', seed.email);
    window.localStorage.setItem('cli_name', seed.name);
    window.localStorage.setItem('cli_mobile', seed.mobile);
  }, client);
}

async function openProfile(page: Page) {
  await signInAs(page, buyer);
  await page.goto(`/${hrefTo(paths.profile)}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome, ${buyer.name}` }),
  ).toBeVisible();
}

const esimCard = (page: Page, iccid: string) =>
  page.getByRole('article').filter({ hasText: iccid });

/** The page does not pan sideways: nothing is wider than the window. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.content, `${where}: page width`).toBeLessThanOrEqual(widths.window);
}

/** An open dialog's content fits its box: it scrolls down at most, never sideways. */
async function expectDialogFits(dialog: Locator, where: string) {
  const sideways = await dialog.evaluate((element) =>
    [element, ...Array.from(element.querySelectorAll('*'))]
      .filter((node) => ['auto', 'scroll'].includes(getComputedStyle(node).overflowX))
      .filter((node) => node.scrollWidth > node.clientWidth + 1)
      .map((node) => `${node.tagName.toLowerCase()}.${node.className}`),
  );
  expect(sideways, `${where}: parts of the dialog that scroll sideways`).toEqual([]);
  const box = await dialog.boundingBox();
  const width = await dialog.evaluate(() => window.innerWidth);
  expect(
    (box?.x ?? 0) + (box?.width ?? 0),
    `${where}: dialog inside the window`,
  ).toBeLessThanOrEqual(width);
}

/** A date as the browser shows it in `locale` and `timeZone`, month in words. */
function browserDate(
  page: Page,
  iso: string,
  options: { locale: string; timeZone: string; withTime?: boolean },
) {
  return page.evaluate(
    ({ at, locale, timeZone, withTime }) =>
      new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
        timeZone,
      }).format(new Date(at)),
    { at: iso, ...options, withTime: options.withTime ?? false },
  );
}

const screens = [
  {
    name: 'on a desktop',
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timeZone: 'America/New_York',
  },
  {
    name: 'on a phone',
    viewport: { width: 390, height: 844 },
    locale: 'en-GB',
    timeZone: 'Asia/Beirut',
  },
  {
    name: 'on a 320 px screen',
    viewport: { width: 320, height: 640 },
    locale: 'de-DE',
    timeZone: 'Europe/Berlin',
  },
] as const;

for (const screen of screens) {
  test.describe(screen.name, () => {
    test.use({ viewport: screen.viewport, locale: screen.locale, timezoneId: screen.timeZone });
    const phone = screen.viewport.width < 640;

    test('the eSIM card lists the top-up above the first purchase, in the shop’s words', async ({
      page,
    }) => {
      await openProfile(page);
      const card = esimCard(page, buyer.iccid);
      await expect(card.getByRole('heading', { name: 'France', exact: true })).toBeVisible();
      const bundles = card.getByRole('region', { name: 'Bundles (2)' }).getByRole('listitem');
      await expect(bundles).toHaveCount(2);
      await expect(bundles.nth(0)).toContainText(titleOf(topUpPlan));
      await expect(bundles.nth(0)).toContainText('Top-up');
      await expect(bundles.nth(1)).toContainText(titleOf(buyer.plan));
      await expect(bundles.nth(1)).toContainText('First purchase');
      // The provider's names stay with the provider.
      await expect(card).not.toContainText(buyer.plan.pla_description);
      await expect(card).not.toContainText(topUpPlan.pla_description);
      // Every action is within the screen's width: scrolled to, it shows whole.
      for (const name of ['Topup', 'QR Code', 'Usage', 'eSIM details']) {
        const action = card.getByRole(name === 'Topup' ? 'link' : 'button', {
          name: new RegExp(`^${name}`),
        });
        await action.scrollIntoViewIfNeeded();
        await expect(action).toBeInViewport();
      }
      await expectNoSidewaysScroll(page, 'My eSIMs');
    });

    test('usage shows the start and the expiry date, and a slow pace lasts until the plan ends', async ({
      page,
    }) => {
      const reading = await asBuyer<EsimBundlesView>(
        page,
        profileApiPaths.esimBundles.href(buyer.iccid),
      );
      const first = reading.data.bundles.find((bundle) => bundle.name === buyer.plan.pla_name);
      const started = first?.assignments[0];
      expect(started?.bundleState).toBe('active');
      const startTime = started?.startTime ?? '';
      const endTime = started?.endTime ?? '';
      // The plan runs its validity from its start: days from when it was first used.
      expect(Date.parse(endTime) - Date.parse(startTime)).toBe(
        buyer.plan.pla_duration * 24 * HOUR_MS,
      );
      expect(Date.now() - Date.parse(startTime)).toBeGreaterThan(
        (DAYS_ON_THE_ROAD * 24 - 1) * HOUR_MS,
      );

      await openProfile(page);
      await esimCard(page, buyer.iccid)
        .getByRole('button', { name: /^Usage/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Usage' });
      await expect(dialog).toBeVisible();

      const big = dialog
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: titleOf(buyer.plan) }) });
      const zone = { locale: screen.locale, timeZone: screen.timeZone };
      await expect(big.getByText('Start date')).toBeVisible();
      await expect(big.locator(`time[datetime="${new Date(startTime).toISOString()}"]`)).toHaveText(
        await browserDate(page, startTime, zone),
      );
      await expect(big.getByText('Expiry date')).toBeVisible();
      const expiry = big.locator(`time[datetime="${new Date(endTime).toISOString()}"]`);
      await expect(expiry.first()).toHaveText(
        await browserDate(page, endTime, { ...zone, withTime: true }),
      );
      // Two days used a little of a lot: the data would outlast the plan, so the plan's end it is.
      await expect(big).toContainText(
        `Lasts until your plan ends on ${await browserDate(page, endTime, zone)}`,
      );
      await expect(big).not.toContainText(/runs out around/i);

      // The top-up waits for the bundle in use, and says how long it will last.
      const waiting = dialog
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: titleOf(topUpPlan) }) });
      await expect(waiting).toContainText(
        `Starts when your current bundle ends; lasts ${topUpPlan.pla_duration} days.`,
      );
      await expect(waiting.getByText('Expiry date')).toHaveCount(0);

      await expectDialogFits(dialog, 'Usage');
      await expectNoSidewaysScroll(page, 'Usage');
      await expectAccessible(page);
    });

    test('invoices name the plan in shop words and keep the PDF button within reach', async ({
      page,
    }) => {
      await openProfile(page);
      await page.getByRole('tab', { name: 'Invoices' }).click();
      if (phone) {
        await expect(page.getByRole('table', { name: 'Your invoices' })).toBeHidden();
        const cards = page.getByRole('list', { name: 'Your invoices' }).getByRole('listitem');
        await expect(cards).toHaveCount(2);
        // Newest first: the top-up.
        await expect(cards.nth(0)).toContainText(titleOf(topUpPlan));
        await expect(cards.nth(1)).toContainText(titleOf(buyer.plan));
        const button = cards
          .nth(0)
          .getByRole('button', { name: /^Download PDF of invoice INV-\d+$/ });
        await button.scrollIntoViewIfNeeded();
        await expect(button).toBeInViewport();
        const downloading = page.waitForEvent('download');
        await button.click();
        expect((await downloading).suggestedFilename()).toMatch(/^INV-\d{6,}\.pdf$/);
      } else {
        await expect(page.getByRole('list', { name: 'Your invoices' })).toBeHidden();
        const rows = page.getByRole('table', { name: 'Your invoices' }).getByRole('row');
        await expect(rows).toHaveCount(3);
        await expect(rows.nth(1)).toContainText(titleOf(topUpPlan));
        await expect(rows.nth(2)).toContainText(titleOf(buyer.plan));
        await expect(rows.nth(1).getByRole('button', { name: /^Download PDF/ })).toBeInViewport();
      }
      await expect(page.getByRole('tabpanel')).not.toContainText(buyer.plan.pla_description);
      await expectNoSidewaysScroll(page, 'Invoices');
      await expectAccessible(page);
    });

    test('no dialog of the profile scrolls sideways', async ({ page }) => {
      await openProfile(page);
      for (const [button, title] of [
        ['QR Code', 'QR Code'],
        ['eSIM details', 'eSIM details'],
        ['Usage', 'Usage'],
      ] as const) {
        await esimCard(page, buyer.iccid)
          .getByRole('button', { name: new RegExp(`^${button}`) })
          .click();
        const dialog = page.getByRole('dialog', { name: title });
        await expect(dialog).toBeVisible();
        if (button === 'QR Code') {
          // Not installed yet: the once-only warning comes first (issue 31), then the code.
          await dialog.getByRole('button', { name: 'I understand, show install' }).click();
          await expect(dialog.getByRole('img', { name: /^QR code to install eSIM/ })).toBeVisible();
        }
        // Wait for its content (the QR image, the details), not a loading placeholder.
        await expect(dialog.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
        await expectDialogFits(dialog, title);
        await expectNoSidewaysScroll(page, title);
        await dialog.getByRole('button', { name: 'Close', exact: true }).click();
        await expect(dialog).toBeHidden();
      }
    });
  });
}
