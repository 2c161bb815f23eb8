/**
 * The shell as a traveller meets it on a phone (390x844) and a laptop (1280x800): a
 * one-row header with a Menu on the phone and the links inline on the laptop, toasts that
 * leave the header's buttons free, app-store badges that go to the configured store pages,
 * and plan links in the spec's matrix form.
 */
import type { Locator, Page } from '@playwright/test';
import { hrefTo, orderMessages, paths, paymentPageTexts } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { APP_STORE_URL, PLAY_STORE_URL } from '../helpers/app-stores';
import { serveAsBuilt } from '../helpers/prerendered-landing';
import { franceUrl, signUp } from '../helpers/purchase';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const mainLinks = ['Plans', 'Support (FAQ)', 'Setup Guide', 'Contact Us'];

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const menuButton = (page: Page) => nav(page).getByRole('button', { name: 'Menu' });
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** The box of `locator` on screen; the test fails if it is not laid out. */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is on screen').not.toBeNull();
  return found ?? { x: 0, y: 0, width: 0, height: 0 };
}

type Box = Awaited<ReturnType<typeof box>>;
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('the header on a phone', () => {
  test.use({ viewport: PHONE });

  test('is one row with a Menu button that opens the main links and Login', async ({ page }) => {
    await page.goto('/');
    await expect(h1(page)).toHaveText('Choose your destination');
    const header = await box(page.getByRole('banner'));
    expect(header.height).toBeGreaterThanOrEqual(56);
    expect(header.height).toBeLessThanOrEqual(64);
    for (const name of [...mainLinks, 'Login']) {
      await expect(nav(page).getByRole('link', { name, exact: true })).toBeHidden();
    }

    const menu = menuButton(page);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    const panelId = await menu.getAttribute('aria-controls');
    expect(panelId).toBeTruthy();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`[id="${panelId}"]`);
    await expect(panel.getByRole('link')).toHaveText([...mainLinks, 'Login']);
    await expectAccessible(page);

    await panel.getByRole('link', { name: 'Setup Guide' }).click();
    await expect(h1(page)).toHaveText('eSIM Setup Guide');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();

    await menu.click();
    await panel.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(new RegExp(`#${paths.signIn}$`));
    await expect(panel).toBeHidden();
  });

  test('the menu closes on Escape and gives focus back to the Menu button', async ({ page }) => {
    await page.goto(`/${hrefTo(paths.faq)}`);
    const menu = menuButton(page);
    await menu.click();
    await page.keyboard.press('Tab');
    await expect(nav(page).getByRole('link', { name: 'Plans' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav(page).getByRole('link', { name: 'Plans' })).toBeHidden();
    await expect(menu).toBeFocused();
  });

  test('the menu closes when a link is opened from the address bar', async ({ page }) => {
    await page.goto(`/${hrefTo(paths.faq)}`);
    await menuButton(page).click();
    await page.goto(`/${hrefTo(paths.contactUs)}`);
    await expect(h1(page)).toHaveText("We're Here to Help You");
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('a signed-in traveller finds My Account and Logout in the menu', async ({
    page,
    request,
  }) => {
    const buyer = await signUp(page, request, 'Maya Nassar');
    await menuButton(page).click();
    await nav(page)
      .getByRole('link', { name: /My Account/ })
      .click();
    await expect(h1(page)).toHaveText(`Welcome, ${buyer.name}`);
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');

    await menuButton(page).click();
    await nav(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(new RegExp(`#${paths.plan}$`));
    await menuButton(page).click();
    await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('the first plan price shows within the first screen', async ({ page }) => {
    await page.goto(franceUrl);
    const price = page
      .getByRole('article')
      .first()
      .getByText(/^\$ \d/);
    await expect(price).toBeVisible();
    const { y, height } = await box(price);
    expect(y + height).toBeLessThanOrEqual(PHONE.height);
  });
});

test.describe('the header on a laptop', () => {
  test.use({ viewport: LAPTOP });

  test('shows the main links and Login in the row, with no Menu button', async ({ page }) => {
    await page.goto('/');
    for (const name of [...mainLinks, 'Login']) {
      await expect(nav(page).getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menuButton(page)).toBeHidden();
    const header = await box(page.getByRole('banner'));
    expect(header.height).toBeLessThanOrEqual(64);
  });
});

test.describe('toasts', () => {
  for (const [device, viewport] of [
    ['a phone', PHONE],
    ['a laptop', LAPTOP],
  ] as const) {
    test(`on ${device}, a toast leaves the header's buttons and the footer's links free`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const headerButton =
        device === 'a phone' ? menuButton(page) : nav(page).getByRole('link', { name: 'Login' });

      // Cancelling on the gateway's page comes back to the plans with a toast.
      await page.goto(`/${hrefTo(paths.paymentCancelled)}`);
      const toast = page.getByRole('status').filter({ hasText: paymentPageTexts.cancelled });
      await expect(toast).toBeVisible();
      const toastBox = await box(toast);
      expect(overlaps(toastBox, await box(headerButton))).toBe(false);
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(viewport.height);
      if (device === 'a phone') {
        expect(toastBox.width).toBeCloseTo(viewport.width - 32, 0);
      } else {
        expect(toastBox.width).toBeCloseTo(350, 0);
      }

      // On a short page the footer is in view: the toast stands above its links.
      await page.goto(`/${hrefTo(paths.checkout)}`);
      const alert = page.getByRole('alert').filter({ hasText: orderMessages.noPlanSelected });
      await expect(alert).toBeVisible();
      const alertBox = await box(alert);
      expect(overlaps(alertBox, await box(headerButton))).toBe(false);
      const footerControls = page.getByRole('contentinfo').locator('a, button');
      for (const control of await footerControls.all()) {
        const controlBox = await control.boundingBox();
        if (controlBox && controlBox.y < viewport.height) {
          expect(overlaps(alertBox, controlBox), await control.innerText()).toBe(false);
        }
      }
    });
  }
});

test.describe('the footer', () => {
  test('its badges link to the app store pages the shop names, in a new tab', async ({ page }) => {
    await page.goto('/');
    const app = page.getByRole('contentinfo').getByRole('region', { name: 'Get the app' });
    const appStore = app.getByRole('link', { name: /Download on the App Store/ });
    const googlePlay = app.getByRole('link', { name: /Get it on Google Play/ });
    await expect(appStore).toHaveAttribute('href', APP_STORE_URL);
    await expect(googlePlay).toHaveAttribute('href', PLAY_STORE_URL);
    await expect(appStore).toHaveAttribute('target', '_blank');
    await expect(appStore).toHaveAccessibleName('Download on the App Store (opens in a new tab)');
  });

  test('shows no badges where the shop names no store page', async ({ page }) => {
    // The page as a shop without APP_STORE_URL and PLAY_STORE_URL serves it.
    await page.route('**/', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<meta name="(app-store-url|play-store-url)" content="[^"]*"/g,
        '<meta name="$1" content=""',
      );
      await route.fulfill({ response, body });
    });
    await page.goto('/');
    await expect(h1(page)).toHaveText('Choose your destination');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('region', { name: 'Top Destinations' })).toBeVisible();
    await expect(footer.getByRole('region', { name: 'Get the app' })).toHaveCount(0);
    await expect(footer.getByRole('link', { name: /App Store|Google Play/ })).toHaveCount(0);
  });
});

test.describe('the landing prerendered at build time', () => {
  test('is hydrated where it matches, and its links and search then work', async ({ page }) => {
    // A shop without store pages serves the landing exactly as the build rendered it; a mark
    // on its heading tells the very node the HTML brought from one the app rendered afresh.
    await serveAsBuilt(page);
    await page.goto('/');
    const root = page.locator('#root');
    await expect(root).not.toHaveAttribute('inert');
    await expect(h1(page)).toHaveText('Choose your destination');
    await expect(h1(page)).toHaveAttribute('data-from-html', 'yes');

    // Alive: the search answers, and the footer's links lead where they say.
    await page.getByRole('searchbox').fill('Fran');
    await expect(page.getByRole('link', { name: /France/ }).first()).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(h1(page)).toHaveText('Privacy Policy');
  });

  test('is rendered afresh where the shop shows more than the build knew', async ({ page }) => {
    await page.route('**/', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('<h1 ', '<h1 data-from-html="yes" ');
      await route.fulfill({ response, body });
    });
    await page.goto('/');
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(h1(page)).toHaveText('Choose your destination');
    await expect(h1(page)).not.toHaveAttribute('data-from-html');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: /Download on the App Store/ })).toHaveAttribute(
      'href',
      APP_STORE_URL,
    );
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(h1(page)).toHaveText('Privacy Policy');
  });
});

