/**
 * Install first (issue 31): an eSIM not installed yet leads its card with "Install on this
 * phone": first the plain warning that the code works once and that deleting the eSIM loses
 * it, acknowledged once per eSIM on this device; then the one-tap link of the phone in hand
 * (an iPhone on iOS 17.4+ gets Apple's, an Android phone Android's), with the QR code offered
 * for installing on another device; a computer gets the QR code first and both links. Once
 * the simulator reports the profile installed, the card says "Installed" from the provider's
 * state. One run in Arabic, right to left; axe on each. Then the compatibility step's "Is your
 * phone unlocked?", answered No and found chosen again after a reload.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { type EsimDetailsView, hrefTo, paths, profileApiPaths } from '@tern/contract';
import jsQR from 'jsqr';
import { expect, expectAccessible, test } from '../fixtures';
import { franceUrl, type Purchase, signUpAndBuy } from '../helpers/purchase';

test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

const ONCE_ONLY = /The install link and the QR code work once/;
const DELETE_LOSES = /Do not delete the eSIM from your phone: a deleted eSIM is lost/;
const UNDERSTAND = 'I understand, show install';

let buyer: Purchase;
let details: EsimDetailsView;

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: PHONE });
  const page = await context.newPage();
  buyer = await signUpAndBuy(page, context.request, { name: 'Maya Saad' });
  const answer = await context.request.get(profileApiPaths.esimDetails.href(buyer.iccid), {
    headers: { authorization: `Bearer ${buyer.token}` },
  });
  expect(answer.ok()).toBe(true);
  details = (await answer.json()) as EsimDetailsView;
  expect(details.profileStatus).toBe('Released');
  await context.close();
});

/** A device of its own (its own storage: the warning not read yet), signed in as the buyer. */
async function deviceWith(
  browser: Browser,
  options: { userAgent?: string; viewport: { width: number; height: number }; lang?: 'ar' },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: options.viewport,
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  const page = await context.newPage();
  await page.addInitScript(
    ({ client, lang }) => {
      if (lang) window.localStorage.setItem('lang', lang);
      if (window.sessionStorage.getItem('seeded')) return;
      window.sessionStorage.setItem('seeded', 'yes');
      window.localStorage.setItem('cli_token', client.token);
      window.localStorage.setItem('cli_email', client.email);
      window.localStorage.setItem('cli_name', client.name);
      window.localStorage.setItem('cli_mobile', client.mobile);
    },
    { client: buyer, lang: options.lang },
  );
  return page;
}

