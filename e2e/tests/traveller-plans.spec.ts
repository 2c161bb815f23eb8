/**
 * Issue 14, points 9 and 12, as a traveller meets them on a phone and on a desktop: plans are
 * titled in the shop's words on the cards, the order summary and the gateway's payment page
 * (never the provider's "eSIM, 1GB, 7 Days, France, V2"); a card says which networks it uses,
 * how fast, how an unlimited plan slows after its daily allowance, and that it starts on first
 * connection; the coverage dialog names the networks per country; and on a 390x844 phone the
 * first plan and its price show on the first screen.
 */
import type { Page } from '@playwright/test';
import {
  fairUseNote,
  formatAmount,
  hrefTo,
  type Plan,
  paths,
  planDetailsQuery,
  type RoamingCountry,
  startsOnFirstConnection,
} from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { francePlan, franceUrl, getJson, openHostedPage, signUp } from '../helpers/purchase';

const europePlusUrl = `/${hrefTo(paths.planDetails, planDetailsQuery({ kind: 'region', name: 'Europe+' }))}`;
const globalUrl = `/${hrefTo(paths.planDetails, planDetailsQuery({ kind: 'region', name: 'Global' }))}`;

const viewports = [
  { name: 'a phone', width: 390, height: 844 },
  { name: 'a desktop', width: 1280, height: 800 },
] as const;

const usd = (amount: number) => `$ ${formatAmount(amount)}`;

/** The card of a plan, found by its title as a screen reader names it. */
const cardOf = (page: Page, plan: Plan) =>
  page.getByRole('article', { name: plan.pla_title, exact: true });

