/**
 * The landing's destination search and lists as a traveller audit found them (issue 26,
 * points 13-15), in English, Arabic and French at 390x844 and 1280x800: a slip such as
 * "Frnace" is answered with "Did you mean France?", whose press shows France; names are
 * found in any of the three languages ("Allemagne" on the English page); region cards show
 * their whole name on a phone; the favourites are in the page language's alphabetical order.
 * Every test ends with axe on the page.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { type Country, hrefTo, type Language, paths, planDetailsQuery } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** What the page says in each language, as the locale files word it. */
const say = {
  en: {
    search: 'Search countries',
    countries: 'Countries',
    regions: 'Regions',
    france: 'France',
    didYouMean: (name: string) => `Did you mean ${name}?`,
  },
  ar: {
    search: 'ابحث عن دولة',
    countries: 'الدول',
    regions: 'المناطق',
    france: 'فرنسا',
    didYouMean: (name: string) => `هل تقصد ${name}؟`,
  },
  fr: {
    search: 'Rechercher un pays',
    countries: 'Pays',
    regions: 'Régions',
    france: 'France',
    didYouMean: (name: string) => `Vouliez-vous dire ${name}\u00a0?`,
  },
} as const satisfies Record<Language, unknown>;

/** Names in another language or an alias, with the country each must find first. */
const namesFromElsewhere = [
  { query: 'Allemagne', iso: 'DE' },
  { query: 'Angleterre', iso: 'GB' },
  { query: 'Hollande', iso: 'NL' },
  { query: 'السعوديه', iso: 'SA' },
  { query: 'دبي', iso: 'AE' },
  { query: 'امريكا', iso: 'US' },
  { query: 'Japon', iso: 'JP' },
];

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answers`).toBe(true);
  return (await response.json()) as T;
}

/** Opens the landing in the language, as a returning visitor who chose it. */
async function openLanding(page: Page, language: Language): Promise<void> {
  await page.addInitScript((code) => window.localStorage.setItem('lang', code), language);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

const countriesPanel = (page: Page, language: Language) =>
  page.getByRole('tabpanel', { name: say[language].countries });
const firstResultLink = (page: Page, language: Language) =>
  countriesPanel(page, language).getByRole('listitem').first().getByRole('link').first();
const countryHref = (iso: string, name: string) =>
  hrefTo(paths.planDetails, planDetailsQuery({ kind: 'country', iso, name }));

for (const viewport of viewports) {
  for (const language of ['en', 'ar', 'fr'] as const) {
    const words = say[language];
    test.describe(`the landing in ${language} at ${viewport.width}x${viewport.height}`, () => {
      test.use({ viewport });

      test('"Frnace" offers "Did you mean France?", and pressing it shows France', async ({
        page,
      }) => {
        await openLanding(page, language);
        const search = page.getByRole('searchbox', { name: words.search });
        await search.fill('Frnace');
        const suggestion = page.getByRole('button', { name: words.didYouMean(words.france) });
        await expect(suggestion).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: words.france })).toContainText(
          words.didYouMean(words.france),
        );
        await expectAccessible(page);

        await suggestion.click();
        await expect(search).toHaveValue(words.france);
        await expect(search).toBeFocused();
        await expect(firstResultLink(page, language)).toHaveText(words.france);
        await expect(firstResultLink(page, language)).toHaveAttribute(
          'href',
          countryHref('FR', 'France'),
        );
        await expect(suggestion).toBeHidden();
      });

      test('names in any of the three languages and aliases find their country', async ({
        page,
        request,
      }) => {
        const countries = await getJson<Country[]>(request, '/api/country/');
        const nameOf = new Map(countries.map((country) => [country.cou_iso, country.cou_name]));
        await openLanding(page, language);
        const search = page.getByRole('searchbox', { name: words.search });
        for (const { query, iso } of namesFromElsewhere) {
          await search.fill(query);
          await expect(
            firstResultLink(page, language),
            `first result for "${query}"`,
          ).toHaveAttribute('href', countryHref(iso, nameOf.get(iso) ?? ''));
        }
        if (language === 'en') {
          await search.fill('Allemagne');
          await expect(firstResultLink(page, language)).toHaveText('Germany');
        }
        await expectAccessible(page);
      });

      test('region cards show their whole name, without an ellipsis', async ({ page }) => {
        await openLanding(page, language);
        await page.getByRole('tab', { name: words.regions }).click();
        const panel = page.getByRole('tabpanel', { name: words.regions });
        const names = panel.getByRole('link').locator('span.font-semibold');
        await expect(names.first()).toBeVisible();
        const cut = await names.evaluateAll((elements) =>
          elements
            .filter((element) => {
              // Cut across (a name wider than its box) or ended with "…". Arabic letters reach
              // above their line box, which is no cut: their overflow shows.
              const style = getComputedStyle(element);
              return element.scrollWidth > element.clientWidth || style.textOverflow === 'ellipsis';
            })
            .map((element) => element.textContent),
        );
        expect(await names.count()).toBeGreaterThan(5);
        expect(cut, 'region names cut off').toEqual([]);
        await expectAccessible(page);
      });

      test('the favourites are in the alphabetical order of the page’s language', async ({
        page,
        request,
      }) => {
        const countries = await getJson<Country[]>(request, '/api/country/');
        const favourites = countries.filter((country) => country.cou_favorit);
        await openLanding(page, language);
        const links = countriesPanel(page, language).getByRole('list').getByRole('link');
        await expect(links).toHaveCount(favourites.length);
        const shown = (await links.allTextContents()).map((text) => text.trim());
        const collated = await page.evaluate(
          ({ names, code }) => [...names].sort(new Intl.Collator(code).compare),
          { names: shown, code: language },
        );
        expect(shown).toEqual(collated);
        await expectAccessible(page);
      });
    });
  }
}
