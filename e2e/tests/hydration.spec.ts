/**
 * React hydrates the pages the build prerendered (decision 0031): the markup it adopts must
 * be the markup it would render, or it throws it away and renders the whole root again,
 * reporting error #418 (text differs), #423 (recovered by rendering afresh) or #425 (text
 * content). Here the shop has no store pages, so the pages are served as the build rendered
 * them, and the console must stay free of React's errors: the landing in English (hydrated,
 * also in a year after the build's) and in Arabic (the Arabic index, hydrated; the English
 * one, for a stored choice the server did not know, cleared before the first paint and
 * rendered afresh), sign-in and the FAQ from their templates. And the HTML alone, before any
 * script, must already show the page.
 */
import type { Page } from '@playwright/test';
import { hrefTo, paths, planDetailsQuery } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { serveAsBuilt } from '../helpers/prerendered-landing';

const france = { kind: 'country', iso: 'FR', name: 'France' } as const;

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** React's production errors name their number and link to react.dev/errors. */
const REACT_ERROR = /Minified React error|react\.dev\/errors\/\d+/;

/** Every console error and uncaught error React reports while the page runs. */
function reactErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && REACT_ERROR.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`${error.message}\n${error.stack ?? ''}`));
  return errors;
}

/**
 * Opens `url` on the pages as the build wrote them and waits until the app is live (hydrated
 * or rendered afresh); the React errors reported meanwhile and after.
 */
async function openAsBuilt(page: Page, url: string): Promise<string[]> {
  const errors = reactErrors(page);
  await serveAsBuilt(page);
  await page.goto(url);
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  return errors;
}

const footerNote = (page: Page) => page.getByRole('contentinfo').getByText(/^©/);