/** Buy Now on the plan's card, Proceed in the compatibility dialog. */
async function choose(page: Page, plan: Plan) {
  await cardOf(page, plan).getByRole('button', { name: 'Buy Now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
}

for (const viewport of viewports) {
  test.describe(`plans in the shop's words, on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("France's cards are titled by data and days and tell networks, speed and start", async ({
      page,
      request,
    }) => {
      const plans = await getJson<Plan[]>(request, '/api/plan/country/FR');
      const standard = plans.filter((plan) => plan.plg_name === 'Standard Plans');
      await page.goto(franceUrl);

      const oneGb = standard.find((plan) => plan.pla_name === 'esim_1GB_7D_FR_V2');
      expect(oneGb?.pla_title).toBe('1 GB · 7 days');
      const card = cardOf(page, oneGb as Plan);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText('1 GB · 7 days');
      await expect(card).toContainText(usd(oneGb?.pla_price ?? 0));
      const facts = card.getByRole('list', { name: 'About this plan' }).getByRole('listitem');
      await expect(facts).toHaveText([
        'Networks in France: Orange (5G), SFR (5G), Bouygues Telecom (4G)',
        startsOnFirstConnection,
      ]);
      // The provider's description is for the provider.
      for (const plan of standard) {
        await expect(cardOf(page, plan)).toBeVisible();
        await expect(page.getByText(plan.pla_description)).toHaveCount(0);
      }
      await expect(page.getByText(/Hotspot/i)).toHaveCount(0);
      await expectAccessible(page);
    });

    test('each Daily Unlimited card shows its days and the daily full-speed allowance', async ({
      page,
      request,
    }) => {
      const plans = await getJson<Plan[]>(request, '/api/plan/country/FR');
      const daily = plans
        .filter((plan) => plan.plg_name === 'Daily Unlimited Plans')
        .sort((a, b) => a.pla_duration - b.pla_duration);
      expect(daily.length).toBeGreaterThan(1);
      await page.goto(franceUrl);
      await page.getByRole('button', { name: 'Daily Unlimited Plans' }).click();

      const titles = page.getByRole('article').getByRole('heading', { level: 3 });
      await expect(titles).toHaveText(daily.map((plan) => plan.pla_title));
      await expect(titles.first()).toHaveText('Unlimited · 1 day');
      for (const plan of daily) {
        expect(plan.pla_fair_use).not.toBeNull();
        if (plan.pla_fair_use) {
          await expect(cardOf(page, plan)).toContainText(fairUseNote(plan.pla_fair_use));
        }
      }
      // Unlimited Essential, as eSIM Go documents it: 1 GB a day at full speed, then 1.25 Mbps.
      await expect(cardOf(page, daily[0] as Plan)).toContainText(
        'Full speed for the first 1 GB each day, then up to 1.25 Mbps',
      );
      await expectAccessible(page);
    });

    test("Europe+'s coverage dialog names the networks in each country", async ({
      page,
      request,
    }) => {
      const plans = await getJson<Plan[]>(
        request,
        `/api/plan/region/${encodeURIComponent('Europe+')}`,
      );
      const plan = plans.find((entry) => entry.plg_name === 'Standard Plans');
      expect(plan).toBeDefined();
      const coverage = await getJson<RoamingCountry[]>(
        request,
        `/api/plan/country/roaming/${plan?.pla_id}`,
      );
      await page.goto(europePlusUrl);
      const card = cardOf(page, plan as Plan);
      await expect(card).toContainText(`Works in ${coverage.length} countries`);
      await expect(card).toContainText('Up to 5G');
      await card.getByRole('button', { name: 'View Regions' }).click();

      const dialog = page.getByRole('dialog', { name: 'Countries covered' });
      await expect(dialog).toContainText(`Your Europe+ plan (${plan?.pla_title}) works in`);
      await expect(dialog).toContainText(startsOnFirstConnection);
      const countries = dialog.getByRole('list', { name: 'Countries' }).getByRole('listitem');
      await expect(countries).toHaveCount(coverage.length);
      await expect(countries.filter({ hasText: 'France' })).toContainText(
        'Orange (5G), SFR (5G), Bouygues Telecom (4G)',
      );
      await expect(countries.filter({ hasText: 'Germany' })).toContainText(
        'Telekom (5G), Vodafone (5G), O2 (4G)',
      );
      await expectAccessible(page);
    });

    test('the first plan and its price show on the first screen', async ({ page, request }) => {
      for (const [url, path] of [
        [franceUrl, '/api/plan/country/FR'],
        [europePlusUrl, `/api/plan/region/${encodeURIComponent('Europe+')}`],
      ] as const) {
        const plans = await getJson<Plan[]>(request, path);
        const first = plans
          .filter((plan) => plan.plg_name === 'Standard Plans')
          .sort((a, b) => a.pla_price - b.pla_price)[0];
        await page.goto(url);
        const card = page.getByRole('article').first();
        await expect(card.getByRole('heading', { level: 3 })).toHaveText(first?.pla_title ?? '');
        const price = card.getByText(usd(first?.pla_price ?? 0), { exact: true });
        await expect(price).toBeVisible();
        const box = await price.boundingBox();
        expect(box, `the first price on ${url}`).not.toBeNull();
        expect((box?.y ?? 0) + (box?.height ?? 0), url).toBeLessThanOrEqual(viewport.height);
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
      }
    });

    test('the order summary and the gateway page name the plan in the same words', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const plan = await francePlan(request);
      const words = `France eSIM · ${plan.pla_title}`;
      await signUp(page, request);
      await page.goto(franceUrl);
      await choose(page, plan);

      const summary = page.getByRole('table', { name: 'Your order' });
      await expect(summary.getByRole('rowheader', { name: words })).toBeVisible();
      await expect(page.getByText(plan.pla_description)).toHaveCount(0);
      await expectAccessible(page);

      await openHostedPage(page);
      await expect(page.getByText(words)).toBeVisible();
      await expect(page.getByText(plan.pla_description)).toHaveCount(0);
      await expect(page.getByText(formatAmount(plan.pla_price)).first()).toBeVisible();
    });
  });
}

test.describe('the order summary on the narrowest phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('shows every column of the dearest plan within 320 px, nothing scrolling sideways', async ({
    page,
    request,
  }) => {
    const plans = await getJson<Plan[]>(request, '/api/plan/region/Global');
    const dearest = plans.reduce((a, b) => (b.pla_price > a.pla_price ? b : a));
    await signUp(page, request);
    await page.goto(globalUrl);
    await page.getByRole('button', { name: dearest.plg_name }).click();
    await choose(page, dearest);

    const summary = page.getByRole('table', { name: 'Your order' });
    await expect(summary.getByRole('columnheader')).toHaveText([
      'Description',
      'Price',
      'Quantity',
      'Amount',
    ]);
    await expect(
      summary.getByRole('rowheader', { name: `Global eSIM · ${dearest.pla_title}` }),
    ).toBeVisible();
    await expect(summary.getByRole('row', { name: 'Total (USD)' })).toContainText(
      usd(dearest.pla_price),
    );
    // The table stays inside its card, and its last column inside the screen.
    const fits = await summary.evaluate((table) => {
      const box = table.parentElement?.getBoundingClientRect();
      const own = table.getBoundingClientRect();
      const cells = Array.from(table.querySelectorAll('td, th'));
      return {
        inCard: box !== undefined && own.right <= box.right + 0.5,
        rightmost: Math.max(...cells.map((cell) => cell.getBoundingClientRect().right)),
      };
    });
    expect(fits.inCard).toBe(true);
    expect(fits.rightmost).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
  });
});
