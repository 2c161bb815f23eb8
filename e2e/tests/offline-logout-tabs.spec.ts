/**
 * Issue 29, also found: two tabs of one account on the profile, and a logout in one of them
 * while the browser is offline. The other tab's session ends too, and it shows the signed-out
 * state, and the install card it was bringing up to date when the logout came is not written
 * back to the device for the next person, then or once the browser is online again.
 */
import type { Page } from '@playwright/test';
import { hrefTo, paths, profileApiPaths } from '@tern/contract';
import { expect, test } from '../fixtures';
import { savedAccounts } from '../helpers/offline-copy';
import { signUpAndBuy } from '../helpers/purchase';

test.use({ viewport: { width: 1280, height: 800 } });

const SAVED_LINE = /^Saved on this device for use offline at .+/;

/**
 * No copy lands on the device for a while: a write on its way takes milliseconds, so two
 * seconds of nothing means none is coming (what the test waits for is an absence).
 */
async function expectNoCopyFor(page: Page, milliseconds = 2_000): Promise<void> {
  const until = Date.now() + milliseconds;
  do {
    expect(await savedAccounts(page)).toEqual([]);
    await page.waitForTimeout(100);
  } while (Date.now() < until);
}

/** A promise and the function that settles it, for a moment the test decides. */
function signal(): { promise: Promise<void>; settle: () => void } {
  let settle = () => {};
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

test('a logout offline in one tab ends the other tab’s session and leaves no install card behind', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const buyer = await signUpAndBuy(page, request, { name: 'Sami Two Tabs' });
  await expect(page.getByText(SAVED_LINE)).toBeVisible({ timeout: 30_000 });
  expect(await savedAccounts(page)).toEqual([buyer.email.toLowerCase()]);

  // The second tab brings the copy up to date too; its usage reading, the last thing it
  // waits for before writing, is held until after the logout.
  const other = await context.newPage();
  const usageAsked = signal();
  const usageReleased = signal();
  await other.route(`**${profileApiPaths.esimBundles.href(buyer.iccid)}`, async (route) => {
    const response = await route.fetch();
    usageAsked.settle();
    await usageReleased.promise;
    // The tab may have given the request up meanwhile (its session ended): nothing to answer.
    await route.fulfill({ response }).catch(() => undefined);
  });
  await other.goto(`/${hrefTo(paths.profile)}`);
  await expect(
    other.getByRole('heading', { level: 1, name: `Welcome, ${buyer.name}` }),
  ).toBeVisible();
  await usageAsked.promise;

  // Offline, the first tab logs out: the browser forgets the account and its copy at once.
  await context.setOffline(true);
  for (const tab of [page, other]) {
    await expect.poll(() => tab.evaluate(() => navigator.onLine)).toBe(false);
  }
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(new RegExp(`#${paths.plan}$`));
  await expect.poll(() => savedAccounts(page)).toEqual([]);

  // The second tab's reading arrives after the logout: nothing of the account is written.
  usageReleased.settle();
  await expectNoCopyFor(other);

  // Its session ended too: the profile says so, the header offers Login.
  await expect(other.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
  await expect(other.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(
    other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
  await expect(other.getByText(buyer.iccid)).toHaveCount(0);

  // Back online (the token still alive on the server, which the logout could not tell), the
  // second tab stays signed out and writes nothing.
  await context.setOffline(false);
  await expect.poll(() => other.evaluate(() => navigator.onLine)).toBe(true);
  await expectNoCopyFor(other);
  await expect(other.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
});