async function openProfile(page: Page, welcome = `Welcome, ${buyer.name}`): Promise<Locator> {
  await page.goto(`/${hrefTo(paths.profile)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(welcome);
  return page.getByRole('article').filter({ hasText: buyer.iccid });
}

/** The image as the page shows it, read back through a canvas and decoded as a camera would. */
async function decodeShownQr(image: Locator): Promise<string> {
  const { width, height, pixels } = await image.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d');
    context?.drawImage(img, 0, 0);
    const data = context?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
    return { width: canvas.width, height: canvas.height, pixels: Array.from(data) };
  });
  return jsQR(new Uint8ClampedArray(pixels), width, height)?.data ?? '';
}

/** Before anything to install with: the warning, and no link or QR code in the card. */
async function expectWarningFirst(card: Locator) {
  await expect(card.getByText(ONCE_ONLY)).toBeVisible();
  await expect(card.getByText(DELETE_LOSES)).toBeVisible();
  await expect(card.getByRole('link', { name: /Install on/ })).toHaveCount(0);
  await expect(card.getByRole('img')).toHaveCount(0);
}

test('an iPhone: the warning, then the iPhone one-tap link, the QR code for another device', async ({
  browser,
}) => {
  const page = await deviceWith(browser, { userAgent: IPHONE_UA, viewport: PHONE });
  const card = await openProfile(page);
  const install = card.getByRole('region', { name: 'Install on this phone' });
  await expect(install).toBeVisible();
  await expectWarningFirst(card);
  await expectAccessible(page);

  await install.getByRole('button', { name: UNDERSTAND }).click();
  const link = install.getByRole('link', { name: /^Install on this iPhone/ });
  await expect(link).toHaveAttribute('href', details.links.ios);
  expect(details.links.ios).toContain('esimsetup.apple.com');
  await expect(install.getByRole('link', { name: /Android/ })).toHaveCount(0);

  const other = install.getByRole('button', { name: 'QR code for installing on another device' });
  await expect(other).toHaveAttribute('aria-expanded', 'false');
  await other.click();
  await expect(other).toHaveAttribute('aria-expanded', 'true');
  const qr = install.getByRole('img', { name: `QR code to install eSIM ${buyer.iccid}` });
  await expect(qr).toBeVisible();
  expect(await decodeShownQr(qr)).toBe(details.lpa);
  await expectAccessible(page);

  // Read once on this device: the next visit goes straight to the link.
  await page.reload();
  await expect(card.getByRole('link', { name: /^Install on this iPhone/ })).toBeVisible();
  await expect(card.getByRole('button', { name: UNDERSTAND })).toHaveCount(0);
  await page.context().close();
});

test('an Android phone: the warning, then the Android one-tap link only', async ({ browser }) => {
  const page = await deviceWith(browser, { userAgent: ANDROID_UA, viewport: PHONE });
  const card = await openProfile(page);
  const install = card.getByRole('region', { name: 'Install on this phone' });
  await expectWarningFirst(card);
  await install.getByRole('button', { name: UNDERSTAND }).click();
  await expect(
    install.getByRole('link', { name: /^Install on this Android phone/ }),
  ).toHaveAttribute('href', details.links.android);
  await expect(install.getByRole('link', { name: /iPhone/ })).toHaveCount(0);
  await expect(
    install.getByRole('button', { name: 'QR code for installing on another device' }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.context().close();
});

test('a computer: the warning, then the QR code first and both links', async ({ browser }) => {
  const page = await deviceWith(browser, { viewport: LAPTOP });
  const card = await openProfile(page);
  const install = card.getByRole('region', { name: 'Install on your phone' });
  await expectWarningFirst(card);
  // The QR Code dialog asks the same, before its code and links.
  await card.getByRole('button', { name: /^QR Code/ }).click();
  const dialog = page.getByRole('dialog', { name: 'QR Code' });
  await expect(dialog.getByText(ONCE_ONLY)).toBeVisible();
  await expect(dialog.getByRole('img')).toHaveCount(0);
  await expect(dialog.getByRole('link')).toHaveCount(0);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  await install.getByRole('button', { name: UNDERSTAND }).click();
  const qr = install.getByRole('img', { name: `QR code to install eSIM ${buyer.iccid}` });
  await expect(qr).toBeVisible();
  // 250 px where the card has room (spec section 9).
  await expect(qr).toHaveCSS('width', '250px');
  expect(await decodeShownQr(qr)).toBe(details.lpa);
  const iphone = install.getByRole('link', { name: /^Install on iPhone \(iOS 17\.4\+\)/ });
  const android = install.getByRole('link', { name: /^Install on Android/ });
  await expect(iphone).toHaveAttribute('href', details.links.ios);
  await expect(android).toHaveAttribute('href', details.links.android);
  // The QR code first: above the links.
  const qrBox = await qr.boundingBox();
  const linkBox = await iphone.boundingBox();
  expect((qrBox?.y ?? 0) < (linkBox?.y ?? 0)).toBe(true);
  await expectAccessible(page);
  await page.context().close();
});

test('in Arabic on an iPhone: the warning and the link, right to left', async ({ browser }) => {
  const page = await deviceWith(browser, { userAgent: IPHONE_UA, viewport: PHONE, lang: 'ar' });
  const card = await openProfile(page, `مرحبًا، ${buyer.name}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const install = card.getByRole('region', { name: 'التثبيت على هذا الهاتف' });
  await expect(
    install.getByRole('region', { name: 'قبل التثبيت: هذا الرمز يعمل مرة واحدة فقط' }),
  ).toBeVisible();
  await expect(install.getByText(/الشريحة المحذوفة تضيع/)).toBeVisible();
  await expect(install.getByRole('link')).toHaveCount(0);
  await expectAccessible(page);

  await install.getByRole('button', { name: 'فهمت، اعرض طريقة التثبيت' }).click();
  await expect(install.getByRole('link', { name: /^التثبيت على هذا الـ iPhone/ })).toHaveAttribute(
    'href',
    details.links.ios,
  );
  await expect(install).not.toContainText(/\b(Install|understand|QR code for)\b/);
  // The section starts the reading way: its heading at the card's right edge.
  const heading = await install.getByRole('heading').boundingBox();
  const box = await install.boundingBox();
  expect(
    (box?.x ?? 0) + (box?.width ?? 0) - ((heading?.x ?? 0) + (heading?.width ?? 0)),
  ).toBeLessThan(30);
  await expectAccessible(page);
  await page.context().close();
});

