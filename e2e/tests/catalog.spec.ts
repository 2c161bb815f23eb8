import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  type Country,
  formatAmount,
  hrefTo,
  lowestPrice,
  type Plan,
  paths,
  planDetailsQuery,
  type RoamingCountry,
} from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';

const europePlusUrl = `/${hrefTo(paths.planDetails, planDetailsQuery({ kind: 'region', name: 'Europe+' }))}`;
const franceUrl = `/${hrefTo(
  paths.planDetails,
  planDetailsQuery({ kind: 'country', iso: 'FR', name: 'France' }),
)}`;

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answers`).toBe(true);
  return (await response.json()) as T;
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en');

/** The plans the page shows first: those of the first group, in the API's group order. */
async function firstGroupPlans(request: APIRequestContext, path: string): Promise<Plan[]> {
  const plans = await getJson<Plan[]>(request, path);
  const order = await getJson<string[]>(request, '/api/plan/groups');
  const first = order.find((group) => plans.some((plan) => plan.plg_name === group));
  return plans.filter((plan) => plan.plg_name === first);
}
const countryGrid = (page: Page) =>
  page.getByRole('tabpanel', { name: 'Countries' }).getByRole('list');

/** Presses Tab (or Shift+Tab) until `target` has focus: how a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let presses = 0; presses < 80; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`could not reach ${target} with ${key}`);
}

test.describe('the plan landing', () => {
  test('a fresh start shows the favourite countries, and View all shows every country', async ({
    page,
    request,
  }) => {
    const countries = await getJson<Country[]>(request, '/api/country/');
    const favourites = countries.filter((country) => country.cou_favorit);
    const others = countries.filter((country) => !country.cou_favorit);
    expect(favourites.length).toBeGreaterThan(0);

    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose your destination' }),
    ).toBeVisible();
    await expect(page.getByText('Pick a data plan for your trip')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Countries' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const grid = countryGrid(page);
    await expect(grid.getByRole('link')).toHaveText(
      favourites.map((country) => country.cou_name).sort(byName),
    );
    await expect(grid.getByRole('link', { name: others[0]?.cou_name })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'View all' }).click();
    await expect(grid.getByRole('link')).toHaveCount(countries.length);
    await expect(page.getByRole('button', { name: 'View all' })).toBeHidden();
    // Favourites still come first.
    await expect(grid.getByRole('link').first()).toHaveText(
      favourites.map((country) => country.cou_name).sort(byName)[0] ?? '',
    );
  });

  test('the search finds countries by any part of their name, among all countries', async ({
    page,
    request,
  }) => {
    const countries = await getJson<Country[]>(request, '/api/country/');
    const matches = countries.filter((country) => country.cou_name.toLowerCase().includes('fra'));

    await page.goto(`/${hrefTo(paths.plan)}`);
    const search = page.getByRole('searchbox', { name: 'Search countries' });
    await expect(search).toHaveAttribute('placeholder', 'Search for country data bundle...');
    await search.fill('fra');
    const grid = countryGrid(page);
    // One result per country; a result also links the regions that cover it.
    await expect(grid.getByRole('listitem')).toHaveCount(matches.length);
    await expect(grid.getByRole('link', { name: 'France' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'View all' })).toBeHidden();

    // A country that is not a favourite is found too: the search covers all countries.
    const other = countries.find((country) => !country.cou_favorit);
    if (other) {
      await search.fill(other.cou_name.toUpperCase());
      await expect(grid.getByRole('link', { name: other.cou_name })).toBeVisible();
    }

    await search.fill('no such place');
    await expect(page.getByText('No country matches your search.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(search).toHaveValue('');
    await expect(page.getByRole('button', { name: 'View all' })).toBeVisible();
  });

  test('choosing a tab clears the search, and Countries goes back to the favourites', async ({
    page,
    request,
  }) => {
    const countries = await getJson<Country[]>(request, '/api/country/');
    const favourites = countries.filter((country) => country.cou_favorit);

    await page.goto('/');
    await page.getByRole('button', { name: 'View all' }).click();
    const search = page.getByRole('searchbox', { name: 'Search countries' });
    await search.fill('spa');
    await page.getByRole('tab', { name: 'Regions' }).click();
    await page.getByRole('tab', { name: 'Countries' }).click();
    await expect(search).toHaveValue('');
    await expect(countryGrid(page).getByRole('link')).toHaveCount(favourites.length);
    await expect(page.getByRole('button', { name: 'View all' })).toBeVisible();
  });

  test('Regions shows the ten regions, each with its picture', async ({ page, request }) => {
    const regions = await getJson<{ reg_name: string }[]>(request, '/api/country/regions/');
    expect(regions).toHaveLength(10);

    await page.goto('/');
    const regionsTab = page.getByRole('tab', { name: 'Regions' });
    await regionsTab.click();
    await expect(regionsTab).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name: 'Regions' });
    const cards = panel.getByRole('link');
    await expect(cards).toHaveCount(10);
    for (const region of regions) {
      await expect(
        panel.getByRole('link', { name: new RegExp(`^${escapeRegExp(region.reg_name)}`) }),
      ).toBeVisible();
    }
    const europe = panel.getByRole('link', { name: /^Europe\+/ });
    await expect(europe).toHaveAttribute(
      'href',
      hrefTo(paths.planDetails, planDetailsQuery({ kind: 'region', name: 'Europe+' })),
    );
    await expect(europe.locator('img')).toHaveAttribute('src', '/regions/europe-plus.svg');
    await expect
      .poll(() => europe.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expectAccessible(page);
  });

  test('country cards show local flags of a fixed size', async ({ page }) => {
    await page.goto('/');
    const flag = countryGrid(page).getByRole('link', { name: 'France' }).locator('img');
    await expect(flag).toHaveAttribute('src', '/flags/fr.svg');
    await expect(flag).toHaveAttribute('width', '40');
    await expect(flag).toHaveAttribute('height', '30');
    await expect
      .poll(() => flag.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  });
});

test.describe('when the catalogue cannot be loaded', () => {
  test('the landing says so, and Try again loads the destinations', async ({ page }) => {
    let failing = true;
    await page.route('**/api/country/', (route) =>
      failing
        ? route.fulfill({ status: 503, json: { message: 'Service unavailable' } })
        : route.continue(),
    );
    await page.goto('/');
    await expect(page.getByRole('alert')).toContainText("We couldn't load the destinations.");
    await expectAccessible(page);

    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(countryGrid(page).getByRole('link', { name: 'France' })).toBeVisible();
    await expect(page.getByRole('alert')).toBeHidden();
  });

  test('the coverage dialog says the list is unavailable', async ({ page }) => {
    await page.route('**/api/plan/country/roaming/**', (route) =>
      route.fulfill({ status: 500, json: { message: 'Something bad happened' } }),
    );
    await page.goto(europePlusUrl);
    await page.getByRole('button', { name: 'View Regions' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Countries covered' });
    await expect(dialog.getByText('Coverage list unavailable')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Countries' })).toHaveCount(0);
  });
});

test.describe('the hero carousel', () => {
  const currentSlide = (page: Page) =>
    page.getByRole('group', { name: 'Choose a slide' }).locator('[aria-current="true"]');

  test('moves on every four seconds, and stops while the pointer is over it', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(currentSlide(page)).toHaveAccessibleName(
      'Slide 1: Stay connected in 190+ destinations',
    );
    await page.clock.runFor(4100);
    await expect(currentSlide(page)).toHaveAccessibleName('Slide 2: Install in minutes by QR code');

    await page.getByRole('region', { name: 'Why travel with an eSIM' }).hover();
    await page.clock.runFor(9000);
    await expect(currentSlide(page)).toHaveAccessibleName('Slide 2: Install in minutes by QR code');

    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect(currentSlide(page)).toHaveAccessibleName('Slide 3: No roaming bills');
    await page
      .getByRole('button', { name: 'Slide 1: Stay connected in 190+ destinations' })
      .click();
    await expect(currentSlide(page)).toHaveAccessibleName(
      'Slide 1: Stay connected in 190+ destinations',
    );
  });

  test('stays still for visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Play slide show' })).toBeVisible();
    await page.clock.runFor(9000);
    await expect(currentSlide(page)).toHaveAccessibleName(
      'Slide 1: Stay connected in 190+ destinations',
    );
  });
});

test.describe('plan details', () => {
  test("France's page lists its plans by group, from the lowest price", async ({
    page,
    request,
  }) => {
    const plans = await getJson<Plan[]>(request, '/api/plan/country/FR');
    const groupOrder = await getJson<string[]>(request, '/api/plan/groups');
    const groups = groupOrder.filter((group) => plans.some((plan) => plan.plg_name === group));
    const lowest = lowestPrice(plans.map((plan) => plan.pla_price));
    expect(lowest).toBeDefined();

    await page.goto('/');
    await countryGrid(page).getByRole('link', { name: 'France' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'France Packages' })).toBeVisible();
    await expect(page).toHaveURL(/#\/plan-details\?purchase_type=Regular&planType=Countries&data=/);
    await expect(
      page.getByText(`Plans starting from $ ${formatAmount(lowest ?? 0)}`),
    ).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link')).toHaveText(['Home', 'Plan']);
    await expect(
      page.getByText('Activate before your trip: the plan starts when you land and connect'),
    ).toBeVisible();
    await expect(page.getByText('Works with any unlocked, eSIM-compatible phone')).toBeVisible();

    const groupButtons = page.getByRole('group', { name: 'Plan groups' }).getByRole('button');
    await expect(groupButtons).toHaveText(groups);
    await expect(groupButtons.first()).toHaveAttribute('aria-pressed', 'true');
    const firstGroup = plans.filter((plan) => plan.plg_name === groups[0]);
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(firstGroup.length);
    const cheapest = firstGroup.reduce((a, b) => (b.pla_price < a.pla_price ? b : a));
    const cheapestCard = page.getByRole('article', { name: cheapest.pla_title, exact: true });
    await expect(cheapestCard).toContainText(`$ ${formatAmount(cheapest.pla_price)}`);
    await expect(cheapestCard).toContainText(`${cheapest.pla_data_amount / 1000} GB`);
    await expect(cheapestCard).toContainText(`${cheapest.pla_duration} days`);
    await expect(cheapestCard.getByRole('button', { name: 'Buy Now' })).toBeVisible();
    // A one-country plan has no coverage list.
    await expect(page.getByRole('button', { name: 'View Regions' })).toHaveCount(0);
    await expectAccessible(page);

    const unlimited = groups.find((group) => group === 'Daily Unlimited Plans');
    if (unlimited) {
      await page.getByRole('button', { name: unlimited }).click();
      await expect(page.getByRole('button', { name: unlimited })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(groupButtons.first()).toHaveAttribute('aria-pressed', 'false');
      await expect(cards).toHaveCount(plans.filter((plan) => plan.plg_name === unlimited).length);
      await expect(cards.first()).toContainText('Unlimited');
      await expect(cards.first()).toContainText('1 day');
    }
  });

  test("Europe+'s coverage dialog lists the plan's countries with their flags", async ({
    page,
    request,
  }) => {
    const plans = await firstGroupPlans(
      request,
      `/api/plan/region/${encodeURIComponent('Europe+')}`,
    );
    const plan = plans.find((entry) => entry.coverage > 1);
    expect(plan, 'a Europe+ plan that covers several countries').toBeDefined();
    const coverage = await getJson<RoamingCountry[]>(
      request,
      `/api/plan/country/roaming/${plan?.pla_id}`,
    );
    expect(coverage.length).toBe(plan?.coverage);

    await page.goto(europePlusUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Europe+ Packages' })).toBeVisible();
    const card = page.getByRole('article', { name: plan?.pla_title, exact: true });
    const viewRegions = card.getByRole('button', { name: 'View Regions' });
    await viewRegions.click();
    const dialog = page.getByRole('dialog', { name: 'Countries covered' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close dialog' })).toBeFocused();
    const items = dialog.getByRole('list', { name: 'Countries' }).getByRole('listitem');
    await expect(items).toHaveCount(coverage.length);
    const france = items.filter({ hasText: 'France' });
    await expect(france.locator('img')).toHaveAttribute('src', '/flags/fr.svg');
    await expect
      .poll(() => france.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(viewRegions).toBeFocused();
  });

  test('Buy Now asks about compatibility; Close, Escape and the backdrop close it', async ({
    page,
  }) => {
    await page.goto(franceUrl);
    const buyNow = page.getByRole('button', { name: 'Buy Now' }).first();
    await buyNow.click();
    const dialog = page.getByRole('dialog', { name: 'Is your phone eSIM compatible?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('*#06#');
    await expect(dialog).toContainText('If an EID number shows, your phone is eSIM compatible.');
    await expect(dialog.getByRole('button', { name: 'Close dialog' })).toBeFocused();
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(buyNow).toBeFocused();

    await buyNow.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(buyNow).toBeFocused();

    await buyNow.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5); // the backdrop, outside the dialog box
    await expect(dialog).toBeHidden();
  });

  test('Proceed while signed out saves the plan and goes to sign-in', async ({ page, request }) => {
    const [chosen] = await firstGroupPlans(request, '/api/plan/country/FR');
    await page.goto(franceUrl);
    await page
      .getByRole('article', { name: chosen?.pla_title, exact: true })
      .getByRole('button', { name: 'Buy Now' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Proceed' }).click();

    await expect(page).toHaveURL(new RegExp(`#${paths.signIn}$`));
    const saved = await page.evaluate(() => ({
      plan: window.localStorage.getItem('buy-data'),
      url: window.localStorage.getItem('plan-url'),
    }));
    const plan = JSON.parse(saved.plan ?? 'null') as Plan | null;
    expect(plan).toEqual(chosen);
    expect(saved.url).toBe(franceUrl.slice(1));
  });

  test('a shared plan-details link opens the same page, and survives a reload', async ({
    page,
  }) => {
    await page.goto(europePlusUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Europe+ Packages' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy Now' }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Europe+ Packages' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'View Regions' }).first()).toBeVisible();
  });

  test('a broken plan link says so and leads back to the plans', async ({ page }) => {
    await page.goto(
      `/${hrefTo(paths.planDetails, { purchase_type: 'Regular', planType: 'Countries', data: 'oops' })}`,
    );
    await expect(
      page.getByRole('heading', { level: 1, name: 'This plan link is not valid' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to plans' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose your destination' }),
    ).toBeVisible();
  });
});

