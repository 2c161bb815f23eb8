/**
 * The trip planner (issue 17): from the landing's "Going to several countries?", a traveller
 * picks France, Italy and Turkey with the forgiving search, asks for 10 days, reads the
 * options (the server's, cheapest first, each plan with the flags of its countries) and
 * starts buying the first option's first plan, reaching plan confirmation with that plan.
 * Then the same page in Arabic: right to left, in its words, keyboard only, axe clean.
 */
import type { Page } from '@playwright/test';
import { hrefTo, paths, type TripAnswer, tripApiPath } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { getJson, signUp } from '../helpers/purchase';

const trip = { countries: ['FR', 'IT', 'TR'], days: 10 };

/** Types into the country search and presses the country's Add button. */
async function addCountry(page: Page, typed: string, name: string) {
  await page.getByRole('searchbox', { name: 'Add a country' }).fill(typed);
  await page.getByRole('button', { name: `Add ${name}`, exact: true }).click();
}

test('plans France, Italy and Turkey for 10 days and starts buying the first option', async ({
  page,
  request,
}) => {
  const answer = await getJson<TripAnswer>(request, tripApiPath.href(trip));
  const [cheapest] = answer.options;
  const [firstPlan] = cheapest?.plans ?? [];
  if (!cheapest || !firstPlan) throw new Error('the planner found no option for the trip');

  await signUp(page, request);
  await page.getByRole('link', { name: /Going to several countries\?/ }).click();
  await expect(page).toHaveURL(new RegExp(`#${paths.trip}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Going to several countries?');

  // The landing's forgiving search: an alias and lower case find the country.
  await addCountry(page, 'france', 'France');
  await addCountry(page, 'Italia', 'Italy');
  await addCountry(page, 'Türkiye', 'Turkey');
  await expect(
    page.getByRole('list', { name: 'Countries you will visit' }).getByRole('listitem'),
  ).toHaveText(['France', 'Italy', 'Turkey']);
  // Taking one out and adding it again, by keyboard: Enter adds the best match.
  await page.getByRole('button', { name: 'Remove Italy' }).click();
  await page.getByRole('searchbox', { name: 'Add a country' }).fill('ital');
  await page.getByRole('searchbox', { name: 'Add a country' }).press('Enter');
  await expect(
    page.getByRole('list', { name: 'Countries you will visit' }).getByRole('listitem'),
  ).toHaveText(['France', 'Turkey', 'Italy']);

  await page.getByRole('spinbutton', { name: 'Days' }).fill('10');
  await page.getByRole('button', { name: 'Find plans' }).click();
  await expect(page).toHaveURL(/#\/trip\?countries=FR%2CTR%2CIT&days=10$/);

  // The live region says what came back; the cards are the server's options, cheapest first.
  const count = answer.options.length;
  await expect(page.getByRole('status').filter({ hasText: /for 10 days/ })).toHaveText(
    `${count} ${count === 1 ? 'option' : 'options'} for 10 days, from $ ${cheapest.total_price.toFixed(2)}`,
  );
  const cards = page.getByRole('article', { name: /^Option \d/ });
  await expect(cards).toHaveCount(count);
  const first = cards.first();
  await expect(first.getByRole('heading', { level: 3 })).toHaveText('Option 1 Cheapest');
  // The total, first in the card (a single plan's own price says the same again).
  await expect(
    first.getByText(`$ ${cheapest.total_price.toFixed(2)}`, { exact: true }).first(),
  ).toBeVisible();
  const planItems = first
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Buy this plan' }) });
  await expect(planItems).toHaveCount(cheapest.plans.length);
  // Each plan shows the flags and names of the countries it is for.
  for (const [index, entry] of cheapest.plans.entries()) {
    const flags = planItems
      .nth(index)
      .getByRole('list', { name: 'Works in' })
      .getByRole('listitem');
    await expect(flags).toHaveCount(entry.countries.length);
    await expect(planItems.nth(index)).toContainText(entry.plan.pla_title);
  }
  if (cheapest.plans.length > 1) {
    await expect(first.getByText(/bought one after another/)).toBeVisible();
  }
  await expectAccessible(page);

  await planItems.first().getByRole('button', { name: 'Buy this plan' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(firstPlan.plan.pla_title);
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
  // The order summary is that plan's.
  const stored = await page.evaluate(() => window.localStorage.getItem('buy-data'));
  expect(JSON.parse(stored ?? '{}')).toMatchObject({ pla_name: firstPlan.plan.pla_name });
  await expect(page.getByRole('table')).toContainText(firstPlan.plan.pla_title);
  await expect(page.getByRole('button', { name: 'Proceed to Secure Payment' })).toBeVisible();
});

test('the trip planner in Arabic: right to left, in its words, by keyboard, axe clean', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'ar'));
  await page.goto(`/${hrefTo(paths.trip)}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('مسافر إلى عدة دول؟');

  // Arabic names are searched too; Enter adds the best match.
  const search = page.getByRole('searchbox', { name: 'أضف دولة' });
  await search.fill('فرنسا');
  await search.press('Enter');
  // Written without its hamza, as often typed.
  await search.fill('ايطاليا');
  await expect(page.getByRole('list', { name: 'الدول المطابقة لبحثك' })).toBeVisible();
  await search.press('Enter');
  await expect(
    page.getByRole('list', { name: 'الدول التي ستزورها' }).getByRole('listitem'),
  ).toHaveText(['فرنسا', 'إيطاليا']);

  await page.getByRole('spinbutton', { name: 'الأيام' }).fill('7');
  await page.getByRole('spinbutton', { name: 'الأيام' }).press('Enter');
  await expect(page).toHaveURL(/countries=FR%2CIT&days=7$/);
  const first = page.getByRole('article').first();
  await expect(first.getByRole('heading', { level: 3 })).toHaveText('الخيار 1 الأرخص');
  await expect(first.getByRole('button', { name: 'اشترِ هذه الباقة' }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /ابتداءً من/ })).toContainText('US$');
  await expectAccessible(page);
  // A phone 320 px wide reads it without scrolling sideways.
  await page.setViewportSize({ width: 320, height: 700 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('Enter pressed before the country list has arrived adds the best match when it comes', async ({
  page,
}) => {
  // The list is held until the traveller has typed and pressed Enter.
  let releaseList = () => {};
  const listHeld = new Promise<void>((resolve) => {
    releaseList = resolve;
  });
  await page.route('**/api/country/', async (route) => {
    await listHeld;
    await route.continue();
  });
  await page.goto(`/${hrefTo(paths.trip)}`);
  const search = page.getByRole('searchbox', { name: 'Add a country' });
  await search.fill('france');
  await search.press('Enter');
  // Enter did not send the form with no country in it.
  await expect(page).toHaveURL(new RegExp(`#${paths.trip}$`));
  releaseList();

  await expect(
    page.getByRole('list', { name: 'Countries you will visit' }).getByRole('listitem'),
  ).toHaveText(['France']);
  await expect(search).toHaveValue('');
  await expect(search).toBeFocused();
});