test.describe('the prerendered landing hydrates without React errors', () => {
  test('in English: the HTML is adopted and its footer shows this year', async ({ page }) => {
    const errors = await openAsBuilt(page, '/');
    await expect(h1(page)).toHaveText('Choose your destination');
    await expect(h1(page)).toHaveAttribute('data-from-html', 'yes');
    await expect(footerNote(page)).toContainText(`© ${new Date().getFullYear()} `);
    await page.getByRole('searchbox').fill('Fran');
    await expect(page.getByRole('link', { name: /France/ }).first()).toBeVisible();
    expect(errors).toEqual([]);
    await expectAccessible(page);
  });

  test('in a later year than the build: the footer shows the later year, without a mismatch', async ({
    page,
  }) => {
    const later = new Date().getFullYear() + 3;
    await page.clock.setFixedTime(new Date(`${later}-03-14T10:00:00`));
    const errors = await openAsBuilt(page, '/');
    await expect(footerNote(page)).toContainText(`© ${later} `);
    expect(errors).toEqual([]);
    // Adopted, not thrown away: after a mismatch React renders the root again.
    await expect(h1(page)).toHaveAttribute('data-from-html', 'yes');
  });

  test('the FAQ comes from its template and is adopted; its questions then open', async ({
    page,
  }) => {
    const errors = await openAsBuilt(page, '/#/faq');
    await expect(h1(page)).toHaveText('Frequently Asked Questions');
    await expect(h1(page)).toHaveAttribute('data-from-html', 'yes');
    const question = page.getByRole('button', { name: /How does a .+ eSIM work\?/ });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(errors).toEqual([]);
  });

  test('a French choice is remembered for the server: the next visit’s HTML is French', async ({
    page,
  }) => {
    const errors = await openAsBuilt(page, '/');
    await page.getByRole('combobox', { name: 'Language' }).first().selectOption('fr');
    await expect(h1(page)).toHaveText('Choisissez votre destination');
    await page.reload();
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(h1(page)).toHaveText('Choisissez votre destination');
    await expect(h1(page)).toHaveAttribute('data-from-html', 'yes');
    expect(errors).toEqual([]);
  });

  test.describe('what a page will need is asked for before the scripts ask', () => {
    /** How many times the page asked for a path, and whether it was a preload's request. */
    function requestsOf(page: Page, pathname: string) {
      const seen: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === pathname) seen.push(request.url());
      });
      return seen;
    }

    for (const destination of [
      { name: 'a country', query: planDetailsQuery(france), api: '/api/plan/country/FR' },
      {
        name: 'a region',
        query: planDetailsQuery({ kind: 'region', name: 'Europe+' }),
        api: '/api/plan/region/Europe%2B',
      },
    ]) {
      test(`plan details of ${destination.name}: its plans once, by the preload, and its code`, async ({
        page,
      }) => {
        const plans = requestsOf(page, destination.api);
        const groups = requestsOf(page, '/api/plan/groups');
        await page.goto(`/${hrefTo(paths.planDetails, destination.query)}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Buy Now' }).first()).toBeVisible();
        await expect(
          page.locator(`link[rel="preload"][as="fetch"][href="${destination.api}"]`),
        ).toHaveCount(1);
        await expect(
          page.locator('link[rel="preload"][as="fetch"][href="/api/plan/groups"]'),
        ).toHaveCount(1);
        await expect(
          page.locator('link[rel="modulepreload"][href*="/assets/plan-details-page-"]'),
        ).toHaveCount(1);
        // Taken up by the page's own requests: each asked for once, not again by the app.
        expect(plans).toHaveLength(1);
        expect(groups).toHaveLength(1);
      });
    }
  });

  test.describe('before any script runs', () => {
    test('the HTML alone paints the landing, not the page fallback', async ({ page }) => {
      // The app's scripts never arrive: what shows is index.html and its one inline script.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/');
      await expect(h1(page)).toHaveText('Choose your destination');
      await expect(page.getByRole('searchbox')).toBeVisible();
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    });

    test('the HTML alone paints sign-in and the FAQ from their templates', async ({ page }) => {
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/#/sign-in');
      await expect(h1(page)).toHaveText(/^Sign In to .+ eSIM$/);
      await expect(page.getByRole('textbox', { name: /Email/ })).toBeVisible();
      await page.goto('/#/faq');
      await page.reload();
      await expect(h1(page)).toHaveText('Frequently Asked Questions');
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    });
  });

  test.describe('in Arabic', () => {
    test.use({ locale: 'ar-LB' });

    test('an Arabic browser is sent the Arabic HTML, and it is adopted', async ({ page }) => {
      const errors = await openAsBuilt(page, '/');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(h1(page)).toHaveText('اختر وجهتك');
      await expect(h1(page)).toHaveAttribute('data-from-html', 'yes');
      await page.getByRole('searchbox').fill('فرن');
      await expect(page.getByRole('link', { name: /فرنسا/ }).first()).toBeVisible();
      expect(errors).toEqual([]);
      await expectAccessible(page);
    });

    test('sign-in comes from its Arabic template, adopted, and takes an e-mail', async ({
      page,
    }) => {
      const errors = await openAsBuilt(page, '/#/sign-in');
      await expect(h1(page)).toHaveText(/^سجّل الدخول إلى .+ eSIM$/);
      await expect(h1(page)).toHaveAttribute('data-from-html', 'yes');
      const email = page.getByRole('textbox', { name: /البريد الإلكتروني/ });
      await email.fill('traveller@example.com');
      await expect(email).toHaveValue('traveller@example.com');
      expect(errors).toEqual([]);
      await expectAccessible(page);
    });
  });

  test.describe('a stored Arabic choice the server was not told of', () => {
    test('the English HTML is cleared and the Arabic landing renders without errors', async ({
      page,
    }) => {
      // A traveller who chose Arabic before the shop wrote the lang cookie: the server goes by
      // the browser's English, the page's own script by the stored choice.
      await page.addInitScript(() => {
        if (!document.cookie.includes('lang=')) window.localStorage.setItem('lang', 'ar');
      });
      const errors = await openAsBuilt(page, '/');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(h1(page)).toHaveText('اختر وجهتك');
      await expect(h1(page)).not.toHaveAttribute('data-from-html');
      await expect(footerNote(page)).toContainText(`© ${new Date().getFullYear()} `);
      expect(errors).toEqual([]);
      await expectAccessible(page);
    });
  });
});