test.describe('the /plans shortcut', () => {
  test("the footer's France goes straight to France's plans, without a stop in the history", async ({
    page,
  }) => {
    await page.goto('/');
    await page
      .getByRole('contentinfo')
      .getByRole('region', { name: 'Top Destinations' })
      .getByRole('link', { name: 'France' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'France Packages' })).toBeVisible();
    await expect(page).toHaveURL(/#\/plan-details\?/);
    // Back returns to the landing: the shortcut replaced its own history entry.
    await page.goBack();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose your destination' }),
    ).toBeVisible();
    await expect(page).not.toHaveURL(/plans/);
  });

  test('a region shortcut opens the region, and an unknown one the landing', async ({ page }) => {
    await page.goto(`/${hrefTo(paths.plans, { region: 'Europe+' })}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Europe+ Packages' })).toBeVisible();

    await page.goto(`/${hrefTo(paths.plans, { iso: 'FR' })}`);
    await expect(page.getByRole('heading', { level: 1, name: 'France Packages' })).toBeVisible();

    await page.goto(`/${hrefTo(paths.plans, { iso: 'ZZ' })}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose your destination' }),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`#${paths.plan}$`));
  });
});

test('a keyboard alone reaches a plan, its coverage and the compatibility check', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose your destination' }),
  ).toBeVisible();

  // Landing -> search -> France.
  await tabTo(page, page.getByRole('searchbox', { name: 'Search countries' }));
  await page.keyboard.type('fra');
  const franceCard = countryGrid(page).getByRole('link', { name: 'France' });
  await expect(franceCard).toBeVisible();
  await tabTo(page, franceCard);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'France Packages' })).toBeVisible();

  // Compatibility dialog: opens with focus inside, Close puts focus back on Buy Now.
  const franceBuy = page.getByRole('button', { name: 'Buy Now' }).first();
  await tabTo(page, franceBuy);
  await page.keyboard.press('Enter');
  const compatibility = page.getByRole('dialog', { name: 'Is your phone eSIM compatible?' });
  await expect(compatibility).toBeVisible();
  await tabTo(page, compatibility.getByRole('button', { name: 'Close', exact: true }));
  await page.keyboard.press('Enter');
  await expect(compatibility).toBeHidden();
  await expect(franceBuy).toBeFocused();

  // Back to the landing by the breadcrumb, then the Regions tab with the arrow keys.
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Plan' }),
    'Shift+Tab',
  );
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('tab', { name: 'Countries' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Regions' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Regions' })).toHaveAttribute('aria-selected', 'true');
  const europe = page.getByRole('tabpanel', { name: 'Regions' }).getByRole('link', {
    name: /^Europe\+/,
  });
  await expect(europe).toBeVisible();
  await tabTo(page, europe);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Europe+ Packages' })).toBeVisible();

  // Coverage dialog, closed with Escape.
  const viewRegions = page.getByRole('button', { name: 'View Regions' }).first();
  await tabTo(page, viewRegions);
  await page.keyboard.press('Enter');
  const coverage = page.getByRole('dialog', { name: 'Countries covered' });
  await expect(coverage.getByRole('listitem').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(coverage).toBeHidden();
  await expect(viewRegions).toBeFocused();

  // Buy, and proceed to sign-in.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Buy Now' }).first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(compatibility).toBeVisible();
  await tabTo(page, compatibility.getByRole('button', { name: 'Proceed' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#${paths.signIn}$`));
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