test.describe("links in the spec's matrix form", () => {
  /** As Angular's router wrote a matrix value: percent-encoded, with ':' and ',' left as they are. */
  const angularEncoded = (value: string) =>
    encodeURIComponent(value).replaceAll('%3A', ':').replaceAll('%2C', ',');
  const franceObject = JSON.stringify({
    cou_id: 75,
    cou_iso: 'FR',
    cou_name: 'France',
    cou_favorit: 1,
  });

  test('a country link opens its plan page in the query form, and Back skips it', async ({
    page,
  }) => {
    await page.goto(`/${hrefTo(paths.faq)}`);
    await expect(h1(page)).toHaveText('Frequently Asked Questions');
    await page.goto(
      `/#${paths.planDetails};purchase_type=Regular;planType=Countries;data=${angularEncoded(franceObject)}`,
    );
    await expect(h1(page)).toHaveText('France Packages');
    const queryForm = hrefTo(paths.planDetails, {
      purchase_type: 'Regular',
      planType: 'Countries',
      data: franceObject,
    });
    expect(new URL(page.url()).hash).toBe(queryForm);
    await page.goBack();
    await expect(h1(page)).toHaveText('Frequently Asked Questions');
  });

  test('a region link typed without encoding opens on a first visit', async ({ page }) => {
    await page.goto(`/#${paths.planDetails};purchase_type=Regular;planType=Regions;data=Europe+`);
    await expect(h1(page)).toContainText('Europe');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Europe+');
    expect(new URL(page.url()).hash).toBe(
      hrefTo(paths.planDetails, { purchase_type: 'Regular', planType: 'Regions', data: 'Europe+' }),
    );
  });

  test('a top-up link keeps its ICCID, and a link without the hash works too', async ({ page }) => {
    const iccid = '8943108170000012345';
    await page.goto(
      `/plan-details;purchase_type=Topup;planType=Regions;data=Europe%2B;iccid=${iccid}`,
    );
    await expect(h1(page)).toContainText('Europe');
    await expect(page.getByText(`Top-up for eSIM ${iccid}`)).toBeVisible();
  });
});
