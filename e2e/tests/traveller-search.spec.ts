import type { APIRequestContext, Page } from '@playwright/test';
import {
  type Country,
  hrefTo,
  paths,
  planDetailsQuery,
  type RegionCoverage,
  regionCoverageApiPath,
} from '@tern/contract';
import { expect, test } from '../fixtures';

/**
 * The names travellers type (issue 14): each with what should come first, by ISO code for
 * a country (its name is read from the catalogue) or by name for a region.
 */
const searches: { query: string; first: { iso: string } | { region: string } }[] = [
  { query: 'UAE', first: { iso: 'AE' } },
  { query: 'USA', first: { iso: 'US' } },
  { query: 'UK', first: { iso: 'GB' } },
  { query: 'Britain', first: { iso: 'GB' } },
  { query: 'Turkiye', first: { iso: 'TR' } },
  { query: 'Curacao', first: { iso: 'CW' } },
  { query: 'cote', first: { iso: 'CI' } },
  { query: 'aland', first: { iso: 'AX' } },
  { query: 'AE', first: { iso: 'AE' } },
  { query: 'US', first: { iso: 'US' } },
  { query: 'GB', first: { iso: 'GB' } },
  { query: 'Holland', first: { iso: 'NL' } },
  { query: 'Czechia', first: { iso: 'CZ' } },
  { query: 'Ivory Coast', first: { iso: 'CI' } },
  { query: 'europe', first: { region: 'Europe+' } },
];

