/**
 * The operators' console (issue 30) as the shop's staff meet it: an operator signs in with the
 * e-mailed code and an authenticator enrolled on the spot, finds a buyer's order by its ICCID,
 * reads its timeline and refunds it, and the buyer's profile shows the refund; a viewer sees
 * the same order with no action; in Arabic the console reads right to left on a phone. The
 * console's code is never cached by the service worker. Screenshots: docs/screenshots/ops-*.
 */
import type { Browser, Page } from '@playwright/test';
import { hrefTo, paths } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { type ConsoleLabels, firstSignIn, operators } from '../helpers/console';
import { signUpAndBuy } from '../helpers/purchase';

const consoleUrl = `/${hrefTo(paths.ops)}`;

/** Every address the page's caches (the service worker's) hold. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = await caches.keys();
    const urls = await Promise.all(
      names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)),
    );
    return urls.flat();
  });
}

async function consolePage(browser: Browser, viewport: { width: number; height: number }) {
  // Service workers allowed, as in a real browser: the test looks at what the worker caches.
  const context = await browser.newContext({
    viewport,
    baseURL: process.env.E2E_BASE_URL,
    serviceWorkers: 'allow',
  });
  return context.newPage();
}

/** A screenshot of a console page for docs/screenshots (issue 30: one of each page). */
function shot(page: Page, name: string, size = 'en-1280x800') {
  return page.screenshot({ path: `../docs/screenshots/ops-${name}-${size}.png`, fullPage: true });
}

async function findOrder(page: Page, iccid: string, search = 'Search orders', button = 'Search') {
  await page.getByRole('searchbox', { name: search }).fill(iccid);
  await page.getByRole('button', { name: button, exact: true }).click();
}

test('an operator finds an order by its ICCID, reads its timeline and refunds it; the buyer sees the refund', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const buyer = await signUpAndBuy(page, request, { name: 'Maya Haddad' });

  const ops = await consolePage(browser, { width: 1280, height: 800 });
  await ops.goto(consoleUrl);
  await expect(ops.getByRole('heading', { level: 1, name: 'Tern console' })).toBeVisible();
  await expectAccessible(ops);
  await shot(ops, 'sign-in');
  await firstSignIn(ops, request, operators.lead);
  await expect(ops.getByText(/^Signed in as .*ops-lead@tern\.test.* \(operator\)$/)).toBeVisible();

  await findOrder(ops, buyer.iccid);
  const row = ops.getByRole('row').filter({ hasText: buyer.iccid });
  await expect(row).toHaveCount(1);
  await expectAccessible(ops);
  await shot(ops, 'orders');
  await row.getByRole('link').click();

  const timeline = ops.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('row')).not.toHaveCount(1);
  await expectAccessible(ops);
  await shot(ops, 'order');

  await ops.getByRole('button', { name: 'Refund in full' }).click();
  const dialog = ops.getByRole('dialog', { name: 'Confirm' });
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByLabel('Reason for the refund').fill('Buyer wrote in: trip cancelled');
  await expectAccessible(ops);
  await dialog.getByRole('button', { name: 'Yes, go ahead' }).click();
  await expect(ops.getByText(/^Done\. The order is now /)).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();

  // The audit log holds the refund, with its reason and the operator.
  await ops.getByRole('link', { name: 'Audit log' }).click();
  const refundEntry = ops.getByRole('row').filter({ hasText: 'trip cancelled' });
  await expect(refundEntry).toContainText(operators.lead);
  await expectAccessible(ops);
  await shot(ops, 'audit');

  // The buyer, coming back to their profile (a fresh load, not the page the purchase left
  // open), sees the eSIM refunded.
  await page.goto(`/${hrefTo(paths.profile)}`);
  await page.reload();
  const card = page.getByRole('article').filter({ hasText: buyer.iccid });
  await expect(card.getByText(/^Refunded on /)).toBeVisible({ timeout: 30_000 });

  // The buyer's account in the console holds the refund, and the catalogue prices a markup.
  await ops.getByRole('link', { name: 'Customers' }).click();
  await ops.getByRole('searchbox', { name: 'Search accounts' }).fill(buyer.email);
  await ops.getByRole('button', { name: 'Search', exact: true }).click();
  await ops.getByRole('link', { name: buyer.email }).click();
  await expect(ops.getByRole('cell', { name: buyer.reference }).first()).toBeVisible();
  await expectAccessible(ops);
  await shot(ops, 'customer');
  await ops.getByRole('link', { name: 'Catalogue' }).click();
  await ops.getByRole('button', { name: 'Preview prices' }).click();
  await expect(ops.getByText(/^Prices with \d+% markup/)).toBeVisible();
  await expectAccessible(ops);
  await shot(ops, 'catalogue');

  // The console's other sections, each readable by everyone (axe).
  await ops.getByRole('link', { name: 'Reconciliation' }).click();
  await expect(
    ops.getByRole('heading', { name: /^Provider orders no shop order claims/ }),
  ).toBeVisible();
  await expectAccessible(ops);
  await shot(ops, 'reconciliation');
  await ops.getByRole('link', { name: 'Money' }).click();
  await expect(ops.getByRole('button', { name: 'Download the figures (CSV)' })).toBeVisible();
  const country = ops.getByRole('table').filter({ hasText: 'By country' });
  await expect(country.getByRole('rowheader', { name: 'France' })).toBeVisible();
  const csv = ops.waitForEvent('download');
  await ops.getByRole('button', { name: 'Download the figures (CSV)' }).click();
  expect((await csv).suggestedFilename()).toMatch(/^tern-money-\d{4}-\d{2}-\d{2}-to-/);
  await expectAccessible(ops);
  await shot(ops, 'money');
  await ops.getByRole('link', { name: 'Health' }).click();
  await expect(ops.getByRole('img', { name: 'Orders per hour' })).toBeVisible();
  await expect(ops.getByText('Database', { exact: true })).toBeVisible();
  await expectAccessible(ops);
  await shot(ops, 'health');
  await ops.getByRole('link', { name: 'Background jobs' }).click();
  await expect(ops.getByRole('cell', { name: /\d+:\d+:\d+ UTC$/ }).first()).toBeVisible();
  await expectAccessible(ops);
  await shot(ops, 'jobs');
  await ops.context().close();
});

