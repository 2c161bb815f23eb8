/**
 * Issue 26, points 11 and 16 (trip planner), on a phone and a laptop: for Japan, Thailand,
 * the USA and the UAE over 21 days, the cheapest combination comes first and one Global eSIM
 * for all four is offered beside it, each plan named by its region or country and how many
 * countries it covers; in French and Arabic the titles and prices are in the page's language
 * and the words agree ("1 Go partagé", "Ajouté : Autriche", no "pour Allemagne", no
 * "لـالولايات المتحدة").
 */
import type { Page } from '@playwright/test';
import {
  hrefTo,
  paths,
  type TripAnswer,
  type TripOption,
  tripApiPath,
  tripQueryParams,
} from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { getJson } from '../helpers/purchase';

const asia = { countries: ['JP', 'TH', 'US', 'AE'], days: 21 };
const europe = { countries: ['FR', 'DE', 'AT'], days: 7 };
type Trip = typeof asia;

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** Left-to-right isolates around Arabic prices and amounts, which a reader does not see. */
const ISOLATE = '[\\u2066\\u2069]?';

async function openTrip(page: Page, trip: Trip, language?: 'fr' | 'ar') {
  if (language) {
    await page.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
  }
  await page.goto(`/${hrefTo(paths.trip, tripQueryParams(trip))}`);
  await expect(page.getByRole('article').first()).toBeVisible();
}

/** The planner's answer, with the cheapest one-plan option and the cheapest combination. */
async function answerFor(request: Parameters<typeof getJson>[0], trip: Trip) {
  const answer = await getJson<TripAnswer>(request, tripApiPath.href(trip));
  const onePlan = answer.options.findIndex((option) => option.plans.length === 1);
  const combination = answer.options.findIndex((option) => option.plans.length > 1);
  return { answer, onePlan, combination };
}

function onlyPlan(option: TripOption | undefined) {
  const [entry] = option?.plans ?? [];
  if (!entry || option?.plans.length !== 1) throw new Error('not a one-plan option');
  return entry.plan;
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const viewport of viewports) {
  const size = `${viewport.width}x${viewport.height}`;

  test.describe(`at ${size}`, () => {
    test.use({ viewport });

    test(`offers one eSIM for Japan, Thailand, the USA and the UAE beside the cheapest combination, each plan named (${size})`, async ({
      page,
      request,
    }) => {
      const { answer, onePlan, combination } = await answerFor(request, asia);
      expect(onePlan, 'a one-plan option').toBeGreaterThanOrEqual(0);
      expect(combination, 'the cheapest combination comes first').toBe(0);
      const global = onlyPlan(answer.options[onePlan]);
      expect(global.pla_price).toBe(46.99);

      await openTrip(page, asia);
      const cards = page.getByRole('article', { name: /^Option \d/ });
      await expect(cards).toHaveCount(answer.options.length);
      const one = cards.nth(onePlan);
      await expect(one.getByText('One eSIM for every stop')).toBeVisible();
      await expect(
        one.getByText(`${global.plc_name} · ${global.coverage} countries`, { exact: true }),
      ).toBeVisible();
      await expect(one.getByText('$ 46.99', { exact: true }).first()).toBeVisible();
      await expect(one.getByRole('button', { name: 'Buy this plan' })).toHaveAccessibleDescription(
        `${global.plc_name} · ${global.coverage} countries 5 GB · 30 days $ 46.99`,
      );
      // The cheapest combination, first: its regional plan named with its country count.
      const first = cards.first();
      await expect(first.getByText('Cheapest')).toBeVisible();
      const regional = answer.options[0]?.plans.find((entry) => entry.shared)?.plan;
      if (!regional) throw new Error('the cheapest combination has no regional plan');
      await expect(
        first.getByText(`${regional.plc_name} · ${regional.coverage} countries`, { exact: true }),
      ).toBeVisible();
      await expect(first.getByText('5 GB shared by 2 countries')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    });

    test(`the trip planner in French: its titles, prices and grammar (${size})`, async ({
      page,
      request,
    }) => {
      // Adding a country is announced without agreeing with its name.
      await page.addInitScript(() => window.localStorage.setItem('lang', 'fr'));
      await page.goto(`/${hrefTo(paths.trip)}`);
      await page.getByRole('searchbox', { name: 'Ajouter un pays' }).fill('Autriche');
      await page.getByRole('button', { name: 'Ajouter Autriche', exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Autriche' })).toHaveText(
        'Ajouté : Autriche',
      );

      const { onePlan } = await answerFor(request, asia);
      await openTrip(page, asia);
      const cards = page.getByRole('article', { name: /^Option \d/ });
      const one = cards.nth(onePlan);
      await expect(one.getByText('Une seule eSIM pour toutes les étapes')).toBeVisible();
      await expect(one.getByText('Monde · 121 pays', { exact: true })).toBeVisible();
      await expect(one.getByText('5 Go · 30 jours', { exact: true })).toBeVisible();
      await expect(one.getByText(/^46,99\s\$US$/).first()).toBeVisible();
      await expect(one.getByText('5 Go partagés entre 4 pays')).toBeVisible();
      const results = page.getByRole('region', { name: 'Vos options' });
      await expect(results).not.toContainText(/\bGB\b|\bdays?\b|\$ \d|USD|eSIM ·/);

      // One GB shared agrees in the singular; a country's own plan needs no "pour Allemagne".
      await openTrip(page, europe);
      const europeFirst = page.getByRole('article').first();
      await expect(europeFirst.getByText('Europe+ · 41 pays', { exact: true })).toBeVisible();
      await expect(europeFirst.getByText('1 Go partagé entre 3 pays')).toBeVisible();
      await expect(page.getByRole('article').nth(1).getByText('Allemagne').first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Vos options' })).not.toContainText(
        /1 Go partagés|pour Allemagne/,
      );
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    });

    test(`the trip planner in Arabic: its titles, prices and no لـ glued to a name (${size})`, async ({
      page,
      request,
    }) => {
      const { onePlan } = await answerFor(request, asia);
      await openTrip(page, asia, 'ar');
      const cards = page.getByRole('article', { name: /^الخيار \d/ });
      const one = cards.nth(onePlan);
      await expect(one.getByText('شريحة eSIM واحدة لكل المحطات')).toBeVisible();
      await expect(one.getByText('العالم · 121 دولة', { exact: true })).toBeVisible();
      await expect(
        one.getByText(new RegExp(`^${ISOLATE}US\\$ 46\\.99${ISOLATE}$`)).first(),
      ).toBeVisible();
      const results = page.getByRole('region', { name: 'خياراتك' });
      await expect(results).toContainText('الولايات المتحدة');
      await expect(results).not.toContainText(/لـال|\bdays?\b|(?<!US)\$ \d|USD|eSIM ·/);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    });
  });
}