test('once the phone installed it, the card says Installed, from the provider', async ({
  browser,
}) => {
  const page = await deviceWith(browser, { userAgent: IPHONE_UA, viewport: PHONE });
  const card = await openProfile(page);
  await expect(card.getByRole('region', { name: 'Install on this phone' })).toBeVisible();
  await expect(card.getByText('Installed', { exact: true })).toHaveCount(0);
  // Tapping the link is not installing: nothing changes until the provider says so.
  await card.getByRole('button', { name: UNDERSTAND }).click();
  await expect(card.getByText('Installed', { exact: true })).toHaveCount(0);

  // The phone installs the profile (the simulator plays it), and the traveller comes back to
  // the tab: the card asks the provider again.
  const installed = await page.request.post(
    `/_sandbox/esimgo/control/esims/${buyer.iccid}/status`,
    { data: { profileStatus: 'Installed' } },
  );
  expect(installed.ok(), await installed.text()).toBe(true);
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect(card.getByText('✓Installed')).toBeVisible();
  await expect(card.getByRole('region', { name: 'Install on this phone' })).toHaveCount(0);
  await expectAccessible(page);

  // And after a reload, as the provider still says.
  await page.reload();
  await expect(card.getByText('✓Installed')).toBeVisible();
  await expect(card.locator('dd').filter({ hasText: /^Installed$/ })).toHaveCount(1);
  await expect(card.getByText(ONCE_ONLY)).toHaveCount(0);
  await expectAccessible(page);
  await page.context().close();
});

test('the compatibility step asks whether the phone is unlocked and remembers the answer', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(franceUrl);
  await page.getByRole('button', { name: 'Buy Now' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Is your phone eSIM compatible?' });
  const question = dialog.getByRole('group', { name: 'Is your phone unlocked?' });
  await expect(question).toBeVisible();
  await expect(question).toContainText('"No SIM restrictions" means your iPhone is unlocked.');
  await expect(question).toContainText('Android: there is no single setting on every model.');
  for (const name of ['Yes', 'No', 'Not sure']) {
    await expect(question.getByRole('radio', { name, exact: true })).not.toBeChecked();
  }
  await question.getByRole('radio', { name: 'No', exact: true }).check();
  const warning = dialog.getByText(/This eSIM will not work on a locked phone/);
  await expect(warning).toBeVisible();
  const proceed = dialog.getByRole('button', { name: 'Proceed' });
  await expect(proceed).toBeVisible();
  await expect(proceed).toHaveAccessibleDescription(/will not work on a locked phone/);
  await expectAccessible(page);

  await page.reload();
  await page.getByRole('button', { name: 'Buy Now' }).first().click();
  await expect(question.getByRole('radio', { name: 'No', exact: true })).toBeChecked();
  await expect(warning).toBeVisible();
  await question.getByRole('radio', { name: 'Yes' }).check();
  await expect(warning).toHaveCount(0);
  await page.reload();
  await page.getByRole('button', { name: 'Buy Now' }).first().click();
  await expect(question.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await expectAccessible(page);
});