test('a viewer sees an order and its timeline, with no action to take', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const buyer = await signUpAndBuy(page, request, { name: 'Omar Saleh' });
  const ops = await consolePage(browser, { width: 1280, height: 800 });
  await ops.goto(consoleUrl);
  await firstSignIn(ops, request, operators.viewer);
  await findOrder(ops, buyer.iccid);
  await ops.getByRole('row').filter({ hasText: buyer.iccid }).getByRole('link').click();
  await expect(ops.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await expect(ops.getByText('Your role can look but not act')).toBeVisible();
  await expect(ops.getByRole('button', { name: 'Refund in full' })).toHaveCount(0);
  await expect(ops.getByRole('button', { name: 'Retry fulfilment' })).toHaveCount(0);
  await expect(ops.getByRole('button', { name: 'Resend the eSIM e-mail' })).toHaveCount(0);
  // Asked directly, the server refuses the viewer too.
  const token = await ops.evaluate(
    () => JSON.parse(sessionStorage.getItem('tern.ops.session') ?? '{}').token as string,
  );
  const refused = await request.post(`/api/ops/orders/${buyer.reference}/retry`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);
  await ops.context().close();
});

const arabicLabels: ConsoleLabels = {
  email: 'البريد الإلكتروني',
  sendCode: 'أرسل لي رمزاً',
  code: 'الرمز الوارد في البريد',
  totp: 'الرمز من تطبيق المصادقة، أو رمز استرداد',
  signIn: 'تسجيل الدخول',
  kept: 'لقد حفظتها',
};

test('in Arabic on a phone the console reads right to left, and its code is never cached', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const buyer = await signUpAndBuy(page, request, { name: 'Rana Aziz' });
  const ops = await consolePage(browser, { width: 390, height: 844 });
  await ops.goto(consoleUrl);
  await ops.getByLabel('Language').selectOption('ar');
  await expect(ops.getByRole('heading', { level: 1, name: 'لوحة تيرن' })).toBeVisible();
  await expect(ops.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectAccessible(ops);
  await firstSignIn(ops, request, operators.arabic, arabicLabels);

  await findOrder(ops, buyer.iccid, 'ابحث في الطلبات', 'بحث');
  await ops.getByRole('row').filter({ hasText: buyer.iccid }).getByRole('link').click();
  await expect(ops.getByRole('region', { name: 'التسلسل الزمني' })).toBeVisible();
  await expect(ops.getByRole('button', { name: 'استرداد كامل' })).toBeVisible();
  // Nothing wider than the phone: the tables scroll inside their own box.
  const overflow = await ops.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(ops);
  await shot(ops, 'order', 'ar-390x844');

  // The console's chunks came from the server, and the worker's precache names none of them.
  const consoleScripts = await ops.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /\/assets\/ops-[^/]+\.js$/.test(path)),
  );
  expect(consoleScripts.length).toBeGreaterThan(0);
  const worker = await (await request.get('/sw.js')).text();
  expect(worker).toContain('assets/');
  for (const script of consoleScripts) expect(worker).not.toContain(script.slice(1));
  // Once the worker has filled its cache with the shop's scripts, none of them is the console's.
  await ops.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(async () => (await cachedUrls(ops)).filter((url) => url.includes('/assets/')).length)
    .toBeGreaterThan(0);
  const cached = await cachedUrls(ops);
  expect(cached.filter((url) => url.includes('/assets/ops-') || url.includes('/api/ops'))).toEqual(
    [],
  );
  await ops.context().close();
});