/** A real country the seeded catalogue has no plan for (the simulator sells no Kosovo). */
const unsold = { query: 'Kosovo', iso: 'XK', name: 'Kosovo' };

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answers`).toBe(true);
  return (await response.json()) as T;
}

const panel = (page: Page) => page.getByRole('tabpanel', { name: 'Countries' });
const results = (page: Page) => panel(page).getByRole('list').getByRole('listitem');
/** The first result's own link: a country's or a region's card. */
const firstResultLink = (page: Page) => results(page).first().getByRole('link').first();
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search countries' });

/** Regions covering a country, the smallest (nearest) first, as the page lists them. */
function regionsCovering(coverage: RegionCoverage[], iso: string): string[] {
  return coverage
    .filter((entry) => entry.countries.includes(iso))
    .sort((a, b) => a.countries.length - b.countries.length)
    .map((entry) => entry.region);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`the destination search at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('finds each name travellers type, the best match first', async ({ page, request }) => {
      const countries = await getJson<Country[]>(request, '/api/country/');
      const nameOf = new Map(countries.map((country) => [country.cou_iso, country.cou_name]));
      await page.goto('/');
      for (const { query, first } of searches) {
        await searchBox(page).fill(query);
        const expected = 'iso' in first ? nameOf.get(first.iso) : first.region;
        expect(expected, `the catalogue sells ${JSON.stringify(first)}`).toBeDefined();
        await expect(firstResultLink(page), `first result for "${query}"`).toHaveAccessibleName(
          new RegExp(`^${escapeRegExp(expected ?? '')}`),
        );
        const href =
          'iso' in first
            ? planDetailsQuery({ kind: 'country', iso: first.iso, name: expected ?? '' })
            : planDetailsQuery({ kind: 'region', name: 'Europe+' });
        await expect(firstResultLink(page)).toHaveAttribute(
          'href',
          hrefTo(paths.planDetails, href),
        );
      }
    });

    test('ranks Åland Islands above New Zealand, and says where Turkey is also covered', async ({
      page,
      request,
    }) => {
      const coverage = await getJson<RegionCoverage[]>(request, regionCoverageApiPath.href());
      await page.goto('/');
      await searchBox(page).fill('aland');
      await expect(results(page).getByRole('link', { name: 'Åland Islands' })).toBeVisible();
      const names = await results(page).evaluateAll((items) =>
        items.map((item) => item.querySelector('a')?.textContent?.trim()),
      );
      expect(names.indexOf('Åland Islands')).toBe(0);
      expect(names.indexOf('New Zealand')).toBeGreaterThan(0);

      await searchBox(page).fill('Turkiye');
      const turkey = results(page).first();
      const alsoIn = regionsCovering(coverage, 'TR');
      expect(alsoIn).toEqual(expect.arrayContaining(['Europe+', 'Global', 'Middle East']));
      await expect(turkey).toContainText(`Also in: ${alsoIn.join(', ')}`);
      const europe = turkey.getByRole('link', { name: 'Europe+' });
      await expect(europe).toHaveAttribute(
        'href',
        hrefTo(paths.planDetails, planDetailsQuery({ kind: 'region', name: 'Europe+' })),
      );
      await europe.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Europe+ Packages' })).toBeVisible();
    });

    test('names a real country without a plan, with the regions that cover it', async ({
      page,
      request,
    }) => {
      const countries = await getJson<Country[]>(request, '/api/country/');
      expect(countries.map((country) => country.cou_iso)).not.toContain(unsold.iso);
      const coverage = await getJson<RegionCoverage[]>(request, regionCoverageApiPath.href());
      const covering = regionsCovering(coverage, unsold.iso);

      await page.goto('/');
      await searchBox(page).fill(unsold.query);
      const sentence = page.getByText(`We have no plan for ${unsold.name} yet.`);
      await expect(sentence).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'destination' })).toHaveText(
        `No destinations. We have no plan for ${unsold.name} yet`,
      );
      const notice = panel(page).locator('div', { has: sentence }).last();
      // The seeded catalogue covers no Kosovo in any region: the sentence stands alone.
      await expect(notice.getByRole('link')).toHaveText(covering);
      await expect(page.getByText('No country matches your search.')).toBeHidden();
    });

    test('announces the count, and Tab reaches the results', async ({ page }) => {
      await page.goto('/');
      await searchBox(page).fill('UK');
      const status = page.getByRole('status').filter({ hasText: 'destination' });
      await expect(status).toHaveText(/^\d+ destinations?$/);
      const count = await results(page).count();
      await expect(status).toHaveText(`${count} ${count === 1 ? 'destination' : 'destinations'}`);
      await expect(
        page.getByRole('heading', { level: 2, name: `${count} destinations match “UK”` }),
      ).toBeVisible();

      await searchBox(page).focus();
      await page.keyboard.press('Tab');
      await expect(firstResultLink(page)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('heading', { level: 1, name: /^United Kingdom Packages/ }),
      ).toBeVisible();
    });

    test('keeps the favourites until a search, and Countries clears the search', async ({
      page,
      request,
    }) => {
      const countries = await getJson<Country[]>(request, '/api/country/');
      const favourites = countries.filter((country) => country.cou_favorit);
      await page.goto('/');
      await expect(panel(page).getByRole('listitem')).toHaveCount(favourites.length);
      await searchBox(page).fill('Holland');
      await expect(page.getByRole('button', { name: 'View all' })).toBeHidden();
      await page.getByRole('tab', { name: 'Regions' }).click();
      await page.getByRole('tab', { name: 'Countries' }).click();
      await expect(searchBox(page)).toHaveValue('');
      await expect(panel(page).getByRole('listitem')).toHaveCount(favourites.length);
      await expect(page.getByRole('button', { name: 'View all' })).toBeVisible();
    });
  });
}

test('search results never make the landing scroll sideways at 320 px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/');
  for (const query of ['united', 'Turkiye', 'europe', unsold.query, 'Saint Vincent']) {
    await searchBox(page).fill(query);
    await expect(page.getByRole('status').filter({ hasText: 'destination' })).toBeAttached();
    await expect(
      panel(page)
        .getByText(/match|We have no plan/)
        .first(),
    ).toBeVisible();
    await noSidewaysScroll(page);
  }
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
